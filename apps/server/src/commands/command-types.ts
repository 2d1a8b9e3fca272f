// The contract between the generic command engine and the product's commands.
import type { Kysely } from 'kysely';
import type { z, ZodType } from 'zod';
import type { Locale } from '@portal/contracts';
import type { Database } from '../db/schema.ts';
import type { ErrorKey, TextParams } from '../i18n/server-i18n.ts';

export type CommandErrors = Record<string, string[]>;

export interface CommandInput<TPayload> {
  payload: TPayload;
  userId: string;
  tenantId: string;
  commandId: string;
  /** The engine's clock at the moment the command is applied. */
  now: Date;
  /** The caller's locale when the command was posted. */
  locale: Locale;
  /** A refusal's text in the caller's language (the `errors` catalogue). */
  t(key: ErrorKey, params?: TextParams): string;
}

/** `entityId` → Completed (state 1); `errors` → Failed (state 2) and the handler's writes are rolled back. */
export type CommandOutcome = { entityId: string | null } | { errors: CommandErrors };

export interface CommandDefinition<TPayload = unknown> {
  /** The command collection under /api/lms/v1/, e.g. `start-objective-workflows`. */
  type: string;
  /** Strict schema of the request body without `id`. */
  payload: ZodType<TPayload>;
  /** URL of the resulting entity, reported as `completed.url`. */
  resultUrl?(entityId: string): string;
  /**
   * Applies the effect inside `tx`, the transaction that also writes the completion. Every query must
   * go through `tx`: on SQLite the engine holds the only connection while the handler runs.
   * Throwing a DomainError means Failed (with its `errors`, or its message under "_"); any other
   * exception is retried, up to 3 attempts in all.
   */
  handle(tx: Kysely<Database>, input: CommandInput<TPayload>): Promise<CommandOutcome>;
}

/** Types a definition's handler from its payload schema. */
export function defineCommand<TSchema extends ZodType>(
  definition: CommandDefinition<z.output<TSchema>> & { payload: TSchema },
): CommandDefinition {
  return definition;
}
