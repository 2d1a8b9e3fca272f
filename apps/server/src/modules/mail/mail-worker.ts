// The background worker of the mail outbox: claims due mails, sends each over SMTP with nodemailer, and records
// the outcome: sent, retried later with exponential back-off and jitter (server unreachable, timeouts, 4xx
// replies), or failed and kept (a 5xx reply: the server refuses this mail for good). Nothing is deleted until the
// retention of sent mails, so a mail server outage loses nothing.
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { ClaimedMail, MailOutboxRepository } from './mail-outbox.repository.ts';

export const MAIL_BATCH_SIZE = 20;
export const MAIL_POLL_INTERVAL_MS = 2_000;
/** A claim older than this belongs to a worker that died; its mails are taken over. */
export const MAIL_CLAIM_LEASE_MS = 5 * 60_000;
export const MAIL_RETRY_BASE_MS = 10_000;
export const MAIL_RETRY_MAX_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The wait before attempt `attempts + 1`: 10 s doubling up to an hour, of which a random half is jitter. */
export function mailRetryDelayMs(attempts: number, random: () => number): number {
  const ceiling = Math.min(MAIL_RETRY_MAX_MS, MAIL_RETRY_BASE_MS * 2 ** Math.min(attempts, 20));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface MailDeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorker {
  start(): void;
  /** Sends everything due now and resolves when done; what the poll runs. */
  deliverDue(): Promise<MailDeliveryReport>;
  stop(): Promise<void>;
}

type Outcome =
  { kind: 'sent' } | { kind: 'retry'; error: string } | { kind: 'failed'; error: string };

/** nodemailer's errors carry the SMTP reply code when the server answered. */
function outcomeOf(error: unknown): Outcome {
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  const message = String((error as { message?: unknown } | null)?.message ?? error).slice(0, 1000);
  if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) {
    return { kind: 'failed', error: message };
  }
  return { kind: 'retry', error: message };
}

export function createMailWorker(deps: {
  repository: MailOutboxRepository;
  config: MailConfig & { smtpUrl: string };
  clock: Clock;
  log: FastifyBaseLogger;
  random?: () => number;
  batchSize?: number;
}): MailWorker {
  const { repository, config, clock, log } = deps;
  const random = deps.random ?? Math.random;
  const batchSize = deps.batchSize ?? MAIL_BATCH_SIZE;
  const workerId = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  // One connection per message (no pool): a server that restarts between mails costs nothing.
  const url = new URL(config.smtpUrl);
  const transport: Transporter = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }
      : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<MailDeliveryReport> | undefined;
  let stopping = false;
  let lastPurge = 0;

  async function send(mail: ClaimedMail): Promise<Outcome> {
    try {
      await transport.sendMail({
        from: config.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        ...(mail.headers ? { headers: JSON.parse(mail.headers) as Record<string, string> } : {}),
      });
      return { kind: 'sent' };
    } catch (error) {
      return outcomeOf(error);
    }
  }

  async function deliverDue(): Promise<MailDeliveryReport> {
    const report: MailDeliveryReport = { sent: 0, retried: 0, failed: 0 };
    while (!stopping) {
      const now = clock.now();
      const batch = await repository.claimDue({
        workerId,
        now: now.toISOString(),
        staleBefore: new Date(now.getTime() - MAIL_CLAIM_LEASE_MS).toISOString(),
        limit: batchSize,
      });
      if (batch.length === 0) break;
      for (const mail of batch) {
        const outcome = await send(mail);
        const at = clock.now();
        if (outcome.kind === 'sent') {
          await repository.markSent(mail.id, workerId, at.toISOString());
          report.sent += 1;
        } else if (outcome.kind === 'failed') {
          await repository.markFailed(mail.id, workerId, outcome.error);
          report.failed += 1;
          log.warn({ mailId: mail.id, error: outcome.error }, 'SMTP server refused a mail');
        } else {
          const delay = mailRetryDelayMs(mail.attempts, random);
          await repository.markRetry(mail.id, workerId, {
            nextAttemptAt: new Date(at.getTime() + delay).toISOString(),
            error: outcome.error,
          });
          report.retried += 1;
          log.warn({ mailId: mail.id, error: outcome.error }, 'mail not sent; retrying later');
        }
      }
    }
    const now = clock.now().getTime();
    if (now - lastPurge > 60 * 60_000) {
      lastPurge = now;
      await repository.deleteSentBefore(
        new Date(now - config.retentionDays * DAY_MS).toISOString(),
      );
    }
    return report;
  }

  function poll(): void {
    if (running || stopping) return;
    running = deliverDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'mail worker failed');
        return { sent: 0, retried: 0, failed: 0 };
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (timer || stopping) return;
      timer = setInterval(poll, MAIL_POLL_INTERVAL_MS);
      timer.unref();
      poll();
    },
    deliverDue,
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
