// Proctoring sessions in the database (migration 0018, docs/decisions/0028).
import { ProctoringSessionState, type ProctoringSession } from '@portal/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ProctoringSessionsTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type ProctoringSessionRow = Selectable<ProctoringSessionsTable>;

export function toProctoringSession(row: ProctoringSessionRow): ProctoringSession {
  return {
    id: row.id,
    activityWorkflowId: row.activityWorkflowId,
    state: row.state,
    attemptNumber: row.attemptNumber,
    created: row.created,
    assessmentStarted: row.assessmentStarted,
    finished: row.finished,
  };
}

export async function findProctoringSession(
  db: Db,
  id: string,
): Promise<ProctoringSessionRow | undefined> {
  return db.selectFrom('proctoringSessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest session of an activity workflow (highest attempt number). */
export async function findNewestSession(
  db: Db,
  activityWorkflowId: string,
): Promise<ProctoringSessionRow | undefined> {
  return db
    .selectFrom('proctoringSessions')
    .selectAll()
    .where('activityWorkflowId', '=', activityWorkflowId)
    .orderBy('attemptNumber', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Closes, in the caller's transaction, every open session of the attempt whose activity workflow has
 * finished: the proctored activity ended, so its session ends with it (state 2, finished now).
 */
export async function finishSessionsOfFinishedWorkflows(
  db: Db,
  objectiveWorkflowId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('proctoringSessions')
    .set({ state: ProctoringSessionState.finished, finished: now })
    .where('objectiveWorkflowId', '=', objectiveWorkflowId)
    .where('state', '=', ProctoringSessionState.created)
    .where((eb) =>
      eb(
        'activityWorkflowId',
        'in',
        eb
          .selectFrom('activityWorkflows')
          .select('id')
          .where('objectiveWorkflowId', '=', objectiveWorkflowId)
          .where('finished', 'is not', null),
      ),
    )
    .execute();
}
