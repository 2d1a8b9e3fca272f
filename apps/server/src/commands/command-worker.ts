// The background worker: claims pending commands in order of creation and applies each in one transaction.
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { DEFAULT_LOCALE, isLocale } from '@portal/contracts';
import { DomainError } from '../http/errors.ts';
import { localize, serverTranslator } from '../i18n/server-i18n.ts';
import { bindingErrors } from './command-body.ts';
import {
  CommandRowState,
  type CommandCompletion,
  type CommandRepository,
} from './command.repository.ts';
import type { CommandDefinition, CommandErrors } from './command-types.ts';

export const MAX_ATTEMPTS = 3;
/** A claim older than this belongs to a worker that died; the command is taken over. */
export const CLAIM_LEASE_MS = 30_000;
export const POLL_INTERVAL_MS = 500;
export const UNKNOWN_ERROR_MESSAGE = 'Server encountered an unknown error.';

export interface CommandWorkerDeps {
  db: Kysely<Database>;
  repository: CommandRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  definitions: ReadonlyMap<string, CommandDefinition>;
  /** Called with the command's internal id after its completion is committed. */
  onFinished(internalId: string): void;
}

export interface CommandWorker {
  start(): void;
  /** Looks for work now instead of at the next poll. */
  kick(): void;
  stop(): Promise<void>;
  readonly stopping: boolean;
}

type AttemptResult =
  { kind: 'finished'; completion: CommandCompletion } | { kind: 'crashed'; error: unknown };

export function createCommandWorker(deps: CommandWorkerDeps): CommandWorker {
  const { db, repository, clock, log, definitions } = deps;
  const workerId = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  const types = [...definitions.keys()];
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  let kickedWhileDraining = false;

  function kick(): void {
    if (!started || stopping) return;
    if (draining) {
      kickedWhileDraining = true;
      return;
    }
    draining = drain().finally(() => {
      draining = undefined;
    });
  }

  async function drain(): Promise<void> {
    do {
      kickedWhileDraining = false;
      try {
        while (!stopping && (await processNext())) {
          // keep going while there is work
        }
      } catch (error) {
        // The database is unreachable or similar: the next poll tries again.
        log.error({ err: error }, 'command worker could not claim a command');
        return;
      }
    } while (kickedWhileDraining && !stopping);
  }

  /** Claims and applies one command; false when nothing is pending. */
  async function processNext(): Promise<boolean> {
    const now = clock.now();
    const claimed = await repository.claimNext({
      types,
      workerId,
      now: now.toISOString(),
      staleBefore: new Date(now.getTime() - CLAIM_LEASE_MS).toISOString(),
    });
    if (!claimed) return false;
    const definition = definitions.get(claimed.type);
    if (!definition) return true; // claimNext only returns known types
    await apply(claimed.internalId, definition);
    return true;
  }

  async function apply(internalId: string, definition: CommandDefinition): Promise<void> {
    const trx = await db.startTransaction().execute();
    try {
      const command = await repository.lockClaimed(trx, internalId, workerId);
      if (!command) {
        // Completed or taken over by another instance since we claimed it.
        await trx.rollback().execute();
        return;
      }
      if (command.attempts > MAX_ATTEMPTS) {
        // Earlier attempts died with their process (the claim counted them): do not run it again.
        log.error(
          { commandId: command.id, type: command.type },
          'command abandoned after repeated crashes',
        );
        await repository.complete(trx, internalId, failure({ _: [UNKNOWN_ERROR_MESSAGE] }));
        await trx.commit().execute();
        deps.onFinished(internalId);
        return;
      }
      const withSavepoint = await trx.savepoint('handler').execute();
      const result = await attempt(withSavepoint, command, definition);
      if (result.kind === 'crashed') {
        // Undo the handler's writes but keep the transaction, which still holds the command's lock.
        await withSavepoint.rollbackToSavepoint('handler').execute();
        if (command.attempts >= MAX_ATTEMPTS) {
          log.error(
            { err: result.error, commandId: command.id, type: command.type },
            'command failed after retries',
          );
          await repository.complete(
            withSavepoint,
            internalId,
            failure({ _: [UNKNOWN_ERROR_MESSAGE] }),
          );
        } else {
          log.warn(
            { err: result.error, commandId: command.id, attempt: command.attempts },
            'command attempt failed; retrying',
          );
          await repository.releaseClaim(withSavepoint, internalId);
        }
      } else {
        if (result.completion.state !== CommandRowState.completed) {
          await withSavepoint.rollbackToSavepoint('handler').execute();
        }
        await repository.complete(withSavepoint, internalId, result.completion);
      }
      await withSavepoint.commit().execute();
      deps.onFinished(internalId);
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      // The claim stays; the command is taken over when the lease expires.
      throw error;
    }
  }

  async function attempt(
    tx: Kysely<Database>,
    command: { id: string; payload: string; userId: string; tenantId: string; locale: string },
    definition: CommandDefinition,
  ): Promise<AttemptResult> {
    const locale = isLocale(command.locale) ? command.locale : DEFAULT_LOCALE;
    const errorTexts = serverTranslator(locale, 'errors');
    const parsed = definition.payload.safeParse(parseJson(command.payload));
    if (!parsed.success) {
      // Stored before a schema change that no longer accepts it: retrying cannot help.
      return { kind: 'finished', completion: failure(bindingErrors(parsed.error)) };
    }
    try {
      const outcome = await definition.handle(tx, {
        payload: parsed.data,
        userId: command.userId,
        tenantId: command.tenantId,
        commandId: command.id,
        now: clock.now(),
        locale,
        t: (key, params) => errorTexts.t('errors', key, params),
      });
      if ('errors' in outcome) return { kind: 'finished', completion: failure(outcome.errors) };
      return {
        kind: 'finished',
        completion: {
          state: CommandRowState.completed,
          entityId: outcome.entityId,
          resultUrl:
            outcome.entityId !== null && definition.resultUrl
              ? definition.resultUrl(outcome.entityId)
              : null,
          errors: null,
          completed: clock.now().toISOString(),
        },
      };
    } catch (error) {
      if (error instanceof DomainError) {
        // A rule said no: the same input gives the same answer, so it fails now instead of retrying.
        const message = error.localized ? localize(locale, error.localized) : error.message;
        return { kind: 'finished', completion: failure(error.errors ?? { _: [message] }) };
      }
      return { kind: 'crashed', error };
    }
  }

  function failure(errors: CommandErrors): CommandCompletion {
    const nonEmpty = Object.keys(errors).length > 0 ? errors : { _: [UNKNOWN_ERROR_MESSAGE] };
    return {
      state: CommandRowState.failed,
      entityId: null,
      resultUrl: null,
      errors: JSON.stringify(nonEmpty),
      completed: clock.now().toISOString(),
    };
  }

  return {
    start() {
      if (started || stopping) return;
      started = true;
      timer = setInterval(kick, POLL_INTERVAL_MS);
      timer.unref();
      kick();
    },
    kick,
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await draining;
    },
    get stopping() {
      return stopping;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // fails the payload schema, so the command fails instead of blocking the queue
  }
}
