// Writing an announcement: a labelled box with a length counter; the server's answer to a text that is too
// long ("Maximum length is 2000") or to too many posts (429) shows as the field's error.
import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_MAX_LENGTH, type Announcement } from '@portal/contracts';
import { announce } from '../../../lib/announcer.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useFormatters } from '../../../lib/format.ts';
import { applyMessage } from '../api/announcement-cache.ts';
import { postAnnouncement } from '../api/announcements-api.ts';

export function AnnouncementComposer({ objectiveId }: { objectiveId: string }) {
  const { t } = useTranslation('communications');
  const queryClient = useQueryClient();
  return (
    <AnnouncementEditor
      label={t('composeLabel')}
      submitLabel={t('post')}
      clearOnSent
      send={(text) => postAnnouncement(objectiveId, text)}
      onSent={(message) => {
        applyMessage(queryClient, message);
        announce(t('posted'));
      }}
    />
  );
}

export function AnnouncementEditor<M extends Announcement>({
  initialText = '',
  hint,
  requiredText,
  label,
  submitLabel,
  autoFocus,
  clearOnSent,
  send,
  onSent,
  onCancel,
}: {
  initialText?: string;
  /** Shown under the box before the counter (the formatting a chat message may use). */
  hint?: string;
  /** Said when the box is empty (default: the announcement's text). */
  requiredText?: string;
  label: string;
  submitLabel: string;
  autoFocus?: boolean;
  clearOnSent?: boolean;
  send(text: string): Promise<M>;
  onSent(message: M): void;
  onCancel?(): void;
}) {
  const { t } = useTranslation('communications');
  const format = useFormatters();
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (message) => {
      if (clearOnSent) setText('');
      setError(null);
      onSent(message);
    },
    onError: (failure) => {
      const message =
        failure instanceof ApiError && failure.status < 500
          ? (failure.errors?.text?.[0] ?? failure.message)
          : t('unavailable');
      setError(message);
      announce(message, 'assertive');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError(requiredText ?? t('required'));
      return;
    }
    mutation.mutate(text);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={6}>
        <Textarea
          label={label}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          rows={3}
          resize="vertical"
          autoFocus={autoFocus}
          error={error}
          description={
            <>
              {hint ? (
                <>
                  {hint}
                  <br />
                </>
              ) : null}
              {t('counter', {
                length: format.number(text.length),
                max: format.number(ANNOUNCEMENT_MAX_LENGTH),
              })}
            </>
          }
          dir="auto"
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={mutation.isPending}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button size="xs" variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
