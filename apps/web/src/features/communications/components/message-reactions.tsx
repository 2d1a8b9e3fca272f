// Reactions to a message of any channel (docs/decisions/0023; announcements too): one toggle button per allowed
// emoji, pressed when the reader reacted with it, with its count; the server's answer replaces the counts.
import { Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_REACTION_EMOJI,
  type Announcement,
  type MessageReactionEmoji,
} from '@portal/contracts';
import { announce } from '../../../lib/announcer.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useFormatters } from '../../../lib/format.ts';
import { applyMessage } from '../api/announcement-cache.ts';
import { setReaction } from '../api/channels-api.ts';

export function MessageReactions({
  message,
}: {
  message: Pick<Announcement, 'id' | 'channelId' | 'reactions'>;
}) {
  const { t } = useTranslation('communications');
  const format = useFormatters();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: ({ emoji, on }: { emoji: MessageReactionEmoji; on: boolean }) =>
      setReaction(message.channelId, message.id, emoji, on),
    onSuccess: (updated) => applyMessage(queryClient, updated),
    onError: (error) =>
      announce(error instanceof ApiError ? error.message : t('unavailable'), 'assertive'),
  });
  const reactions = message.reactions ?? [];
  return (
    <Group gap={4} mt="xs" role="group" aria-label={t('chat.reactions')}>
      {MESSAGE_REACTION_EMOJI.map((emoji) => {
        const reaction = reactions.find((candidate) => candidate.emoji === emoji);
        const mine = reaction?.mine ?? false;
        const count = reaction?.count ?? 0;
        return (
          <Button
            key={emoji}
            size="compact-xs"
            variant={mine ? 'light' : 'subtle'}
            color={mine ? undefined : 'gray'}
            aria-pressed={mine}
            aria-label={t('chat.reaction', { emoji, count: format.number(count) })}
            onClick={() => toggle.mutate({ emoji, on: !mine })}
          >
            <span aria-hidden="true">
              {emoji}
              {count > 0 ? ` ${format.number(count)}` : null}
            </span>
          </Button>
        );
      })}
    </Group>
  );
}
