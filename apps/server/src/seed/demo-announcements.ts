// Demo announcements (docs/decisions/0022), posted by Grace (admin, holds Announcement.Post): Introduction to
// Machine Learning has three, of which Ada (learner@example.com) has read the first, so its card shows 2 unread;
// Data Protection has one that Ada has read. Mae's Data Literacy Essentials has one, unread.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createAnnouncementsRepository } from '../modules/announcements/announcements.repository.ts';

interface DemoChannel {
  objectiveId: string;
  /** Messages oldest first, each with its time. */
  messages: { text: string; at: string }[];
  /** Readers who have read up to (and including) the message at this index. */
  readUpTo?: { userId: string; index: number }[];
}

export async function seedDemoAnnouncements(
  tx: Kysely<Database>,
  input: { tenantId: string; authorId: string; channels: DemoChannel[] },
): Promise<void> {
  const repository = createAnnouncementsRepository(tx);
  for (const channel of input.channels) {
    const first = channel.messages[0]!.at;
    const channelId = await repository.ensureChannel(
      tx,
      { tenantId: input.tenantId, objectiveId: channel.objectiveId },
      first,
    );
    const ids: string[] = [];
    for (const message of channel.messages) {
      const { id } = await repository.insertMessage(
        tx,
        { tenantId: input.tenantId, channelId, authorId: input.authorId, body: message.text },
        message.at,
      );
      ids.push(id);
    }
    for (const reader of channel.readUpTo ?? []) {
      const message = channel.messages[reader.index]!;
      await repository.markRead(
        reader.userId,
        { channelId, id: ids[reader.index]!, created: message.at },
        message.at,
      );
    }
  }
}
