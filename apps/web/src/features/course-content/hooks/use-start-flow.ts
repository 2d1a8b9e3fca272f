// Runs the start flow once when the page is opened with start=1 or restart=1, then removes those one-shot
// flags; reports "starting" until the learner's aggregate shows the new attempt.
import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EnrollmentAggregate } from '@portal/contracts';
import { showToast } from '../../../lib/toast.ts';
import { runStartFlow } from '../model/course-start.ts';

export const START_PARAM = 'start';
export const RESTART_PARAM = 'restart';

// Module level, not a ref: strict mode mounts twice, and an attempt must be started only once.
const running = new Set<string>();
const listeners = new Set<() => void>();

function setRunning(objectiveId: string, isRunning: boolean): void {
  if (isRunning) running.add(objectiveId);
  else running.delete(objectiveId);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `onDone` runs after a successful start (or a skipped one) once the aggregate has been refetched, so the page
 * shows the new attempt and selects its first activity; it gets the attempt's id (null: none to go on with).
 */
export function useStartFlow(
  objectiveId: string,
  aggregate: EnrollmentAggregate | undefined,
  onDone: (objectiveWorkflowId: string | null) => void,
): boolean {
  const { t } = useTranslation('courseContent');
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const restart = searchParams.get(RESTART_PARAM) === '1';
  const requested = restart || searchParams.get(START_PARAM) === '1';
  const starting = useSyncExternalStore(subscribe, () => running.has(objectiveId));

  useEffect(() => {
    if (!requested || !aggregate) return;
    // The flags are one-shot: reloading or sharing the address must not start another attempt.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(START_PARAM);
        next.delete(RESTART_PARAM);
        return next;
      },
      { replace: true },
    );
    if (running.has(objectiveId)) return;
    setRunning(objectiveId, true);
    void runStartFlow(aggregate, { restart }).then(async (outcome) => {
      // The learner's lists and this course's aggregate now show the new attempt. Nothing changed when the
      // flow was skipped: refetching then would read the aggregate, the attempt and its tree a second time.
      if (outcome.kind !== 'skipped') await queryClient.invalidateQueries({ queryKey: ['lms'] });
      setRunning(objectiveId, false);
      switch (outcome.kind) {
        case 'started':
          onDone(outcome.workflowId);
          return;
        case 'skipped':
          onDone(aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow?.id ?? null);
          return;
        case 'objectiveFailed':
          showToast({ kind: 'critical', message: outcome.message ?? t('genericError') });
          return;
        case 'activityFailed':
          showToast({ kind: 'critical', message: t('startFailed') });
          return;
      }
    });
  }, [requested, restart, aggregate, objectiveId, queryClient, setSearchParams, onDone, t]);

  return starting || (requested && aggregate !== undefined);
}
