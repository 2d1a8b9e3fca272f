// SQL of the mail outbox: queueing a rendered mail (inside the caller's transaction), claiming due mails
// (FOR UPDATE SKIP LOCKED on PostgreSQL, so instances share the work), recording each delivery's outcome,
// the CLI's listing, and the retention of sent mails.
import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database, MailOutboxTable, MailStatus } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

export type MailRow = Selectable<MailOutboxTable>;

export interface QueuedMail {
  tenantId: string | null;
  to: string;
  locale: string;
  template: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe); none by default. */
  headers?: Record<string, string>;
}

export interface ClaimedMail {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attempts: number;
  headers: string | null;
}

/** Writes a mail to the outbox with `db` (a transaction when the mail belongs to a change): sent later. */
export async function queueMail(
  db: Kysely<Database>,
  mail: QueuedMail,
  now: string,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('mailOutbox')
    .values({
      id,
      tenantId: mail.tenantId,
      toAddress: mail.to,
      locale: mail.locale,
      template: mail.template,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      claimedBy: null,
      claimedAt: null,
      created: now,
      sentAt: null,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
    })
    .execute();
  return id;
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;

export function createMailOutboxRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    /** Claims up to `limit` pending mails that are due and not claimed by a live worker, oldest first. */
    async claimDue(input: {
      workerId: string;
      now: string;
      staleBefore: string;
      limit: number;
    }): Promise<ClaimedMail[]> {
      const rows = await db
        .updateTable('mailOutbox')
        .set({ claimedBy: input.workerId, claimedAt: input.now })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mailOutbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('nextAttemptAt', '<=', input.now)
            .where((w) =>
              w.or([w('claimedAt', 'is', null), w('claimedAt', '<', input.staleBefore)]),
            )
            .orderBy('created')
            .orderBy('id')
            .limit(input.limit)
            .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked()),
        )
        // Checked again outside the subquery: PostgreSQL re-evaluates only this part after a concurrent update.
        .where('status', '=', 'pending')
        .where((w) => w.or([w('claimedAt', 'is', null), w('claimedAt', '<', input.staleBefore)]))
        .returning([
          'id',
          'toAddress',
          'subject',
          'textBody',
          'htmlBody',
          'attempts',
          'headers',
          'created',
        ])
        .execute();
      return rows
        .sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id))
        .map(({ created: _created, ...mail }) => mail);
    },

    async markSent(id: string, workerId: string, now: string): Promise<void> {
      await db
        .updateTable('mailOutbox')
        .set((eb) => ({
          status: 'sent' as MailStatus,
          sentAt: now,
          attempts: eb('attempts', '+', 1),
          lastError: null,
          claimedBy: null,
          claimedAt: null,
        }))
        .where('id', '=', id)
        .where('claimedBy', '=', workerId)
        .execute();
    },

    /** A failure worth retrying (server unreachable, 4xx): the mail waits until `nextAttemptAt`. */
    async markRetry(
      id: string,
      workerId: string,
      input: { nextAttemptAt: string; error: string },
    ): Promise<void> {
      await db
        .updateTable('mailOutbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          nextAttemptAt: input.nextAttemptAt,
          lastError: input.error,
          claimedBy: null,
          claimedAt: null,
        }))
        .where('id', '=', id)
        .where('claimedBy', '=', workerId)
        .execute();
    },

    /** The SMTP server refused the mail for good (a 5xx reply): kept, flagged and never sent again. */
    async markFailed(id: string, workerId: string, error: string): Promise<void> {
      await db
        .updateTable('mailOutbox')
        .set((eb) => ({
          status: 'failed' as MailStatus,
          attempts: eb('attempts', '+', 1),
          lastError: error,
          claimedBy: null,
          claimedAt: null,
        }))
        .where('id', '=', id)
        .where('claimedBy', '=', workerId)
        .execute();
    },

    /** Housekeeping: sent mails older than the retention (pending and failed ones stay for a look). */
    async deleteSentBefore(before: string): Promise<number> {
      const result = await db
        .deleteFrom('mailOutbox')
        .where('status', '=', 'sent')
        .where('sentAt', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The latest mails, newest first (the CLI's list). */
    async list(input: { status?: MailStatus; limit: number }): Promise<MailRow[]> {
      return db
        .selectFrom('mailOutbox')
        .selectAll()
        .$if(input.status !== undefined, (qb) => qb.where('status', '=', input.status!))
        .orderBy('created', 'desc')
        .orderBy('id', 'desc')
        .limit(input.limit)
        .execute();
    },

    async find(id: string): Promise<MailRow | undefined> {
      return db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
