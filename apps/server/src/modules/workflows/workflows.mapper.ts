// Turns attempt and result rows into contract shapes, withholding scores the grade reveal policy hides.
import type { ObjectiveRecord, ObjectiveWorkflow } from '@portal/contracts';
import { isGradeRevealed } from '@portal/domain';
import type { AttemptRow, ObjectiveRecordRow } from './workflows.repository.ts';

const flag = (value: number | null): boolean => value === 1;

export function toObjectiveWorkflow(row: AttemptRow): ObjectiveWorkflow {
  return {
    id: row.id,
    objectiveId: row.objectiveId,
    objectiveWorkflowAggregateId: row.objectiveWorkflowAggregateId,
    state: row.state,
    progress: row.progress,
    started: row.started,
    submitted: row.submitted,
    finished: row.finished,
    objectiveRecordId: row.objectiveRecordId,
    protectResults: flag(row.protectResults),
  };
}

export function toObjectiveRecord(row: ObjectiveRecordRow, now: Date): ObjectiveRecord {
  const revealed = isGradeRevealed({
    policy: row.gradeRevealPolicy,
    revealDate: row.gradeRevealDate,
    finished: row.finished !== null,
    now,
  });
  return {
    id: row.id,
    objectiveId: row.objectiveId,
    objectiveWorkflowId: row.objectiveWorkflowId,
    // A hidden result is withheld here, on the server: the learner never receives it.
    score: revealed ? row.score : null,
    maxScore: revealed ? row.maxScore : null,
    normalizedScore: revealed ? row.normalizedScore : null,
    grade: revealed ? row.gradeName : null,
    gradeColor: revealed ? row.gradeColor : null,
    passed: revealed && row.passed !== null ? flag(row.passed) : null,
    progress: row.progress,
    protectResults: flag(row.protectResults),
    started: row.started,
    submitted: row.submitted,
    finished: row.finished,
  };
}
