// SQL of the durable command table: accept, read, claim, lock and complete.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/dialect.ts';
import type { CommandRow, Database } from '../db/schema.ts';

export const CommandRowState = { pending: 0, completed: 1, failed: 2, canceled: 3 } as const;

export interface NewCommand {
  internalId: string;
  id: string;
  type: string;
  tenantId: string;
  userId: string;
  payload: string;
  created: string;
  locale: string;
}

export interface CommandCompletion {
  state: 1 | 2 | 3;
  entityId: string | null;
  resultUrl: string | null;
  errors: string | null;
  completed: string;
}

export type CommandRepository = ReturnType<typeof createCommandRepository>;

export function createCommandRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    /**
     * Inserts the command unless its caller already used the id; true when this call wrote it (the unique
     * index on tenant, user and id decides races). Ids are scoped to the caller: another user's command
     * with the same id is a different command and never collides with it.
     */
    async insertIfAbsent(command: NewCommand): Promise<boolean> {
      const result = await db
        .insertInto('commands')
        .values({ ...command, state: CommandRowState.pending, attempts: 0 })
        .onConflict((oc) => oc.columns(['tenantId', 'userId', 'id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async findByInternalId(internalId: string): Promise<CommandRow | undefined> {
      return db
        .selectFrom('commands')
        .selectAll()
        .where('internalId', '=', internalId)
        .executeTakeFirst();
    },

    /** The caller's command with this id, of any type. */
    async findOwn(id: string, userId: string, tenantId: string): Promise<CommandRow | undefined> {
      return db
        .selectFrom('commands')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
    },

    async findForOwner(id: string, type: string, userId: string, tenantId: string) {
      return db
        .selectFrom('commands')
        .selectAll()
        .where('id', '=', id)
        .where('type', '=', type)
        .where('userId', '=', userId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
    },

    async listLatestForOwner(type: string, userId: string, tenantId: string, limit: number) {
      return db
        .selectFrom('commands')
        .selectAll()
        .where('userId', '=', userId)
        .where('type', '=', type)
        .where('tenantId', '=', tenantId)
        .orderBy('created', 'desc')
        .orderBy('internalId', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Claims the oldest pending command of a known type whose previous claim is absent or stale, in one
     * statement. On PostgreSQL SKIP LOCKED lets several instances claim different commands at once.
     */
    async claimNext(input: {
      types: string[];
      workerId: string;
      now: string;
      staleBefore: string;
    }): Promise<CommandRow | undefined> {
      if (input.types.length === 0) return undefined;
      return (
        db
          .updateTable('commands')
          .set((eb) => ({
            claimedBy: input.workerId,
            claimedAt: input.now,
            attempts: eb('attempts', '+', 1),
          }))
          .where((eb) =>
            eb(
              'internalId',
              '=',
              eb
                .selectFrom('commands')
                .select('internalId')
                .where('state', '=', CommandRowState.pending)
                .where('type', 'in', input.types)
                .where((w) =>
                  w.or([w('claimedAt', 'is', null), w('claimedAt', '<', input.staleBefore)]),
                )
                .orderBy('created')
                .orderBy('internalId')
                .limit(1)
                .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked()),
            ),
          )
          // Checked again outside the subquery: PostgreSQL re-evaluates only this part after a concurrent update.
          .where('state', '=', CommandRowState.pending)
          .where((w) => w.or([w('claimedAt', 'is', null), w('claimedAt', '<', input.staleBefore)]))
          .returningAll()
          .executeTakeFirst()
      );
    },

    /**
     * Inside the applying transaction: locks the command if it is still pending and still claimed by
     * this worker (a stale claim may have been taken over by another instance meanwhile).
     */
    async lockClaimed(
      tx: Kysely<Database>,
      internalId: string,
      workerId: string,
    ): Promise<CommandRow | undefined> {
      return tx
        .selectFrom('commands')
        .selectAll()
        .where('internalId', '=', internalId)
        .where('state', '=', CommandRowState.pending)
        .where('claimedBy', '=', workerId)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
    },

    async complete(
      tx: Kysely<Database>,
      internalId: string,
      completion: CommandCompletion,
    ): Promise<void> {
      await tx
        .updateTable('commands')
        .set(completion)
        .where('internalId', '=', internalId)
        .where('state', '=', CommandRowState.pending)
        .execute();
    },

    /** Gives a command back to the queue after a failed attempt, so that it is retried at once. */
    async releaseClaim(tx: Kysely<Database>, internalId: string): Promise<void> {
      await tx
        .updateTable('commands')
        .set({ claimedBy: null, claimedAt: null })
        .where('internalId', '=', internalId)
        .where('state', '=', CommandRowState.pending)
        .execute();
    },
  };
}
