// While a tool is open, the course's tree and aggregate refresh every 5 s and on focus, so a grade the tool
// reports shows up in progress and score without a reload.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activityTreeQuery,
  courseAggregateQuery,
  courseContentKeys,
  objectiveWorkflowQuery,
} from '../../course-content/api/course-content-api.ts';

export const LIVE_REFRESH_MS = 5000;

const live = { refetchInterval: LIVE_REFRESH_MS, refetchOnWindowFocus: true } as const;

/** `withWorkflow` also refreshes the attempt itself (its progress), which the full-screen view shows. */
export function useLiveCourseProgress(
  objectiveId: string,
  objectiveWorkflowId: string,
  { withWorkflow = false }: { withWorkflow?: boolean } = {},
): void {
  const queryClient = useQueryClient();
  useQuery({ ...activityTreeQuery(objectiveWorkflowId), ...live });
  useQuery({ ...courseAggregateQuery(objectiveId), ...live });
  useQuery({ ...objectiveWorkflowQuery(objectiveWorkflowId), ...live, enabled: withWorkflow });

  // Query's own focus tracking follows page visibility; coming back from the tool's window is a focus.
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: courseContentKeys.tree(objectiveWorkflowId) });
      void queryClient.invalidateQueries({ queryKey: courseContentKeys.aggregate(objectiveId) });
      if (withWorkflow)
        void queryClient.invalidateQueries({
          queryKey: courseContentKeys.workflow(objectiveWorkflowId),
        });
    };
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [queryClient, objectiveId, objectiveWorkflowId, withWorkflow]);
}
