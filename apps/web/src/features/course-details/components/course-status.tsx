// The status column of the details: cover with the result badge, progress bar, dates and the grade.
import { Badge, Box, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  WorkflowState,
  type EnrollmentAggregate,
  type LastObjectiveRecord,
} from '@portal/contracts';
import { clampProgress, resultColor, type GradeDisplay } from '@portal/domain';
import { CourseCover } from '../../../components/course-list/course-card-parts.tsx';
import { useFormatters } from '../../../lib/format.ts';

export const COVER_HEIGHT = 200;

// Dark enough that white text stays above 4.5:1 whatever the scale's colours are.
const badgeBackground = { success: '#1E6B30', accent: '#9A4A00', danger: '#B02020' } as const;

const stateKeys = {
  [WorkflowState.inProgress]: 'status.inProgress',
  [WorkflowState.submitted]: 'status.submitted',
  [WorkflowState.inGrading]: 'status.inGrading',
  [WorkflowState.graded]: 'status.completed',
  [WorkflowState.gradingApproved]: 'status.inProgress',
  [WorkflowState.finished]: 'status.completed',
} as const;

export function ResultBadge({ display }: { display: GradeDisplay }) {
  const { t } = useTranslation('courseDetails');
  if (display.kind === 'hidden') return null;
  if (display.kind === 'gradingInProgress') {
    return (
      <Badge color="gray.8" variant="filled" tt="none">
        {t('status.gradingInProgress')}
      </Badge>
    );
  }
  const label = [display.gradeName, display.percentText].filter(Boolean).join(' · ');
  if (!label) return null;
  const percent = display.percentText === null ? null : Number.parseInt(display.percentText, 10);
  const color =
    percent === null
      ? display.passed === false
        ? 'danger'
        : 'success'
      : resultColor({ score: null, maxScore: null, normalizedScore: percent / 100 });
  return (
    <Badge
      color={badgeBackground[color]}
      variant="filled"
      autoContrast={false}
      c="white"
      tt="none"
      size="lg"
      data-testid="result-badge"
    >
      {t('status.result')}: {label}
    </Badge>
  );
}

export function CourseStatus({
  aggregate,
  record,
  display,
}: {
  aggregate: EnrollmentAggregate;
  /** The current attempt's result (currentAttemptRecord), never an earlier attempt's. */
  record: LastObjectiveRecord | null;
  display: GradeDisplay;
}) {
  const { t } = useTranslation('courseDetails');
  const format = useFormatters();
  const workflow = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow;
  const progress = clampProgress(workflow?.progress ?? record?.progress ?? 0);
  const stateLabel =
    workflow !== null
      ? t(stateKeys[workflow.state as keyof typeof stateKeys] ?? 'status.inProgress')
      : record !== null
        ? t('status.completed')
        : t('status.notStarted');
  const finished = workflow?.finished ?? record?.finished ?? null;
  const dates: [string, string | null][] = [
    [t('status.started'), workflow?.started ?? null],
    [t('status.submitted'), workflow?.submitted ?? null],
    [t('status.finished'), finished],
    [t('status.due'), aggregate.dueDate],
  ];

  return (
    <Stack gap="sm" style={{ flex: '0 1 360px' }} w="100%">
      <Box pos="relative" style={{ borderRadius: 8, overflow: 'hidden' }}>
        <CourseCover
          imageUrl={aggregate.objective.imageUrl}
          objectiveId={aggregate.objective.id}
          height={COVER_HEIGHT}
        />
        <Box pos="absolute" bottom={8} left={8}>
          <ResultBadge display={display} />
        </Box>
        {aggregate.objective.imageUrl === null && aggregate.objective.code ? (
          // The coloured cover of a course without an image carries its code, as a title page would; the
          // code is also read out beside the title, so here it is decoration.
          <Text
            aria-hidden="true"
            pos="absolute"
            top={16}
            left={16}
            right={16}
            fw={700}
            fz={28}
            c="#1A1B1E"
            lineClamp={2}
            data-testid="cover-code"
          >
            {aggregate.objective.code}
          </Text>
        ) : null}
      </Box>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {stateLabel}
        </Text>
        <Text size="sm">{format.percent(progress)}</Text>
      </Group>
      <Progress value={Math.round(progress * 100)} aria-label={t('status.progress')} />
      {display.kind === 'shown' && display.passed !== null ? (
        <Text size="sm">{display.passed ? t('status.passed') : t('status.failed')}</Text>
      ) : null}
      <Box component="dl" m={0}>
        {dates
          .filter((entry): entry is [string, string] => entry[1] !== null)
          .map(([label, date]) => (
            <Group key={label} gap="xs">
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {format.date(date)}
              </Text>
            </Group>
          ))}
      </Box>
    </Stack>
  );
}
