// "Preferred time zone" tab: the clock in the chosen zone, the zone select, detection and saving.
import { useMemo, useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { timeZones, type CurrentUser } from '@portal/contracts';
import { ApiError, unknownErrorText } from '../../../lib/api-client.ts';
import { useFormatters } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSetTimeZone } from '../api/profile-queries.ts';
import { useNow } from '../hooks/use-now.ts';
import {
  browserTimeZone,
  closestTimeZone,
  timeZoneForStoredValue,
} from '../time-zone-detection.ts';

const options = timeZones.map((zone) => ({ value: zone.id, label: zone.label }));

export function TimeZonePanel({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const saved = timeZoneForStoredValue(user.timezone);
  const [selectedId, setSelectedId] = useState<string | null>(saved?.id ?? null);
  const [detectedLabel, setDetectedLabel] = useState<string | null>(null);
  const selected = useMemo(() => timeZoneForStoredValue(selectedId), [selectedId]);
  const now = useNow();
  // Without a choice the clock shows the browser's own zone, which is what the person sees anyway.
  const formatters = useFormatters(selected?.iana);
  const setTimeZone = useSetTimeZone(user.id);

  const save = () => {
    if (!selected) return;
    setTimeZone.mutate(selected.id, {
      onSuccess: () => {
        setDetectedLabel(null);
        showToast({ kind: 'success', message: t('timeZone.saved') });
      },
      onError: (error) => {
        // The server checks the zone against its own list; its validation words are not the learner's.
        const message =
          error instanceof ApiError && error.status === 400
            ? t('timeZone.failed')
            : unknownErrorText();
        showToast({ kind: 'critical', message });
      },
    });
  };

  const detect = () => {
    const entry = closestTimeZone(browserTimeZone(), new Date());
    if (!entry) return;
    setSelectedId(entry.id);
    setDetectedLabel(entry.label);
  };

  return (
    <Stack gap="md" py="md" maw={560}>
      <div>
        <Text size="sm" c="dimmed">
          {t('timeZone.currentDateTime')}
        </Text>
        <Text size="lg" fw={500}>
          <time dateTime={now.toISOString()}>{formatters.dateTime(now.toISOString())}</time>
        </Text>
        {!saved ? (
          <Text size="sm" c="dimmed">
            {t('timeZone.notSet')}
          </Text>
        ) : null}
      </div>
      <Select
        label={t('timeZone.select')}
        placeholder={t('timeZone.placeholder')}
        nothingFoundMessage={t('timeZone.nothingFound')}
        data={options}
        value={selectedId}
        onChange={(value) => {
          setSelectedId(value);
          setDetectedLabel(null);
        }}
        searchable
        allowDeselect={false}
        maxDropdownHeight={320}
      />
      {/* The live region stays mounted so screen readers announce the text when it appears. */}
      <Text size="sm" role="status">
        {detectedLabel ? t('timeZone.detected', { label: detectedLabel }) : null}
      </Text>
      <Group>
        <Button variant="default" onClick={detect}>
          {t('timeZone.detect')}
        </Button>
        <Button
          onClick={save}
          loading={setTimeZone.isPending}
          disabled={!selected || selected.id === saved?.id}
        >
          {t('timeZone.save')}
        </Button>
      </Group>
    </Stack>
  );
}
