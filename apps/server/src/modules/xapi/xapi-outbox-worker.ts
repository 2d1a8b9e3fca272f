// The background worker of the xAPI outbox: claims due statements in batches, POSTs them to the LRS's
// /statements resource, and records the outcome: delivered, retried later with exponential back-off and jitter,
// or (a 4xx other than 408/429 for the statement alone) rejected and kept. Nothing undelivered is deleted, so an
// LRS outage loses nothing: the statements wait in the database until the LRS answers again. Delivered statements
// are deleted after XAPI_DELIVERED_RETENTION_DAYS (the LRS has them; the events stay in analytics_events).
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { XapiConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { XAPI_VERSION } from './xapi-statement.ts';
import type { ClaimedStatement, XapiOutboxRepository } from './xapi-outbox.repository.ts';

export const XAPI_BATCH_SIZE = 50;
export const XAPI_POLL_INTERVAL_MS = 2_000;
/** A claim older than this belongs to a worker that died; its statements are taken over. */
export const XAPI_CLAIM_LEASE_MS = 60_000;
export const XAPI_REQUEST_TIMEOUT_MS = 15_000;
export const XAPI_RETRY_BASE_MS = 5_000;
export const XAPI_RETRY_MAX_MS = 60 * 60_000;
/** Delivered statements are kept this long (a look at what was sent), then deleted by the worker. */
export const XAPI_DELIVERED_RETENTION_DAYS = 30;
/** How often the worker deletes expired delivered statements, and how many per statement. */
export const XAPI_PURGE_INTERVAL_MS = 60 * 60_000;
export const XAPI_PURGE_BATCH = 1_000;

/**
 * The wait before attempt `attempts + 1`: 5 s doubling per failed attempt up to an hour, of which a random half is
 * jitter, so that many instances coming back after an outage do not all knock at once.
 */
export function retryDelayMs(attempts: number, random: () => number): number {
  const ceiling = Math.min(XAPI_RETRY_MAX_MS, XAPI_RETRY_BASE_MS * 2 ** Math.min(attempts, 20));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * 4xx answers that are no verdict on the statements, so they are retried like a 5xx: "not now" (408, 429), and
 * "not you" or "not here" (401, 403, 404: the credentials or the endpoint are wrong, a setting to fix; rejecting
 * would throw away every statement until someone notices). Any other 4xx refuses the statement itself.
 */
const RETRIED_CLIENT_ERRORS = new Set([401, 403, 404, 408, 429]);

export interface DeliveryReport {
  delivered: number;
  retried: number;
  rejected: number;
}

export interface XapiOutboxWorker {
  start(): void;
  /** Delivers everything due now (in batches) and resolves when done; what the poll runs. */
  deliverDue(): Promise<DeliveryReport>;
  /** Deletes the statements delivered more than the retention ago; how many. The poll runs it hourly. */
  purgeDelivered(): Promise<number>;
  stop(): Promise<void>;
}

type Outcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  | { kind: 'rejected'; error: string };

export function createXapiOutboxWorker(deps: {
  repository: XapiOutboxRepository;
  config: XapiConfig;
  clock: Clock;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  random?: () => number;
  batchSize?: number;
}): XapiOutboxWorker {
  const { repository, config, clock, log } = deps;
  const fetchImpl = deps.fetch ?? fetch;
  const random = deps.random ?? Math.random;
  const batchSize = deps.batchSize ?? XAPI_BATCH_SIZE;
  const workerId = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  const authorization = config.credentials
    ? `Basic ${Buffer.from(`${config.credentials.username}:${config.credentials.password}`).toString('base64')}`
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<DeliveryReport> | undefined;
  let stopping = false;

  async function post(batch: ClaimedStatement[]): Promise<Outcome> {
    let response: Response;
    try {
      response = await fetchImpl(`${config.endpoint}/statements`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-experience-api-version': XAPI_VERSION,
          ...(authorization ? { authorization } : {}),
        },
        body: `[${batch.map((row) => row.statement).join(',')}]`,
        redirect: 'manual',
        signal: AbortSignal.timeout(XAPI_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      return { kind: 'retry', error: `LRS unreachable: ${String(error)}`.slice(0, 1000) };
    }
    const text = await response.text().catch(() => '');
    if (response.status === 200 || response.status === 204) return { kind: 'delivered' };
    const error = `HTTP ${response.status}${text ? `: ${text.slice(0, 900)}` : ''}`;
    if (
      response.status >= 400 &&
      response.status < 500 &&
      !RETRIED_CLIENT_ERRORS.has(response.status)
    ) {
      return { kind: 'rejected', error };
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      kind: 'retry',
      error,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
    };
  }

  async function record(
    batch: ClaimedStatement[],
    outcome: Outcome,
    report: DeliveryReport,
  ): Promise<void> {
    const now = clock.now();
    if (outcome.kind === 'delivered') {
      await repository.markDelivered(
        batch.map((row) => row.id),
        workerId,
        now.toISOString(),
      );
      report.delivered += batch.length;
      return;
    }
    for (const row of batch) {
      if (outcome.kind === 'rejected') {
        await repository.markRejected(row.id, workerId, outcome.error, now.toISOString());
        report.rejected += 1;
        log.warn({ statementId: row.id, error: outcome.error }, 'LRS rejected an xAPI statement');
      } else {
        const delay = Math.max(retryDelayMs(row.attempts, random), outcome.retryAfterMs ?? 0);
        await repository.markRetry(row.id, workerId, {
          nextAttemptAt: new Date(now.getTime() + delay).toISOString(),
          error: outcome.error,
        });
        report.retried += 1;
      }
    }
  }

  async function deliverBatch(batch: ClaimedStatement[], report: DeliveryReport): Promise<void> {
    const outcome = await post(batch);
    if (outcome.kind === 'rejected' && batch.length > 1) {
      // The LRS refuses a whole batch for one bad statement: each alone finds out which.
      for (const row of batch) await record([row], await post([row]), report);
      return;
    }
    if (outcome.kind === 'retry') {
      log.warn(
        { count: batch.length, error: outcome.error },
        'LRS did not take xAPI statements; retrying later',
      );
    }
    await record(batch, outcome, report);
  }

  async function deliverDue(): Promise<DeliveryReport> {
    const report: DeliveryReport = { delivered: 0, retried: 0, rejected: 0 };
    while (!stopping) {
      const now = clock.now();
      const batch = await repository.claimDue({
        workerId,
        now: now.toISOString(),
        staleBefore: new Date(now.getTime() - XAPI_CLAIM_LEASE_MS).toISOString(),
        limit: batchSize,
      });
      if (batch.length === 0) break;
      await deliverBatch(batch, report);
    }
    return report;
  }

  async function purgeDelivered(): Promise<number> {
    const before = new Date(
      clock.now().getTime() - XAPI_DELIVERED_RETENTION_DAYS * 24 * 60 * 60_000,
    ).toISOString();
    let total = 0;
    for (;;) {
      const deleted = await repository.purgeDelivered(before, XAPI_PURGE_BATCH);
      total += deleted;
      if (deleted < XAPI_PURGE_BATCH || stopping) return total;
    }
  }

  let lastPurge = 0;
  async function pollOnce(): Promise<DeliveryReport> {
    const report = await deliverDue();
    const now = clock.now().getTime();
    if (now - lastPurge >= XAPI_PURGE_INTERVAL_MS) {
      lastPurge = now;
      await purgeDelivered();
    }
    return report;
  }

  function poll(): void {
    if (running || stopping) return;
    running = pollOnce()
      .catch((error: unknown) => {
        // The database is unreachable or similar: the next poll tries again.
        log.error({ err: error }, 'xAPI outbox worker failed');
        return { delivered: 0, retried: 0, rejected: 0 };
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (timer || stopping) return;
      timer = setInterval(poll, XAPI_POLL_INTERVAL_MS);
      timer.unref();
      poll();
    },
    deliverDue,
    purgeDelivered,
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
