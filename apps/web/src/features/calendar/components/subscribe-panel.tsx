// "Subscribe": the learner's secret calendar feed (decision 0017). Creating it shows its https and webcal:
// addresses once, with copy buttons; regenerating (the old address stops working) and turning it off ask first.
import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';
import {
  calendarFeedQuery,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
  type CalendarFeedUrls,
} from '../api/calendar-queries.ts';

type Confirming = 'regenerate' | 'turnOff' | null;

function CopyField({
  label,
  value,
  copyLabel,
}: {
  label: string;
  value: string;
  copyLabel: string;
}) {
  const { t } = useTranslation('calendar');
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ kind: 'success', message: t('subscribe.copied') });
    } catch {
      showToast({ kind: 'critical', message: t('subscribe.notCopied') });
    }
  }
  return (
    <Group align="end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        dir="ltr"
        style={{ flex: 1, minWidth: 0 }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button
        variant="default"
        leftSection={<IconCopy size={18} aria-hidden="true" />}
        onClick={() => void copy()}
      >
        {copyLabel}
      </Button>
    </Group>
  );
}

export function SubscribePanel({ formatDate }: { formatDate: (iso: string) => string }) {
  const { t } = useTranslation('calendar');
  const status = useQuery(calendarFeedQuery());
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [urls, setUrls] = useState<CalendarFeedUrls | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const failed = () => showToast({ kind: 'critical', message: t('subscribe.failed') });

  function makeLink() {
    setConfirming(null);
    create.mutate(undefined, {
      onSuccess: (made) => {
        setUrls(made);
        showToast({ kind: 'success', message: t('subscribe.createdToast') });
      },
      onError: failed,
    });
  }

  function turnOff() {
    setConfirming(null);
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrls(null);
        showToast({ kind: 'success', message: t('subscribe.turnedOff') });
      },
      onError: failed,
    });
  }

  const exists = urls !== null || status.data?.exists === true;
  const busy = create.isPending || revoke.isPending;

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="calendar-subscribe-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="calendar-subscribe-heading">
          {t('subscribe.heading')}
        </Title>
        <Text>{t('subscribe.intro')}</Text>
        <Text>{t('subscribe.secret')}</Text>
        {status.isError ? <Text c="red">{t('subscribe.failedStatus')}</Text> : null}
        {urls !== null ? (
          <Stack gap="xs">
            <Text fw={600}>{t('subscribe.shownOnce')}</Text>
            <CopyField
              label={t('subscribe.httpsLabel')}
              value={urls.url}
              copyLabel={t('subscribe.copyHttps')}
            />
            <CopyField
              label={t('subscribe.webcalLabel')}
              value={urls.webcalUrl}
              copyLabel={t('subscribe.copyWebcal')}
            />
            <div>
              <Button component="a" href={urls.webcalUrl} variant="light">
                {t('subscribe.open')}
              </Button>
            </div>
          </Stack>
        ) : status.data?.exists && status.data.created ? (
          <Text>{t('subscribe.exists', { date: formatDate(status.data.created) })}</Text>
        ) : status.data ? (
          <Text>{t('subscribe.none')}</Text>
        ) : null}
        <Group gap="sm">
          {exists ? (
            <>
              <Button variant="default" disabled={busy} onClick={() => setConfirming('regenerate')}>
                {t('subscribe.regenerate')}
              </Button>
              <Button
                variant="default"
                color="red"
                disabled={busy}
                onClick={() => setConfirming('turnOff')}
              >
                {t('subscribe.turnOff')}
              </Button>
            </>
          ) : status.data ? (
            <Button loading={create.isPending} onClick={makeLink}>
              {t('subscribe.create')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={
          confirming === 'turnOff' ? t('subscribe.turnOffTitle') : t('subscribe.regenerateTitle')
        }
        closeButtonProps={{ 'aria-label': t('subscribe.cancel') }}
      >
        <Stack gap="md">
          <Text>
            {confirming === 'turnOff' ? t('subscribe.turnOffText') : t('subscribe.regenerateText')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('subscribe.cancel')}
            </Button>
            <Button color="red" onClick={confirming === 'turnOff' ? turnOff : makeLink}>
              {confirming === 'turnOff' ? t('subscribe.turnOff') : t('subscribe.regenerate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
