// The action buttons of the spec 4 table: start / retake, start again, continue, review, enrolled or add, share.
import { useNavigate } from 'react-router';
import { Button, Group } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconPlus, IconRefresh, IconEye } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PREFER_SYNC, type EnrollmentAggregate } from '@portal/contracts';
import type { CourseButtons } from '@portal/domain';
import { LMS_API, runCommand } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toast.ts';
import { courseDetailsKeys } from '../api/course-details-queries.ts';
import {
  courseContentPath,
  courseShareLink,
  restartCoursePath,
  reviewCoursePath,
  startCoursePath,
} from '../course-paths.ts';
import { ShareButton } from './share-button.tsx';
import { workflowViewPath } from '../../lti/lti-paths.ts';
import { isLtiActivityType } from '../../lti/model/lti-activity.ts';

/** Continue: the content view, or for an LTI course the full-screen view of the attempt (spec 4). */
function continuePath(aggregate: EnrollmentAggregate): string {
  const objectiveId = aggregate.objective.id;
  const workflow = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow;
  if (workflow && isLtiActivityType(aggregate.objective.activity.type))
    return workflowViewPath(objectiveId, workflow.id);
  return courseContentPath(objectiveId);
}

interface CourseActionsProps {
  aggregate: EnrollmentAggregate;
  buttons: CourseButtons;
}

export function CourseActions({ aggregate, buttons }: CourseActionsProps) {
  const { t } = useTranslation('courseDetails');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const objectiveId = aggregate.objective.id;
  const hasFinishedAttempt = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow !== null;

  const addToMyCourses = useMutation({
    mutationFn: () =>
      runCommand(
        `${LMS_API}/create-self-enrollments`,
        { id: crypto.randomUUID(), objectiveAccessId: aggregate.objectiveAccess.id },
        { prefer: PREFER_SYNC },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: courseDetailsKeys.aggregate(objectiveId) });
      showToast({ kind: 'success', message: t('actions.added') });
    },
    // Spec 8: in the details view a failed self-enrolment is only logged.
    onError: (error) => console.warn('Self-enrolment failed', error),
  });

  return (
    <Group gap="sm" role="group" aria-label={t('actions.label')}>
      {buttons.start ? (
        <Button
          leftSection={
            hasFinishedAttempt ? (
              <IconRefresh size={16} aria-hidden="true" />
            ) : (
              <IconPlayerPlay size={16} aria-hidden="true" />
            )
          }
          onClick={() =>
            void navigate(
              hasFinishedAttempt ? restartCoursePath(objectiveId) : startCoursePath(objectiveId),
            )
          }
        >
          {hasFinishedAttempt ? t('actions.retake') : t('actions.start')}
        </Button>
      ) : null}
      {buttons.startAgain ? (
        <Button
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          onClick={() =>
            void navigate(
              hasFinishedAttempt ? restartCoursePath(objectiveId) : startCoursePath(objectiveId),
            )
          }
        >
          {t('actions.startAgain')}
        </Button>
      ) : null}
      {buttons.continue ? (
        <Button
          leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
          onClick={() => void navigate(continuePath(aggregate))}
        >
          {t('actions.continue')}
        </Button>
      ) : null}
      {buttons.review ? (
        <Button
          variant="outline"
          leftSection={<IconEye size={16} aria-hidden="true" />}
          onClick={() => void navigate(reviewCoursePath(objectiveId))}
        >
          {t('actions.review')}
        </Button>
      ) : null}
      {buttons.addToMyCourses ? (
        <Button
          variant="outline"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          loading={addToMyCourses.isPending}
          onClick={() => addToMyCourses.mutate()}
        >
          {t('actions.addToMyCourses')}
        </Button>
      ) : (
        <Button variant="outline" disabled leftSection={<IconCheck size={16} aria-hidden="true" />}>
          {t('actions.enrolled')}
        </Button>
      )}
      <ShareButton link={courseShareLink(objectiveId)} />
    </Group>
  );
}
