// Test-data builder for enrolment aggregates in every list state (used by domain and web tests, never shipped).
import {
  ActivityState,
  ActivityType,
  GradeRevealPolicy,
  PresentationMode,
  WorkflowState,
  type EnrollmentAggregate,
  type LastObjectiveRecord,
  type LastObjectiveWorkflow,
} from '@portal/contracts';

let sequence = 0;
/** Deterministic v4-shaped UUIDs, unique within a test run. */
export function testId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${sequence.toString(16).padStart(12, '0')}`;
}

export class EnrollmentBuilder {
  private value: EnrollmentAggregate;

  constructor() {
    const objectiveId = testId();
    this.value = {
      id: testId(),
      userId: testId(),
      termId: null,
      isMandatory: false,
      showInCatalog: false,
      retake: false,
      availabilityDate: null,
      availabilityEndDate: null,
      dueDate: null,
      gradeRevealPolicy: GradeRevealPolicy.none,
      gradeRevealDate: null,
      objective: {
        id: objectiveId,
        name: 'Data literacy',
        code: 'DL-101',
        description: 'Reading charts and tables.',
        imageUrl: null,
        gradingScaleId: null,
        showcases: [],
        announcementChannelId: null,
        activity: { id: testId(), state: ActivityState.ready, type: ActivityType.composite },
        childrenCount: 3,
        presentationMode: PresentationMode.tree,
      },
      objectiveWorkflowAggregate: {
        id: testId(),
        isSelfEnrolled: true,
        lastObjectiveWorkflow: null,
        lastObjectiveRecord: null,
      },
      objectiveAccess: { id: testId() },
    };
  }

  named(name: string, code: string | null = null): this {
    this.value.objective = { ...this.value.objective, name, code };
    return this;
  }

  mandatory(isMandatory = true): this {
    this.value.isMandatory = isMandatory;
    return this;
  }

  selfEnrolled(isSelfEnrolled = true): this {
    this.value.objectiveWorkflowAggregate = {
      ...this.value.objectiveWorkflowAggregate,
      isSelfEnrolled,
    };
    return this;
  }

  /** A catalog course not taken up: offered, not self-enrolled, not mandatory, no attempt or result. */
  offeredInCatalog(): this {
    this.value.showInCatalog = true;
    this.value.isMandatory = false;
    this.value.objectiveWorkflowAggregate = {
      ...this.value.objectiveWorkflowAggregate,
      isSelfEnrolled: false,
      lastObjectiveWorkflow: null,
      lastObjectiveRecord: null,
    };
    return this;
  }

  inTerm(termId: string | null): this {
    this.value.termId = termId;
    return this;
  }

  inShowcases(...showcases: { id: string; name: string }[]): this {
    this.value.objective = { ...this.value.objective, showcases };
    return this;
  }

  availableFrom(date: string | null): this {
    this.value.availabilityDate = date;
    return this;
  }

  due(date: string | null): this {
    this.value.dueDate = date;
    return this;
  }

  gradedOn(scaleId: string): this {
    this.value.objective = { ...this.value.objective, gradingScaleId: scaleId };
    return this;
  }

  gradeReveal(policy: number, date: string | null = null): this {
    this.value.gradeRevealPolicy = policy;
    this.value.gradeRevealDate = date;
    return this;
  }

  draft(): this {
    return this.withActivityState(ActivityState.draft);
  }

  withActivityState(state: number): this {
    this.value.objective = {
      ...this.value.objective,
      activity: { ...this.value.objective.activity, state },
    };
    return this;
  }

  tiles(childrenCount: number): this {
    this.value.objective = {
      ...this.value.objective,
      presentationMode: PresentationMode.tiles,
      childrenCount,
    };
    return this;
  }

  withImage(url: string): this {
    this.value.objective = { ...this.value.objective, imageUrl: url };
    return this;
  }

  withWorkflow(state: number, fields: Partial<LastObjectiveWorkflow> = {}): this {
    const workflow: LastObjectiveWorkflow = {
      id: testId(),
      state,
      progress: 0,
      started: '2026-02-01T09:00:00Z',
      submitted: null,
      finished: null,
      ...fields,
    };
    this.value.objectiveWorkflowAggregate = {
      ...this.value.objectiveWorkflowAggregate,
      lastObjectiveWorkflow: workflow,
    };
    return this;
  }

  withRecord(fields: Partial<LastObjectiveRecord> = {}): this {
    const record: LastObjectiveRecord = {
      id: testId(),
      finished: '2026-02-10T15:30:00Z',
      passed: true,
      grade: null,
      score: null,
      maxScore: null,
      normalizedScore: null,
      progress: 1,
      objectiveWorkflowId: this.value.objectiveWorkflowAggregate.lastObjectiveWorkflow?.id ?? null,
      ...fields,
    };
    this.value.objectiveWorkflowAggregate = {
      ...this.value.objectiveWorkflowAggregate,
      lastObjectiveRecord: record,
    };
    return this;
  }

  inProgress(progress = 0.35, started = '2026-02-01T09:00:00Z'): this {
    return this.withWorkflow(WorkflowState.inProgress, { progress, started });
  }

  inGrading(submitted = '2026-02-05T12:00:00Z', progress = 1): this {
    return this.withWorkflow(WorkflowState.inGrading, { progress, submitted });
  }

  finished(record: Partial<LastObjectiveRecord> = {}, finished = '2026-02-10T15:30:00Z'): this {
    this.withWorkflow(WorkflowState.finished, { progress: 1, submitted: finished, finished });
    return this.withRecord({ finished, ...record });
  }

  /** A result imported without an attempt (no workflow, only a record). */
  importedResult(record: Partial<LastObjectiveRecord> = {}): this {
    this.value.objectiveWorkflowAggregate = {
      ...this.value.objectiveWorkflowAggregate,
      lastObjectiveWorkflow: null,
    };
    return this.withRecord({ objectiveWorkflowId: null, ...record });
  }

  build(): EnrollmentAggregate {
    return structuredClone(this.value);
  }
}

export const anEnrollment = () => new EnrollmentBuilder();
