// What a table-of-contents item shows about an activity: its status icon and the flags beside it.
import { ActivityState, type ActivityNode } from '@portal/contracts';

export type ItemStatus =
  'comingSoon' | 'completed' | 'belowPassingScore' | 'inProgress' | 'notStarted';

/** Draft first (nothing else applies), then the result: failed, finished, started, not started. */
export function itemStatus(node: ActivityNode): ItemStatus {
  if (node.state === ActivityState.draft) return 'comingSoon';
  const { lastActivityWorkflow: workflow, bestActivityRecord: record } =
    node.activityWorkflowAggregate;
  const finished = Boolean(workflow?.finished ?? record?.finished);
  if (finished && record?.passed === false) return 'belowPassingScore';
  if (finished) return 'completed';
  if (workflow) return 'inProgress';
  return 'notStarted';
}

/** Progress as a fraction in 0..1 (spec 5: clamped). */
export function clampProgress(progress: number | null | undefined): number {
  if (progress === null || progress === undefined || Number.isNaN(progress)) return 0;
  return Math.min(1, Math.max(0, progress));
}
