// SQL of the course announcement channels (docs/decisions/0022): membership, messages, the event log, read
// markers and unread counts.
import { type ExpressionBuilder, type Kysely } from 'kysely';
import { Permission } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { isEnrolledLearner } from '../courses/learner-courses.ts';

type Db = Kysely<Database>;

export interface MessageRow {
  id: string;
  channelId: string;
  kind: 'announcement' | 'discussion' | 'direct';
  objectiveId: string;
  authorId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  body: string;
  created: string;
  edited: string | null;
  deleted: string | null;
}

export interface EventRow extends MessageRow {
  seq: number;
  type: 'created' | 'edited' | 'deleted';
}

/** Users who hold Announcement.Post for the course (unscoped, or scoped to it). */
function posters(db: Db, objectiveId: string) {
  return db
    .selectFrom('userRoles as ur')
    .innerJoin('rolePermissions as rp', 'rp.roleId', 'ur.roleId')
    .select('ur.userId')
    .where('rp.name', '=', Permission.announcementPost)
    .where((eb) => eb.or([eb('rp.scopeId', 'is', null), eb('rp.scopeId', '=', objectiveId)]));
}

export function messages(db: Db) {
  return db
    .selectFrom('channelMessages as m')
    .innerJoin('channels as c', 'c.id', 'm.channelId')
    .innerJoin('users as u', 'u.id', 'm.authorId')
    .select([
      'm.id',
      'm.channelId',
      'c.kind',
      'c.objectiveId',
      'm.authorId',
      'u.firstName',
      'u.middleName',
      'u.lastName',
      'm.body',
      'm.created',
      'm.edited',
      'm.deleted',
    ])
    .$narrowType<{ objectiveId: string }>();
}

/**
 * The channels (aliased `c`) the user is a member of (docs/decisions/0023): announcement and discussion
 * channels of the courses they are enrolled in, their own direct channels, and every channel of the courses
 * for which they hold Announcement.Post (scoped to the course, or unscoped for all the tenant's courses).
 */
export function memberOf(userId: string) {
  return (eb: ExpressionBuilder<Database & { c: Database['channels'] }, 'c'>) =>
    eb.or([
      eb.and([
        eb('c.kind', '<>', 'direct'),
        eb(
          'c.objectiveId',
          'in',
          eb
            .selectFrom('learnerCourses')
            .select('objectiveId')
            .where('userId', '=', userId)
            .where('enrolled', '=', 1),
        ),
      ]),
      eb.and([eb('c.kind', '=', 'direct'), eb('c.learnerId', '=', userId)]),
      eb(
        'c.objectiveId',
        'in',
        eb
          .selectFrom('userRoles as ur')
          .innerJoin('rolePermissions as rp', 'rp.roleId', 'ur.roleId')
          .select('rp.scopeId')
          .where('ur.userId', '=', userId)
          .where('rp.name', '=', Permission.announcementPost),
      ),
      eb.exists(
        eb
          .selectFrom('userRoles as ur')
          .innerJoin('rolePermissions as rp', 'rp.roleId', 'ur.roleId')
          .select('ur.userId')
          .where('ur.userId', '=', userId)
          .where('rp.name', '=', Permission.announcementPost)
          .where('rp.scopeId', 'is', null),
      ),
    ]);
}

/** Messages of a channel newer than the user's read marker, not theirs, not deleted. */
export function unreadOf(userId: string) {
  return (eb: ExpressionBuilder<Database, 'channelMessages'>) =>
    eb.and([
      eb('channelMessages.deleted', 'is', null),
      eb('channelMessages.authorId', '<>', userId),
      eb.not(
        eb.exists(
          eb
            .selectFrom('channelReadMarkers as r')
            .select('r.userId')
            .where('r.userId', '=', userId)
            .whereRef('r.channelId', '=', 'channelMessages.channelId')
            .where((inner) =>
              inner.or([
                inner('r.lastReadCreated', '>', inner.ref('channelMessages.created')),
                inner.and([
                  inner('r.lastReadCreated', '=', inner.ref('channelMessages.created')),
                  inner('r.lastReadMessageId', '>=', inner.ref('channelMessages.id')),
                ]),
              ]),
            ),
        ),
      ),
    ]);
}

export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;

export function createAnnouncementsRepository(db: Db) {
  return {
    findCourse(tenantId: string, objectiveId: string) {
      return db
        .selectFrom('objectives')
        .select(['id', 'announcementChannelId'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', objectiveId)
        .executeTakeFirst();
    },

    async isEnrolled(userId: string, objectiveId: string): Promise<boolean> {
      return isEnrolledLearner(db, userId, objectiveId);
    },

    /** Of `userIds`, the members of the channel (see memberOf). */
    async membersAmong(userIds: string[], channelId: string): Promise<Set<string>> {
      const channel = await db
        .selectFrom('channels')
        .select(['kind', 'objectiveId', 'learnerId'])
        .where('id', '=', channelId)
        .executeTakeFirst();
      if (userIds.length === 0 || !channel?.objectiveId) return new Set();
      const readers =
        channel.kind === 'direct'
          ? db
              .selectFrom('users')
              .select('id as userId')
              .where('id', '=', channel.learnerId ?? '')
              .where('id', 'in', userIds)
          : db
              .selectFrom('learnerCourses')
              .select('userId')
              .where('objectiveId', '=', channel.objectiveId)
              .where('enrolled', '=', 1)
              .where('userId', 'in', userIds);
      const rows = await readers
        .union(posters(db, channel.objectiveId).where('ur.userId', 'in', userIds))
        .execute();
      return new Set(rows.map((row) => row.userId));
    },

    /** The channels the user is a member of, of every kind (see memberOf). */
    async readableChannels(tenantId: string, userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('channels as c')
        .select('c.id')
        .where('c.tenantId', '=', tenantId)
        .where(memberOf(userId))
        .execute();
      return rows.map((row) => row.id);
    },

    /** The course's announcement channel, created (and linked from the course) when it has none. */
    async ensureChannel(
      trx: Db,
      course: { tenantId: string; objectiveId: string },
      now: string,
    ): Promise<string> {
      const existing = await trx
        .selectFrom('objectives')
        .select('announcementChannelId')
        .where('id', '=', course.objectiveId)
        .executeTakeFirstOrThrow();
      if (existing.announcementChannelId) return existing.announcementChannelId;
      const id = newId();
      await trx
        .insertInto('channels')
        .values({
          id,
          tenantId: course.tenantId,
          kind: 'announcement',
          objectiveId: course.objectiveId,
          created: now,
        })
        .execute();
      await trx
        .updateTable('objectives')
        .set({ announcementChannelId: id })
        .where('id', '=', course.objectiveId)
        .execute();
      return id;
    },

    /** Newest first, deleted ones left out. */
    listMessages(channelId: string, limit: number): Promise<MessageRow[]> {
      return messages(db)
        .where('m.channelId', '=', channelId)
        .where('m.deleted', 'is', null)
        .orderBy('m.created', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit)
        .execute();
    },

    findMessage(channelId: string, messageId: string): Promise<MessageRow | undefined> {
      return messages(db)
        .where('m.channelId', '=', channelId)
        .where('m.id', '=', messageId)
        .executeTakeFirst();
    },

    async countRecentPosts(authorId: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('channelMessages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('authorId', '=', authorId)
        .where('created', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertMessage(
      trx: Db,
      message: { tenantId: string; channelId: string; authorId: string; body: string },
      now: string,
    ): Promise<{ id: string; seq: number }> {
      const id = newId();
      await trx
        .insertInto('channelMessages')
        .values({ id, ...message, created: now, edited: null, deleted: null })
        .execute();
      const seq = await appendEvent(
        trx,
        {
          tenantId: message.tenantId,
          channelId: message.channelId,
          messageId: id,
          type: 'created',
        },
        now,
      );
      return { id, seq };
    },

    async changeMessage(
      trx: Db,
      message: { tenantId: string; channelId: string; id: string },
      change: { type: 'edited'; body: string } | { type: 'deleted' },
      now: string,
    ): Promise<number> {
      await trx
        .updateTable('channelMessages')
        .set(
          change.type === 'edited'
            ? { body: change.body, edited: now }
            : { body: '', deleted: now },
        )
        .where('id', '=', message.id)
        .execute();
      return appendEvent(
        trx,
        {
          tenantId: message.tenantId,
          channelId: message.channelId,
          messageId: message.id,
          type: change.type,
        },
        now,
      );
    },

    /** Events after `seq` in the given channels, oldest first, with their message as it is now. */
    eventsAfter(channelIds: string[], seq: number, limit: number): Promise<EventRow[]> {
      if (channelIds.length === 0) return Promise.resolve([]);
      return messages(db)
        .innerJoin('channelEvents as e', 'e.messageId', 'm.id')
        .select(['e.seq', 'e.type'])
        .where('e.channelId', 'in', channelIds)
        .where('e.seq', '>', seq)
        .orderBy('e.seq')
        .limit(limit)
        .execute();
    },

    findEvent(seq: number): Promise<EventRow | undefined> {
      return messages(db)
        .innerJoin('channelEvents as e', 'e.messageId', 'm.id')
        .select(['e.seq', 'e.type'])
        .where('e.seq', '=', seq)
        .executeTakeFirst();
    },

    async lastSeq(): Promise<number> {
      const row = await db
        .selectFrom('channelEvents')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst();
      return Number(row?.seq ?? 0);
    },

    findReadMarker(userId: string, channelId: string) {
      return db
        .selectFrom('channelReadMarkers')
        .select(['lastReadCreated', 'lastReadMessageId'])
        .where('userId', '=', userId)
        .where('channelId', '=', channelId)
        .executeTakeFirst();
    },

    /** Moves the marker to the message, never backwards (one statement); answers whether it moved. */
    async markRead(
      userId: string,
      message: { channelId: string; id: string; created: string },
      now: string,
    ): Promise<boolean> {
      const result = await db
        .insertInto('channelReadMarkers')
        .values({
          userId,
          channelId: message.channelId,
          lastReadCreated: message.created,
          lastReadMessageId: message.id,
          updated: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['userId', 'channelId'])
            .doUpdateSet((eb) => ({
              lastReadCreated: eb.ref('excluded.lastReadCreated'),
              lastReadMessageId: eb.ref('excluded.lastReadMessageId'),
              updated: eb.ref('excluded.updated'),
            }))
            .where((eb) =>
              eb.or([
                eb('excluded.lastReadCreated', '>', eb.ref('channelReadMarkers.lastReadCreated')),
                eb.and([
                  eb('excluded.lastReadCreated', '=', eb.ref('channelReadMarkers.lastReadCreated')),
                  eb(
                    'excluded.lastReadMessageId',
                    '>',
                    eb.ref('channelReadMarkers.lastReadMessageId'),
                  ),
                ]),
              ]),
            ),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async unreadCount(userId: string, channelId: string): Promise<number> {
      const row = await db
        .selectFrom('channelMessages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('channelMessages.channelId', '=', channelId)
        .where(unreadOf(userId))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Unread counts of the announcement channels of the user's enrolled courses (zero counts included). */
    async unreadCountsOfEnrolledCourses(
      tenantId: string,
      userId: string,
    ): Promise<{ objectiveId: string; channelId: string; unreadCount: number }[]> {
      const rows = await db
        .selectFrom('objectives as o')
        .select((eb) => [
          'o.id as objectiveId',
          'o.announcementChannelId as channelId',
          eb
            .selectFrom('channelMessages')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('channelMessages.channelId', '=', 'o.announcementChannelId')
            .where(unreadOf(userId))
            .as('unreadCount'),
        ])
        .where('o.tenantId', '=', tenantId)
        .where('o.announcementChannelId', 'is not', null)
        .where(
          'o.id',
          'in',
          db
            .selectFrom('learnerCourses')
            .select('objectiveId')
            .where('userId', '=', userId)
            .where('enrolled', '=', 1),
        )
        .orderBy('o.id')
        .execute();
      return rows.map((row) => ({
        objectiveId: row.objectiveId,
        channelId: row.channelId!,
        unreadCount: Number(row.unreadCount ?? 0),
      }));
    },
  };
}

async function appendEvent(
  trx: Db,
  event: {
    tenantId: string;
    channelId: string;
    messageId: string;
    type: 'created' | 'edited' | 'deleted';
  },
  now: string,
): Promise<number> {
  const row = await trx
    .insertInto('channelEvents')
    .values({ ...event, created: now })
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

/** Whether the user holds Announcement.Post for the course. */
export async function canPost(db: Db, userId: string, objectiveId: string): Promise<boolean> {
  const row = await posters(db, objectiveId).where('ur.userId', '=', userId).executeTakeFirst();
  return row !== undefined;
}
