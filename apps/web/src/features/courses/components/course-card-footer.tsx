// The footer line of a course card, by state: opening or due date, submission, start with progress, completion.
import { Card, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { progressPercent, type CardFooter } from '@portal/domain';
import { useFormatters } from '../../../lib/format.ts';

export function CourseCardFooter({ footer }: { footer: CardFooter }) {
  const { t } = useTranslation('courses');
  const format = useFormatters();
  const date = (iso: string | null) => (iso ? format.date(iso) : '');

  const line = (() => {
    switch (footer.kind) {
      case 'availability':
        return t('card.availableFrom', { date: date(footer.date) });
      case 'due':
        return t('card.due', { date: date(footer.date) });
      case 'notStarted':
        return t('card.notStarted');
      case 'inGrading':
        return t('card.submitted', { date: date(footer.submitted) });
      case 'inProgress':
        return t('card.started', { date: date(footer.started) });
      case 'completed':
        return t('card.completed', { date: date(footer.finished) });
    }
  })();
  const progress =
    footer.kind === 'inGrading' || footer.kind === 'inProgress'
      ? progressPercent(footer.progress)
      : null;

  return (
    <Card.Section withBorder px="md" py="xs" mt="sm" component="footer">
      <Text size="sm">{line.trim()}</Text>
      {progress !== null ? (
        <Group gap="xs" wrap="nowrap" mt={6}>
          <Progress value={progress} aria-label={t('card.progress')} style={{ flexGrow: 1 }} />
          <Text size="xs" aria-hidden="true">
            {format.percent(progress / 100)}
          </Text>
        </Group>
      ) : null}
    </Card.Section>
  );
}
