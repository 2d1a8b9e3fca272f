// One message of any channel: author, time in the reader's time zone, the text (formatted `content` when the
// message has it, else plain text; direction from its own words), "edited" and "deleted" states; its author may
// edit it in place or delete it after confirming. Announcements and chat channels pass their own requests.
import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { findTimeZone, type Announcement, type MessageContent } from '@portal/contracts';
import { announce } from '../../../lib/announcer.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/platform-queries.ts';
import { applyMessage } from '../api/announcement-cache.ts';
import { AnnouncementEditor } from './announcement-composer.tsx';
import { MessageBody } from './message-body.tsx';

/** Texts that differ between announcements and chat messages. */
export interface MessageItemTexts {
  deleted: string;
  deleteConfirm: string;
  deletedDone: string;
  editedDone: string;
  editLabel: string;
  /** Said when the edited text is empty. */
  required?: string;
}

export function MessageItem<M extends Announcement & { content?: MessageContent }>({
  message,
  own,
  texts,
  edit,
  remove: removeMessage,
  formatHint,
  extra,
}: {
  message: M;
  own: boolean;
  texts: MessageItemTexts;
  edit(text: string): Promise<M>;
  remove(): Promise<void>;
  formatHint?: string;
  /** Under the text of a message that is not deleted (reactions). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('communications');
  const user = useCurrentUser();
  const format = useFormatters(findTimeZone(user.timezone)?.iana);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const remove = useMutation({
    mutationFn: removeMessage,
    onSuccess: () => {
      applyMessage(queryClient, { ...message, text: '', deleted: new Date().toISOString() });
      setConfirming(false);
      announce(texts.deletedDone);
    },
    onError: (error) =>
      announce(error instanceof ApiError ? error.message : t('unavailable'), 'assertive'),
  });

  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={600} size="sm">
          <bdi>{message.author.name}</bdi>
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={message.created}>{format.dateTime(message.created)}</time>
          {message.edited && !message.deleted ? ` · ${t('edited')}` : null}
        </Text>
      </Group>
      {message.deleted ? (
        <Text size="sm" fs="italic" c="dimmed" mt={4}>
          {texts.deleted}
        </Text>
      ) : editing ? (
        <AnnouncementEditor
          initialText={message.text}
          label={texts.editLabel}
          hint={formatHint}
          requiredText={texts.required}
          submitLabel={t('save')}
          autoFocus
          onCancel={() => setEditing(false)}
          send={edit}
          onSent={(edited) => {
            applyMessage(queryClient, edited);
            setEditing(false);
            announce(texts.editedDone);
          }}
        />
      ) : message.content ? (
        <MessageBody content={message.content} />
      ) : (
        <Text
          size="sm"
          mt={4}
          dir="auto"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {message.text}
        </Text>
      )}
      {!message.deleted && !editing ? extra : null}
      {own && !message.deleted && !editing ? (
        confirming ? (
          <Group gap="xs" mt="xs" role="group" aria-label={texts.deleteConfirm}>
            <Text size="sm">{texts.deleteConfirm}</Text>
            <Button
              size="compact-sm"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {t('delete')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
          </Group>
        ) : (
          <Group gap="xs" mt="xs">
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(true)}>
              {t('edit')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => setConfirming(true)}
            >
              {t('delete')}
            </Button>
          </Group>
        )
      ) : null}
    </Paper>
  );
}
