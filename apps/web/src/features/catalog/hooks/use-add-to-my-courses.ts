// "Add to my courses": runs the self-enrolment command, then tells the learner and refreshes every course list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EnrollmentAggregate } from '@portal/contracts';
import { ApiError, unknownErrorText } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toast.ts';
import { catalogKeys, createSelfEnrollment } from '../api/catalog-queries.ts';

export function useAddToMyCourses(aggregate: EnrollmentAggregate) {
  const { t } = useTranslation('catalog');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createSelfEnrollment(aggregate.objectiveAccess.id),
    onSuccess: async () => {
      showToast({ kind: 'success', message: t('course.added') });
      // The page turns to "Enrolled" at once; the refetch below confirms it from the server.
      queryClient.setQueryData(catalogKeys.course(aggregate.objective.id), {
        ...aggregate,
        objectiveWorkflowAggregate: {
          ...aggregate.objectiveWorkflowAggregate,
          isSelfEnrolled: true,
        },
      });
      // The course leaves the catalog and joins My Courses: both lists, their terms and collections change.
      await queryClient.invalidateQueries({ queryKey: ['lms'] });
    },
    onError: (error) => {
      // A refused command carries the server's reason (not in the catalog, archived, not open yet…).
      showToast({
        kind: 'critical',
        message: error instanceof ApiError ? error.message : unknownErrorText(),
      });
    },
  });
}
