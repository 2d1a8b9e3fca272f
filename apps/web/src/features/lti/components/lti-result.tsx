// What a tool has reported for one activity, as the tree node carries it: score (when shown), completion, and
// whether it stayed below the passing score.
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActivityNode } from '@portal/contracts';
import { clampProgress } from '@portal/domain';
import { useFormatters } from '../../../lib/format.ts';

export function LtiResult({ node }: { node: ActivityNode }) {
  const { t } = useTranslation('lti');
  const format = useFormatters();
  const { lastActivityWorkflow: workflow, bestActivityRecord: record } =
    node.activityWorkflowAggregate;
  const completed = workflow?.finished != null || record?.finished != null;
  const belowPassingScore = completed && record?.passed === false;
  const score = record?.normalizedScore ?? null;
  return (
    <Group gap="md" data-testid="lti-result" aria-label={t('result.label')} role="group">
      {score !== null ? (
        <Text fw={600}>{t('result.score', { percent: format.percent(clampProgress(score)) })}</Text>
      ) : null}
      {belowPassingScore ? (
        <Group gap={6}>
          <IconAlertTriangle size={18} aria-hidden="true" color="var(--mantine-color-orange-9)" />
          <Text>{t('result.belowPassingScore')}</Text>
        </Group>
      ) : completed ? (
        <Group gap={6}>
          {/* Green text on white fails contrast: the icon carries the colour, the text stays dark. */}
          <IconCircleCheck size={18} aria-hidden="true" color="var(--mantine-color-green-9)" />
          <Text>{t('result.completed')}</Text>
        </Group>
      ) : (
        <Text c="dimmed">{t('result.notCompleted')}</Text>
      )}
    </Group>
  );
}
