// Use cases of a course's announcement channel (docs/decisions/0022). Members read (enrolled learners and
// the holders of Announcement.Post for the course); only holders post, and only authors edit or delete their
// own messages. A course the caller is no member of answers 404, like one that does not exist.
import {
  ANNOUNCEMENT_MAX_LENGTH,
  ANNOUNCEMENT_POSTS_PER_MINUTE,
  type Announcement,
  type AnnouncementList,
  type AnnouncementUnreadCounts,
} from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequestError, DomainError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import {
  canPost,
  type AnnouncementsRepository,
  type MessageRow,
} from './announcements.repository.ts';
import type { AnnouncementsHub } from './announcements-hub.ts';
import { createChannelsRepository } from './channels.repository.ts';

/** Messages a channel answers at most (newest first). */
export const ANNOUNCEMENT_PAGE_SIZE = 100;

export class TooManyRequestsError extends DomainError {
  constructor(
    key: 'announcementRateLimited' | 'tooManyAnnouncementStreams' = 'announcementRateLimited',
  ) {
    super(429, 'rate_limited', { key });
  }
}

const notFound = () => new NotFoundError('announcements_not_found', { key: 'notFound' });

// C0/C1 controls other than tab and line feed.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * The stored form of an announcement: plain text, NFC, line breaks as "\n", no control characters, no
 * surrounding blank space. Throws the spec's "Maximum length is {{length}}" when too long.
 */
export function normaliseAnnouncementText(
  text: string,
  emptyMessage = 'Enter the announcement.',
): string {
  const normalised = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_CHARACTERS, '')
    .trim();
  if (normalised.length === 0)
    throw new BadRequestError('invalid_request', 'The request is not valid.', {
      text: [emptyMessage],
    });
  if (normalised.length > ANNOUNCEMENT_MAX_LENGTH)
    throw new BadRequestError('announcement_too_long', {
      key: 'maxLength',
      params: { length: ANNOUNCEMENT_MAX_LENGTH },
    });
  return normalised;
}

export function toAnnouncement(row: MessageRow): Announcement {
  return {
    id: row.id,
    channelId: row.channelId,
    objectiveId: row.objectiveId,
    author: {
      id: row.authorId,
      name: [row.firstName, row.middleName, row.lastName].filter(Boolean).join(' '),
    },
    text: row.deleted ? '' : row.body,
    created: row.created,
    edited: row.edited,
    deleted: row.deleted,
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;

export function createAnnouncementsService(deps: {
  db: Kysely<Database>;
  repository: AnnouncementsRepository;
  clock: Clock;
  hub: AnnouncementsHub;
}) {
  const { db, repository, clock, hub } = deps;
  const channels = createChannelsRepository(db);

  /** The course, the caller's right to post, and 404 unless the caller is a member. */
  async function access(principal: Pick<Principal, 'tenantId' | 'userId'>, objectiveId: string) {
    const course = await repository.findCourse(principal.tenantId, objectiveId);
    if (!course) throw notFound();
    const poster = await canPost(db, principal.userId, objectiveId);
    if (!poster && !(await repository.isEnrolled(principal.userId, objectiveId))) throw notFound();
    return { channelId: course.announcementChannelId, poster };
  }

  async function ownMessage(
    principal: Pick<Principal, 'tenantId' | 'userId'>,
    objectiveId: string,
    messageId: string,
  ) {
    const { channelId, poster } = await access(principal, objectiveId);
    if (!channelId) throw notFound();
    const message = await repository.findMessage(channelId, messageId);
    if (!message || message.deleted) throw notFound();
    if (!poster || message.authorId !== principal.userId) throw new ForbiddenError();
    return message;
  }

  return {
    async list(principal: Principal, objectiveId: string): Promise<AnnouncementList> {
      const { channelId, poster } = await access(principal, objectiveId);
      if (!channelId) throw notFound();
      const [rows, unreadCount, marker] = await Promise.all([
        repository.listMessages(channelId, ANNOUNCEMENT_PAGE_SIZE),
        repository.unreadCount(principal.userId, channelId),
        repository.findReadMarker(principal.userId, channelId),
      ]);
      const reactions = await channels.reactionsOf(
        rows.map((row) => row.id),
        principal.userId,
      );
      return {
        channelId,
        items: rows.map((row) => ({
          ...toAnnouncement(row),
          reactions: reactions.get(row.id) ?? [],
        })),
        unreadCount,
        lastReadMessageId: marker?.lastReadMessageId ?? null,
        canPost: poster,
      };
    },

    /** Posts as the caller; used by the API and, with the author chosen by the operator, by the CLI. */
    async post(
      principal: Pick<Principal, 'tenantId' | 'userId'>,
      objectiveId: string,
      text: string,
    ): Promise<Announcement> {
      const { poster } = await access(principal, objectiveId);
      if (!poster) throw new ForbiddenError();
      const body = normaliseAnnouncementText(text);
      const now = clock.now();
      const since = new Date(now.getTime() - 60_000).toISOString();
      if (
        (await repository.countRecentPosts(principal.userId, since)) >=
        ANNOUNCEMENT_POSTS_PER_MINUTE
      )
        throw new TooManyRequestsError();
      const created = now.toISOString();
      const { channelId, id, seq } = await db.transaction().execute(async (trx) => {
        const channelId = await repository.ensureChannel(
          trx,
          { tenantId: principal.tenantId, objectiveId },
          created,
        );
        const message = await repository.insertMessage(
          trx,
          { tenantId: principal.tenantId, channelId, authorId: principal.userId, body },
          created,
        );
        return { channelId, ...message };
      });
      await hub.publish({
        kind: 'event',
        tenantId: principal.tenantId,
        objectiveId,
        channelId,
        channelKind: 'announcement',
        seq,
      });
      return toAnnouncement((await repository.findMessage(channelId, id))!);
    },

    async edit(
      principal: Principal,
      objectiveId: string,
      messageId: string,
      text: string,
    ): Promise<Announcement> {
      const message = await ownMessage(principal, objectiveId, messageId);
      const body = normaliseAnnouncementText(text);
      const seq = await db
        .transaction()
        .execute((trx) =>
          repository.changeMessage(
            trx,
            { tenantId: principal.tenantId, channelId: message.channelId, id: message.id },
            { type: 'edited', body },
            clock.now().toISOString(),
          ),
        );
      await hub.publish({
        kind: 'event',
        tenantId: principal.tenantId,
        objectiveId,
        channelId: message.channelId,
        channelKind: 'announcement',
        seq,
      });
      return toAnnouncement((await repository.findMessage(message.channelId, message.id))!);
    },

    async remove(principal: Principal, objectiveId: string, messageId: string): Promise<void> {
      const message = await ownMessage(principal, objectiveId, messageId);
      const seq = await db
        .transaction()
        .execute((trx) =>
          repository.changeMessage(
            trx,
            { tenantId: principal.tenantId, channelId: message.channelId, id: message.id },
            { type: 'deleted' },
            clock.now().toISOString(),
          ),
        );
      await hub.publish({
        kind: 'event',
        tenantId: principal.tenantId,
        objectiveId,
        channelId: message.channelId,
        channelKind: 'announcement',
        seq,
      });
    },

    async markRead(principal: Principal, objectiveId: string, messageId: string): Promise<void> {
      const { channelId } = await access(principal, objectiveId);
      if (!channelId) throw notFound();
      const message = await repository.findMessage(channelId, messageId);
      if (!message) throw notFound();
      const moved = await repository.markRead(principal.userId, message, clock.now().toISOString());
      if (moved)
        await hub.publish({
          kind: 'read',
          tenantId: principal.tenantId,
          objectiveId,
          channelId,
          channelKind: 'announcement',
          userId: principal.userId,
        });
    },

    async unreadCounts(principal: Principal): Promise<AnnouncementUnreadCounts> {
      return {
        items: await repository.unreadCountsOfEnrolledCourses(principal.tenantId, principal.userId),
      };
    },
  };
}
