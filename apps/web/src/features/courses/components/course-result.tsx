// The result of a finished course on its card: grade with its scale colour and the score badge.
import { Badge, ColorSwatch, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardResult, ResultColor } from '@portal/domain';
import { useFormatters } from '../../../lib/format.ts';

// Dark enough that white text stays above 6:1 in both colour schemes (the badge keeps its own background).
const resultBackground: Record<ResultColor, string> = {
  success: '#1E6B30',
  accent: '#9A4A00',
  danger: '#B02020',
};

export function CourseResult({ result }: { result: CardResult }) {
  const { t } = useTranslation('courses');
  const format = useFormatters();
  if (result.kind === 'awaitingGrading') {
    return <Text size="sm">{t('card.gradingInProgress')}</Text>;
  }
  return (
    <Group gap="sm" wrap="wrap">
      {result.grade ? (
        <Group gap={6} wrap="nowrap">
          {result.grade.color ? (
            <ColorSwatch color={result.grade.color} size={12} aria-hidden="true" />
          ) : null}
          <Text size="sm" fw={600}>
            {t('card.grade', { grade: result.grade.name })}
          </Text>
        </Group>
      ) : null}
      {result.percent !== null ? (
        <Badge
          color={resultBackground[result.color]}
          variant="filled"
          autoContrast={false}
          c="white"
          data-result={result.color}
        >
          <VisuallyHidden>{t('card.score')} </VisuallyHidden>
          {format.percent(result.percent / 100)}
        </Badge>
      ) : null}
    </Group>
  );
}
