// Turns course-list rows into contract shapes, hiding results that the grade reveal policy keeps back.
import { type EnrollmentAggregate, type GradingScale, type Term } from '@portal/contracts';
import { isGradeRevealed } from '@portal/domain';
import type { EnrollmentAggregateRow, GradeRow, GradingScaleRow } from './courses.repository.ts';

const flag = (value: number | null): boolean => value === 1;

export function toEnrollmentAggregate(
  row: EnrollmentAggregateRow,
  showcases: { id: string; name: string }[],
  now: Date,
): EnrollmentAggregate {
  const revealed = isGradeRevealed({
    policy: row.gradeRevealPolicy,
    revealDate: row.gradeRevealDate,
    finished: row.recordFinished !== null,
    now,
  });
  return {
    id: row.id,
    userId: row.userId,
    termId: row.termId,
    isMandatory: flag(row.isMandatory),
    showInCatalog: flag(row.showInCatalog),
    retake: flag(row.retake),
    availabilityDate: row.availabilityDate,
    availabilityEndDate: row.availabilityEndDate,
    dueDate: row.dueDate,
    gradeRevealPolicy: row.gradeRevealPolicy,
    gradeRevealDate: row.gradeRevealDate,
    objective: {
      id: row.objectiveId,
      name: row.objectiveName,
      code: row.objectiveCode,
      description: row.objectiveDescription,
      about: row.objectiveAbout,
      imageUrl: row.objectiveImageUrl,
      gradingScaleId: row.gradingScaleId,
      showcases,
      announcementChannelId: row.announcementChannelId,
      activity: { id: row.activityId, state: row.activityState, type: row.activityType },
      childrenCount: Number(row.childrenCount ?? 0),
      presentationMode: row.presentationMode,
    },
    objectiveWorkflowAggregate: {
      id: row.id,
      isSelfEnrolled: flag(row.isSelfEnrolled),
      lastObjectiveWorkflow:
        row.workflowId === null
          ? null
          : {
              id: row.workflowId,
              state: row.workflowState ?? 0,
              progress: row.workflowProgress ?? 0,
              started: row.workflowStarted,
              submitted: row.workflowSubmitted,
              finished: row.workflowFinished,
            },
      lastObjectiveRecord:
        row.recordId === null
          ? null
          : {
              id: row.recordId,
              finished: row.recordFinished,
              // A hidden result is withheld here, on the server: the learner never receives it.
              passed: revealed && row.recordPassed !== null ? flag(row.recordPassed) : null,
              grade: revealed ? row.gradeName : null,
              score: revealed ? row.recordScore : null,
              maxScore: revealed ? row.recordMaxScore : null,
              normalizedScore: revealed ? row.recordNormalizedScore : null,
              progress: row.recordProgress ?? 0,
              objectiveWorkflowId: row.recordObjectiveWorkflowId,
            },
    },
    objectiveAccess: { id: row.objectiveAccessId },
  };
}

export function toTerm(row: { id: string; name: string }): Term {
  return { id: row.id, name: row.name };
}

export function toGradingScale(row: GradingScaleRow, grades: GradeRow[]): GradingScale {
  return {
    id: row.id,
    maxScore: row.maxScore,
    name: row.name,
    description: row.description,
    normalizedPassingScore: row.normalizedPassingScore,
    numberOfGrades: grades.length,
    objectiveGrades: grades.map((grade) => ({
      id: grade.id,
      name: grade.name,
      color: grade.color,
      normalizedMinScore: grade.normalizedMinScore,
    })),
    passingGradeId: row.passingGradeId,
  };
}
