// The command engine: accepts commands durably, answers their status, and runs the worker that applies them.
import { EventEmitter } from 'node:events';
import { DEFAULT_LOCALE, type CommandStatus, type Locale, type Operation } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import type { CommandRow } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import type { Principal } from '../http/principal.ts';
import { newId } from '../lib/ids.ts';
import { bindCommandBody, canonicalJson } from './command-body.ts';
import { toCommandStatus, toOperation } from './command.mapper.ts';
import { CommandRowState, createCommandRepository } from './command.repository.ts';
import type { CommandDefinition } from './command-types.ts';
import { createCommandWorker } from './command-worker.ts';

export const COMMAND_LIST_LIMIT = 50;
/** How often a waiting sync request re-reads the command when no local completion wakes it (other instances). */
const WAIT_RECHECK_MS = 200;

export interface SubmitResult {
  operation: Operation;
  /** The finished command when the caller asked to wait and it finished in time; otherwise null. */
  status: CommandStatus | null;
}

export interface CommandEngine {
  readonly definitions: readonly CommandDefinition[];
  /** Starts the background worker. */
  start(): void;
  /** Stops claiming and waits for the command being applied to finish (graceful shutdown). */
  stop(): Promise<void>;
  /**
   * Accepts `body` as a command of `type` (idempotent by id); waits up to `waitMs` for completion. Its
   * refusals are written in `locale`, the caller's.
   */
  submit(
    type: string,
    principal: Principal,
    body: unknown,
    waitMs: number,
    locale?: Locale,
  ): Promise<SubmitResult>;
  getStatus(type: string, principal: Principal, id: string): Promise<CommandStatus>;
  listLatest(type: string, principal: Principal): Promise<CommandStatus[]>;
  /** Resolves with the command (by internal id) once it finished, or with its pending state after `waitMs`. */
  waitForCompletion(internalId: string, waitMs: number): Promise<CommandRow | undefined>;
}

const idConflict = () =>
  new ConflictError('command_id_conflict', 'A different command already uses this id.');

export function createCommandEngine(
  ctx: AppContext,
  definitions: CommandDefinition[],
): CommandEngine {
  const byType = new Map<string, CommandDefinition>();
  for (const definition of definitions) {
    if (byType.has(definition.type))
      throw new Error(`Command type registered twice: ${definition.type}`);
    byType.set(definition.type, definition);
  }
  const repository = createCommandRepository(ctx.db, ctx.dialect);
  const finished = new EventEmitter();
  finished.setMaxListeners(0);
  const worker = createCommandWorker({
    db: ctx.db,
    repository,
    clock: ctx.clock,
    log: ctx.log,
    definitions: byType,
    onFinished: (id) => finished.emit(id),
  });

  function definitionOf(type: string): CommandDefinition {
    const definition = byType.get(type);
    if (!definition)
      throw new NotFoundError('command_type_not_found', `No command collection ${type}.`);
    return definition;
  }

  function wakeOnFinish(id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        finished.off(id, done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      finished.on(id, done);
    });
  }

  async function waitForCompletion(
    internalId: string,
    waitMs: number,
  ): Promise<CommandRow | undefined> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const row = await repository.findByInternalId(internalId);
      const remaining = deadline - Date.now();
      if (!row || row.state !== CommandRowState.pending || remaining <= 0 || worker.stopping)
        return row;
      await wakeOnFinish(internalId, Math.min(WAIT_RECHECK_MS, remaining));
    }
  }

  async function accept(
    type: string,
    principal: Principal,
    body: unknown,
    locale: Locale,
  ): Promise<CommandRow> {
    const definition = definitionOf(type);
    const bound = bindCommandBody(body, definition.payload);
    const id = bound.id ?? newId();
    const payload = canonicalJson(bound.payload);
    const inserted = await repository.insertIfAbsent({
      internalId: newId(),
      id,
      type,
      tenantId: principal.tenantId,
      userId: principal.userId,
      payload,
      created: ctx.clock.now().toISOString(),
      locale,
    });
    const row = await repository.findOwn(id, principal.userId, principal.tenantId);
    if (!row) throw new Error(`Command ${id} vanished right after it was accepted`);
    // A replay returns the first answer; the caller's own different command with this id is a conflict.
    // Other users' commands are never looked at: their ids neither block nor reveal anything.
    if (!inserted && (row.type !== type || row.payload !== payload)) throw idConflict();
    return row;
  }

  return {
    definitions,
    start: () => worker.start(),
    stop: () => worker.stop(),

    async submit(type, principal, body, waitMs, locale = DEFAULT_LOCALE) {
      const row = await accept(type, principal, body, locale);
      worker.kick();
      const operation = toOperation(row);
      if (waitMs <= 0) return { operation, status: null };
      const current = await waitForCompletion(row.internalId, waitMs);
      const done = current && current.state !== CommandRowState.pending;
      return { operation, status: done ? toCommandStatus(current) : null };
    },

    async getStatus(type, principal, id) {
      definitionOf(type);
      const row = await repository.findForOwner(id, type, principal.userId, principal.tenantId);
      if (!row) throw new NotFoundError('command_not_found', 'The command does not exist.');
      return toCommandStatus(row);
    },

    async listLatest(type, principal) {
      definitionOf(type);
      const rows = await repository.listLatestForOwner(
        type,
        principal.userId,
        principal.tenantId,
        COMMAND_LIST_LIMIT,
      );
      return rows.map(toCommandStatus);
    },

    waitForCompletion,
  };
}
