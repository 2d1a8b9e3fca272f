// The course details: name, code, collections, description, availability, actions, status, attempts and About.
// The header describes the current (last) attempt; earlier attempts live in the attempts table.
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EnrollmentAggregate, GradingScale, ObjectiveRecord } from '@portal/contracts';
import {
  attemptsLeft,
  availabilityState,
  currentAttemptRecord,
  gradeDisplay,
  isComingSoon,
  notPassedResult,
  type CourseButtons,
} from '@portal/domain';
import { ComingSoonMarker } from '../../../components/course-list/course-card-parts.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { CourseCertificates } from '../../certificates/course-certificates.tsx';
import { AboutSection } from '../about/about-section.tsx';
import { CollapsibleDescription } from './collapsible-description.tsx';
import { CourseActions } from './course-actions.tsx';
import { CourseStatus } from './course-status.tsx';
import { NotPassedMessage } from './not-passed-message.tsx';
import { PreviousAttempts } from './previous-attempts.tsx';

interface CourseDetailsViewProps {
  aggregate: EnrollmentAggregate;
  buttons: CourseButtons;
  records: readonly ObjectiveRecord[];
  scale: GradingScale | null;
  /** The normalized passing score results are graded against: the scale's, else the course activity's. */
  passingScore: number | null;
  supportReview: boolean;
  now: Date;
}

export function CourseDetailsView({
  aggregate,
  buttons,
  records,
  scale,
  passingScore,
  supportReview,
  now,
}: CourseDetailsViewProps) {
  const { t } = useTranslation('courseDetails');
  const format = useFormatters();
  const { objective } = aggregate;
  usePageTitle(objective.name);
  const workflow = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow;
  const record = currentAttemptRecord(aggregate.objectiveWorkflowAggregate);
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
  const notPassed =
    display.kind === 'shown' && record !== null ? notPassedResult(record, passingScore) : null;

  return (
    <Stack gap="lg">
      {/* "wrap", not "wrap-reverse": reversed wrapping turns flex-start into the bottom edge, which pushed the
          title down beside the taller status column. */}
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="sm" style={{ flex: '1 1 320px' }}>
          <Title order={1}>
            <bdi>{objective.name}</bdi>
          </Title>
          {objective.code ? <Text c="dimmed">{objective.code}</Text> : null}
          {objective.showcases.length > 0 ? (
            <Group gap="xs" role="list" aria-label={t('page.collections')}>
              {objective.showcases.map((showcase) => (
                <Badge key={showcase.id} role="listitem" variant="light" tt="none">
                  <bdi>
                    <bdi>{showcase.name}</bdi>
                  </bdi>
                </Badge>
              ))}
            </Group>
          ) : null}
          {objective.description ? <CollapsibleDescription text={objective.description} /> : null}
          {isComingSoon(aggregate) ? <ComingSoonMarker /> : null}
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
          {notPassed ? (
            <NotPassedMessage result={notPassed} attemptsLeft={attemptsLeft(aggregate)} />
          ) : null}
          {imported ? (
            <Alert color="blue" variant="light">
              {t('imported.note')}
            </Alert>
          ) : null}
        </Stack>
        <CourseStatus aggregate={aggregate} record={record} display={display} />
      </Group>
      <PreviousAttempts
        aggregate={aggregate}
        records={records}
        supportReview={supportReview}
        now={now}
      />
      <CourseCertificates
        objectiveId={objective.id}
        record={record}
        display={display}
        passingScore={passingScore}
      />
      <AboutSection html={objective.about} />
    </Stack>
  );
}
