// Timers of the content page: reload the tree when the soonest constraint time passes (so a part that opens
// while the page is open unlocks without a reload), and retry a failed full-tree fetch after 30 s.
import { useEffect, useState } from 'react';
import { FULL_TREE_RETRY_MS, type ActivityNode } from '@portal/contracts';
import { nextConstraintChange } from '@portal/domain';

/** setTimeout's longest delay; a later constraint re-arms the timer when this one fires. */
const MAX_TIMER_MS = 2_147_483_647;
/** Fire a moment after the constraint time, so the server's clock agrees that it has passed. */
export const CONSTRAINT_MARGIN_MS = 1000;

/**
 * The "now" the constraint rules use: re-read whenever the soonest future constraint time of the tree passes,
 * which also calls `onChange` (the caller refetches the tree).
 */
export function useConstraintClock(tree: ActivityNode | undefined, onChange: () => void): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!tree) return;
    const next = nextConstraintChange(tree, new Date());
    if (!next) return;
    const delay = Math.min(MAX_TIMER_MS, next.getTime() - Date.now() + CONSTRAINT_MARGIN_MS);
    const timer = window.setTimeout(
      () => {
        setNow(new Date());
        onChange();
      },
      Math.max(0, delay),
    );
    return () => window.clearTimeout(timer);
  }, [tree, now, onChange]);
  return now;
}

/** Spec 4: a failed full-tree fetch is retried after 30 s while it is still the current workflow. */
export function useTreeRetry(
  workflowId: string | null,
  failedAt: number | null,
  retry: () => void,
): void {
  useEffect(() => {
    if (workflowId === null || failedAt === null) return;
    const timer = window.setTimeout(retry, FULL_TREE_RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [workflowId, failedAt, retry]);
}
