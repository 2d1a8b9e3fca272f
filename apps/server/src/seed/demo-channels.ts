// Demo discussion and direct messages (docs/decisions/0023) in Introduction to Machine Learning: a discussion
// between Grace (staff) and Ada (learner@example.com), of which Ada has read up to her own question, so one
// reply is unread; and Ada's direct channel with the course staff, where Grace's answer is unread.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createAnnouncementsRepository } from '../modules/announcements/announcements.repository.ts';
import { createChannelsRepository } from '../modules/announcements/channels.repository.ts';

type Message = { authorId: string; text: string; at: string };

export async function seedDemoChannels(
  tx: Kysely<Database>,
  input: {
    tenantId: string;
    objectiveId: string;
    learnerId: string;
    staffId: string;
    at: (daysFromNow: number, hour: number) => string;
  },
): Promise<void> {
  const { tenantId, objectiveId, learnerId, staffId, at } = input;
  const messages = createAnnouncementsRepository(tx);
  const channels = createChannelsRepository(tx);
  const post = async (channelId: string, list: Message[], readUpTo: number) => {
    for (const [index, message] of list.entries()) {
      const { id } = await messages.insertMessage(
        tx,
        { tenantId, channelId, authorId: message.authorId, body: message.text },
        message.at,
      );
      if (index === readUpTo)
        await messages.markRead(learnerId, { channelId, id, created: message.at }, message.at);
    }
  };

  const discussion = await channels.ensureCourseChannel(
    { tenantId, objectiveId, kind: 'discussion' },
    at(-5, 9),
  );
  await post(
    discussion,
    [
      {
        authorId: staffId,
        text: 'Introduce yourself here: what would you like to build with **machine learning**?',
        at: at(-5, 9),
      },
      {
        authorId: learnerId,
        text: 'Hi all! I want to classify plant photos. Is `scikit-learn` enough for module 2?',
        at: at(-4, 11),
      },
      {
        authorId: staffId,
        text: 'Yes. Good starting points:\n- the module 2 notebook\n- [scikit-learn’s tutorial](https://scikit-learn.org/stable/tutorial/)',
        at: at(-3, 14),
      },
    ],
    1,
  );

  const direct = await channels.ensureCourseChannel(
    { tenantId, objectiveId, kind: 'direct', learnerId },
    at(-2, 16),
  );
  await post(
    direct,
    [
      {
        authorId: learnerId,
        text: 'I will be travelling next week. May I submit the module 3 exercise a few days late?',
        at: at(-2, 16),
      },
      {
        authorId: staffId,
        text: 'Of course. Submit it by _Friday next week_; I will note it.',
        at: at(-1, 10),
      },
    ],
    0,
  );
}
