// SQL of the generic channel API (docs/decisions/0023): a member's channels with their unread counts and
// newest message, one page of a channel's messages, and discussion and direct channels created on first use.
import type { Kysely } from 'kysely';
import { MESSAGE_REACTION_EMOJI, type ChannelKind, type MessageReaction } from '@portal/contracts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { memberOf, messages, unreadOf, type MessageRow } from './announcements.repository.ts';

type Db = Kysely<Database>;

export interface ChannelRow {
  id: string;
  tenantId: string;
  kind: ChannelKind;
  objectiveId: string;
  learnerId: string | null;
  created: string;
}

export interface ChannelSummaryRow extends ChannelRow {
  courseName: string;
  learnerFirstName: string | null;
  learnerMiddleName: string | null;
  learnerLastName: string | null;
  unreadCount: number;
  lastMessageId: string | null;
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;

export function createChannelsRepository(db: Db) {
  return {
    /** A channel of the tenant (of any course); members are checked by the service. */
    findChannel(tenantId: string, channelId: string): Promise<ChannelRow | undefined> {
      return db
        .selectFrom('channels')
        .select(['id', 'tenantId', 'kind', 'objectiveId', 'learnerId', 'created'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', channelId)
        .where('objectiveId', 'is not', null)
        .$narrowType<{ objectiveId: string }>()
        .executeTakeFirst();
    },

    /** The channels the user is a member of (or just `channelId`), with unread count and newest message id. */
    async summaries(
      tenantId: string,
      userId: string,
      channelId?: string,
    ): Promise<ChannelSummaryRow[]> {
      let query = db
        .selectFrom('channels as c')
        .innerJoin('objectives as o', 'o.id', 'c.objectiveId')
        .leftJoin('users as l', 'l.id', 'c.learnerId')
        .select((eb) => [
          'c.id',
          'c.tenantId',
          'c.kind',
          'o.id as objectiveId',
          'c.learnerId',
          'c.created',
          'o.name as courseName',
          'l.firstName as learnerFirstName',
          'l.middleName as learnerMiddleName',
          'l.lastName as learnerLastName',
          eb
            .selectFrom('channelMessages')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('channelMessages.channelId', '=', 'c.id')
            .where(unreadOf(userId))
            .as('unreadCount'),
          eb
            .selectFrom('channelMessages as lm')
            .select('lm.id')
            .whereRef('lm.channelId', '=', 'c.id')
            .where('lm.deleted', 'is', null)
            .orderBy('lm.created', 'desc')
            .orderBy('lm.id', 'desc')
            .limit(1)
            .as('lastMessageId'),
        ])
        .where('c.tenantId', '=', tenantId)
        .where(memberOf(userId));
      if (channelId !== undefined) query = query.where('c.id', '=', channelId);
      const rows = await query.orderBy('c.created').orderBy('c.id').execute();
      return rows.map((row) => ({ ...row, unreadCount: Number(row.unreadCount ?? 0) }));
    },

    messagesById(ids: string[]): Promise<MessageRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return messages(db).where('m.id', 'in', ids).execute();
    },

    /** Newest first, deleted ones left out, older than `before` (by created, id) when given. */
    listMessages(
      channelId: string,
      before: { created: string; id: string } | undefined,
      limit: number,
    ): Promise<MessageRow[]> {
      let query = messages(db).where('m.channelId', '=', channelId).where('m.deleted', 'is', null);
      if (before)
        query = query.where((eb) =>
          eb.or([
            eb('m.created', '<', before.created),
            eb.and([eb('m.created', '=', before.created), eb('m.id', '<', before.id)]),
          ]),
        );
      return query.orderBy('m.created', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
    },

    /**
     * The course's discussion channel, or the learner's direct channel with its staff, created when missing.
     * Concurrent first uses meet at the unique indexes of migration 0013 and answer the same channel.
     */
    async ensureCourseChannel(
      channel: { tenantId: string; objectiveId: string } & (
        { kind: 'discussion' } | { kind: 'direct'; learnerId: string }
      ),
      now: string,
    ): Promise<string> {
      const learnerId = channel.kind === 'direct' ? channel.learnerId : null;
      const find = () => {
        let query = db
          .selectFrom('channels')
          .select('id')
          .where('objectiveId', '=', channel.objectiveId)
          .where('kind', '=', channel.kind);
        if (learnerId !== null) query = query.where('learnerId', '=', learnerId);
        return query.executeTakeFirst();
      };
      const existing = await find();
      if (existing) return existing.id;
      await db
        .insertInto('channels')
        .values({
          id: newId(),
          tenantId: channel.tenantId,
          kind: channel.kind,
          objectiveId: channel.objectiveId,
          learnerId,
          created: now,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return (await find())!.id;
    },

    /** Reactions to the messages, per message, in allow-list order, with the user's own marked. */
    async reactionsOf(
      messageIds: string[],
      userId: string,
    ): Promise<Map<string, MessageReaction[]>> {
      const byMessage = new Map<string, MessageReaction[]>();
      if (messageIds.length === 0) return byMessage;
      const rows = await db
        .selectFrom('channelMessageReactions')
        .select(['messageId', 'emoji', 'userId'])
        .where('messageId', 'in', messageIds)
        .execute();
      for (const id of messageIds) {
        const mine = rows.filter((row) => row.messageId === id);
        byMessage.set(
          id,
          MESSAGE_REACTION_EMOJI.flatMap((emoji) => {
            const of = mine.filter((row) => row.emoji === emoji);
            return of.length === 0
              ? []
              : [{ emoji, count: of.length, mine: of.some((row) => row.userId === userId) }];
          }),
        );
      }
      return byMessage;
    },

    /** Adds or removes the user's reaction; repeating either is harmless. */
    async setReaction(
      reaction: { messageId: string; userId: string; emoji: string },
      on: boolean,
      now: string,
    ): Promise<void> {
      if (on)
        await db
          .insertInto('channelMessageReactions')
          .values({ ...reaction, created: now })
          .onConflict((oc) => oc.doNothing())
          .execute();
      else
        await db
          .deleteFrom('channelMessageReactions')
          .where('messageId', '=', reaction.messageId)
          .where('userId', '=', reaction.userId)
          .where('emoji', '=', reaction.emoji)
          .execute();
    },

    /** Unread counts of every channel the user is a member of (zero counts included), for the live stream. */
    async unreadCounts(
      tenantId: string,
      userId: string,
    ): Promise<
      { objectiveId: string; channelId: string; kind: ChannelKind; unreadCount: number }[]
    > {
      const rows = await db
        .selectFrom('channels as c')
        .select((eb) => [
          'c.objectiveId',
          'c.id as channelId',
          'c.kind',
          eb
            .selectFrom('channelMessages')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('channelMessages.channelId', '=', 'c.id')
            .where(unreadOf(userId))
            .as('unreadCount'),
        ])
        .where('c.tenantId', '=', tenantId)
        .where('c.objectiveId', 'is not', null)
        .where(memberOf(userId))
        .orderBy('c.objectiveId')
        .orderBy('c.id')
        .execute();
      return rows.map((row) => ({
        objectiveId: row.objectiveId!,
        channelId: row.channelId,
        kind: row.kind,
        unreadCount: Number(row.unreadCount ?? 0),
      }));
    },
  };
}
