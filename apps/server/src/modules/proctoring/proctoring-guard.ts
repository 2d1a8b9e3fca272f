// The server's refusal to open, launch or finish a proctored activity outside an open proctor session
// (docs/decisions/0028): the nearest proctored activity on the path governs, through its activity workflow's
// last proctoring session, which must be the caller's, created, started by the tool and not finished. A
// session inconsistent with its activity workflow blocks access whatever is asked (proctoringBlock).
import type { ActivityNode } from '@portal/contracts';
import { isProctorSessionOpen, proctoringBlock } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ErrorKey } from '../../i18n/server-i18n.ts';
import { findProctoringSession } from './proctoring.repository.ts';

export type ProctoringRefusalKey = Extract<
  ErrorKey,
  'proctoringBeingGraded' | 'proctoringSessionRequired'
>;

/** The proctored node nearest to the end of the path (the activity itself or a composite above it). */
export function proctoredStep(path: readonly ActivityNode[]): ActivityNode | null {
  for (let i = path.length - 1; i >= 0; i -= 1) if (path[i]!.proctored) return path[i]!;
  return null;
}

/**
 * Why the caller may not work in the activity at the end of `path` now, or null. A finished proctored
 * activity (review) is left to the review rules unless its session disagrees with it.
 */
export async function proctoringRefusal(
  db: Kysely<Database>,
  caller: { userId: string; tenantId: string },
  path: readonly ActivityNode[],
): Promise<ProctoringRefusalKey | null> {
  const step = proctoredStep(path);
  if (step === null) return null;
  const workflow = step.activityWorkflowAggregate.lastActivityWorkflow;
  const row =
    workflow?.lastProctoringSessionId != null
      ? await findProctoringSession(db, workflow.lastProctoringSessionId)
      : undefined;
  const session =
    row && row.userId === caller.userId && row.tenantId === caller.tenantId ? row : null;
  if (proctoringBlock(session, workflow) !== null) return 'proctoringBeingGraded';
  if (workflow !== null && workflow.finished !== null) return null;
  return isProctorSessionOpen(session) ? null : 'proctoringSessionRequired';
}
