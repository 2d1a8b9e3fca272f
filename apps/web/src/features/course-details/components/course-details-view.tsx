// The course details: name, code, collections, description, availability, actions, status, attempts and About.
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EnrollmentAggregate, GradingScale, ObjectiveRecord } from '@portal/contracts';
import { availabilityState, gradeDisplay, type CourseButtons } from '@portal/domain';
import { useFormatters } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { AboutSection } from '../about/about-section.tsx';
import { CollapsibleDescription } from './collapsible-description.tsx';
import { CourseActions } from './course-actions.tsx';
import { CourseStatus } from './course-status.tsx';
import { PreviousAttempts } from './previous-attempts.tsx';

interface CourseDetailsViewProps {
  aggregate: EnrollmentAggregate;
  buttons: CourseButtons;
  records: readonly ObjectiveRecord[];
  scale: GradingScale | null;
  supportReview: boolean;
  now: Date;
}

export function CourseDetailsView({
  aggregate,
  buttons,
  records,
  scale,
  supportReview,
  now,
}: CourseDetailsViewProps) {
  const { t } = useTranslation('courseDetails');
  const format = useFormatters();
  const { objective } = aggregate;
  usePageTitle(objective.name);
  const { lastObjectiveWorkflow: workflow, lastObjectiveRecord: record } =
    aggregate.objectiveWorkflowAggregate;
  const availability = availabilityState(
    {
      availabilityDate: aggregate.availabilityDate,
      availabilityEndDate: aggregate.availabilityEndDate,
      hasWorkflow: workflow !== null,
      retake: aggregate.retake,
    },
    now,
  );
  const display = gradeDisplay(
    {
      policy: aggregate.gradeRevealPolicy,
      revealDate: aggregate.gradeRevealDate,
      workflowState: workflow?.state ?? null,
      record,
      scale,
    },
    now,
  );
  const imported = record !== null && record.objectiveWorkflowId === null;

  return (
    <Stack gap="lg">
      <Group align="flex-start" gap="xl" wrap="wrap-reverse">
        <Stack gap="sm" style={{ flex: '1 1 320px' }}>
          <Title order={1}>{objective.name}</Title>
          {objective.code ? <Text c="dimmed">{objective.code}</Text> : null}
          {objective.showcases.length > 0 ? (
            <Group gap="xs" role="list" aria-label={t('page.collections')}>
              {objective.showcases.map((showcase) => (
                <Badge key={showcase.id} role="listitem" variant="light" tt="none">
                  {showcase.name}
                </Badge>
              ))}
            </Group>
          ) : null}
          {objective.description ? <CollapsibleDescription text={objective.description} /> : null}
          {availability.kind !== 'open' ? (
            <Text size="sm" fw={600} data-testid="availability-message">
              {availability.kind === 'notYetAvailable'
                ? t('availability.notYetAvailable', { date: format.dateTime(availability.date) })
                : t('availability.closed', { date: format.dateTime(availability.date) })}
            </Text>
          ) : null}
          {display.kind === 'gradingInProgress' ? (
            <Text size="sm">{t('status.gradingInProgress')}</Text>
          ) : null}
          {display.kind === 'shown' && display.gradeName ? (
            <Text size="sm" fw={600}>
              {t('status.grade', { grade: display.gradeName })}
            </Text>
          ) : null}
          <CourseActions aggregate={aggregate} buttons={buttons} />
          {imported ? (
            <Alert color="blue" variant="light">
              {t('imported.note')}
            </Alert>
          ) : null}
        </Stack>
        <CourseStatus aggregate={aggregate} display={display} />
      </Group>
      <PreviousAttempts
        aggregate={aggregate}
        records={records}
        supportReview={supportReview}
        now={now}
      />
      <AboutSection html={objective.about} />
    </Stack>
  );
}
