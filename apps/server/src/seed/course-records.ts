// Writers of catalogue and enrolment rows, shared by the demo seed, the scale scripts and the test builders.
import type { Kysely } from 'kysely';
import {
  ActivityState,
  ActivityType,
  GradeRevealPolicy,
  ObjectiveStatus,
  PresentationMode,
  WorkflowState,
} from '@portal/contracts';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { refreshLearnerCourse } from '../modules/courses/learner-courses.ts';

type Db = Kysely<Database>;

export async function insertTerm(
  db: Db,
  input: { tenantId: string; name: string; id?: string },
): Promise<string> {
  const id = input.id ?? newId();
  await db
    .insertInto('terms')
    .values({ id, tenantId: input.tenantId, name: input.name, startDate: null, endDate: null })
    .execute();
  return id;
}

export interface NewShowcase {
  tenantId: string;
  name: string;
  code: string;
  description?: string | null;
  order: number;
}

export async function insertShowcase(db: Db, input: NewShowcase): Promise<string> {
  const id = newId();
  await db
    .insertInto('showcases')
    .values({
      id,
      tenantId: input.tenantId,
      name: input.name,
      code: input.code,
      description: input.description ?? null,
      order: input.order,
    })
    .execute();
  return id;
}

export interface NewGradingScale {
  tenantId: string;
  name: string;
  description?: string | null;
  /** Grades from lowest to highest; `passing` marks the lowest passing grade. */
  grades: { name: string; color: string; normalizedMinScore: number; passing?: boolean }[];
}

export async function insertGradingScale(
  db: Db,
  input: NewGradingScale,
): Promise<{ id: string; gradeIds: Record<string, string> }> {
  const id = newId();
  const grades = input.grades.map((grade) => ({ ...grade, id: newId() }));
  const passing = grades.find((grade) => grade.passing);
  await db
    .insertInto('gradingScales')
    .values({
      id,
      tenantId: input.tenantId,
      name: input.name,
      description: input.description ?? null,
      maxScore: 1,
      normalizedPassingScore: passing?.normalizedMinScore ?? 0,
      passingGradeId: passing?.id ?? null,
    })
    .execute();
  await db
    .insertInto('grades')
    .values(
      grades.map((g) => ({
        id: g.id,
        gradingScaleId: id,
        name: g.name,
        color: g.color,
        normalizedMinScore: g.normalizedMinScore,
      })),
    )
    .execute();
  return { id, gradeIds: Object.fromEntries(grades.map((g) => [g.name, g.id])) };
}

/** Constraint columns of an activity part; omitted ones stay null. */
export interface NewPartConstraint {
  startFrom?: string | null;
  startUntil?: string | null;
  accessibleUntil?: string | null;
  gracePeriodUntil?: string | null;
  due?: string | null;
  resultsDisclosureFrom?: string | null;
  revealResultsFrom?: string | null;
  resultsDisclosurePolicy?: number | null;
  reviewPolicy?: number | null;
  resultsDisclosureAbove?: number | null;
}

/**
 * A child activity with the part that places it in its parent: a text activity with `content`, or a
 * composite when it has `children`.
 */
export interface NewCoursePart {
  name: string;
  content?: string;
  /** Recommended duration in seconds. */
  duration?: number;
  children?: readonly NewCoursePart[];
  /** Activity state; draft shows "coming soon". */
  state?: number;
  presentationMode?: number;
  supportReview?: boolean;
  supportMobileView?: boolean;
  optional?: boolean;
  scoreWeight?: number;
  /** 1 free, 2 previous parts must be completed first. */
  gate?: number;
  constraint?: NewPartConstraint;
}

/** A written part, depth first: `axis` is the part ids from the root joined by "/". */
export interface WrittenPart {
  name: string;
  axis: string;
  partId: string;
  activityId: string;
  parentActivityId: string;
  type: number;
  /** Optional itself or below an optional part. */
  optional: boolean;
}

export interface NewCourse {
  tenantId: string;
  name: string;
  code?: string | null;
  description?: string | null;
  about?: string | null;
  imageUrl?: string | null;
  gradingScaleId?: string | null;
  /** Root activity type; composite courses get `children` text activities. */
  type?: number;
  /** Root activity state: draft shows "coming soon", archived is never listed. */
  activityState?: number;
  objectiveStatus?: number;
  presentationMode?: number;
  /** Activity parts of a composite root, nested to any depth. */
  children?: readonly NewCoursePart[];
  showcaseIds?: readonly string[];
  /** Offered in the tenant's public open catalog. */
  showInOpenCatalog?: boolean;
  created: string;
}

export async function insertCourse(
  db: Db,
  input: NewCourse,
): Promise<{ objectiveId: string; activityId: string; parts: WrittenPart[] }> {
  const activityId = newId();
  const objectiveId = newId();
  const type = input.type ?? ActivityType.composite;
  await db
    .insertInto('activities')
    .values({
      ...activityDefaults(input.tenantId, input.created),
      id: activityId,
      type,
      state: input.activityState ?? ActivityState.ready,
      name: input.name,
      code: input.code ?? null,
      description: input.description ?? null,
      imageUrl: input.imageUrl ?? null,
      presentationMode: input.presentationMode ?? PresentationMode.tree,
    })
    .execute();
  const parts = await insertParts(
    db,
    input.tenantId,
    input.created,
    activityId,
    '',
    input.children ?? [],
  );
  await db
    .insertInto('objectives')
    .values({
      id: objectiveId,
      tenantId: input.tenantId,
      activityId,
      name: input.name,
      code: input.code ?? null,
      description: input.description ?? null,
      about: input.about ?? null,
      imageUrl: input.imageUrl ?? null,
      gradingScaleId: input.gradingScaleId ?? null,
      announcementChannelId: null,
      status: input.objectiveStatus ?? ObjectiveStatus.active,
      showInOpenCatalog: input.showInOpenCatalog ? 1 : 0,
      created: input.created,
    })
    .execute();
  if (input.showcaseIds && input.showcaseIds.length > 0) {
    await db
      .insertInto('showcaseObjectives')
      .values(input.showcaseIds.map((showcaseId) => ({ showcaseId, objectiveId })))
      .execute();
  }
  return { objectiveId, activityId, parts };
}

async function insertParts(
  db: Db,
  tenantId: string,
  created: string,
  parentActivityId: string,
  parentAxis: string,
  children: readonly NewCoursePart[],
  parentOptional = false,
): Promise<WrittenPart[]> {
  if (children.length === 0) return [];
  const rows = children.map((child) => ({
    child,
    activityId: newId(),
    partId: newId(),
    type: child.children ? ActivityType.composite : ActivityType.text,
  }));
  await db
    .insertInto('activities')
    .values(
      rows.map(({ child, activityId, type }) => ({
        ...activityDefaults(tenantId, created),
        id: activityId,
        type,
        state: child.state ?? ActivityState.ready,
        name: child.name,
        content: type === ActivityType.text ? (child.content ?? null) : null,
        duration: child.duration ?? null,
        presentationMode: child.presentationMode ?? PresentationMode.tree,
        supportReview: child.supportReview === false ? (0 as const) : (1 as const),
        supportMobileView: child.supportMobileView === false ? (0 as const) : (1 as const),
      })),
    )
    .execute();
  await db
    .insertInto('activityParts')
    .values(
      rows.map(({ child, activityId, partId }, index) => ({
        id: partId,
        parentActivityId,
        childActivityId: activityId,
        order: index + 1,
        optional: child.optional ? (1 as const) : (0 as const),
        scoreWeight: child.scoreWeight ?? 1,
        gate: child.gate ?? 1,
        ...child.constraint,
      })),
    )
    .execute();
  const written: WrittenPart[] = [];
  for (const { child, activityId, partId, type } of rows) {
    const axis = parentAxis === '' ? partId : `${parentAxis}/${partId}`;
    const optional = parentOptional || child.optional === true;
    written.push({ name: child.name, axis, partId, activityId, parentActivityId, type, optional });
    written.push(
      ...(await insertParts(
        db,
        tenantId,
        created,
        activityId,
        axis,
        child.children ?? [],
        optional,
      )),
    );
  }
  return written;
}

function activityDefaults(tenantId: string, created: string) {
  return {
    tenantId,
    code: null,
    description: null,
    content: null,
    imageUrl: null,
    supportReview: 1 as const,
    supportMobileView: 1 as const,
    duration: null,
    proctored: 0 as const,
    presentationMode: PresentationMode.tree,
    displayMode: 2,
    maxScore: 1,
    normalizedPassingScore: null,
    created,
  };
}

export interface NewResult {
  score: number | null;
  maxScore?: number;
  passed: boolean | null;
  gradeId?: string | null;
  started?: string | null;
  submitted?: string | null;
  finished: string | null;
}

/** Where the learner stands: not started, an attempt in some state (with its result), or an imported result only. */
export type EnrolmentProgress =
  | { kind: 'notStarted' }
  | {
      kind: 'attempt';
      state: number;
      progress: number;
      started: string;
      submitted?: string | null;
      finished?: string | null;
      result?: NewResult;
    }
  | { kind: 'imported'; result: NewResult };

export interface NewEnrolment {
  tenantId: string;
  userId: string;
  objectiveId: string;
  termId?: string | null;
  isMandatory?: boolean;
  isSelfEnrolled?: boolean;
  showInCatalog?: boolean;
  retake?: boolean;
  availabilityDate?: string | null;
  availabilityEndDate?: string | null;
  dueDate?: string | null;
  gradeRevealPolicy?: number;
  gradeRevealDate?: string | null;
  progress?: EnrolmentProgress;
  created: string;
}

export interface WrittenEnrolment {
  accessId: string;
  aggregateId: string;
  workflowId: string | null;
  recordId: string | null;
}

export async function insertEnrolment(db: Db, input: NewEnrolment): Promise<WrittenEnrolment> {
  const accessId = newId();
  const aggregateId = newId();
  const owner = { tenantId: input.tenantId, userId: input.userId, objectiveId: input.objectiveId };
  await db
    .insertInto('objectiveAccesses')
    .values({
      ...owner,
      id: accessId,
      termId: input.termId ?? null,
      isMandatory: input.isMandatory ? 1 : 0,
      showInCatalog: input.showInCatalog ? 1 : 0,
      retake: input.retake ? 1 : 0,
      availabilityDate: input.availabilityDate ?? null,
      availabilityEndDate: input.availabilityEndDate ?? null,
      dueDate: input.dueDate ?? null,
      gradeRevealPolicy: input.gradeRevealPolicy ?? GradeRevealPolicy.afterFinish,
      gradeRevealDate: input.gradeRevealDate ?? null,
      created: input.created,
    })
    .execute();
  await db
    .insertInto('objectiveWorkflowAggregates')
    .values({
      ...owner,
      id: aggregateId,
      objectiveAccessId: accessId,
      isSelfEnrolled: input.isSelfEnrolled ? 1 : 0,
      lastObjectiveWorkflowId: null,
      lastObjectiveRecordId: null,
      created: input.created,
    })
    .execute();
  const progress = input.progress ?? { kind: 'notStarted' };
  if (progress.kind === 'notStarted') {
    await refreshLearnerCourse(db, input.tenantId, input.userId, input.objectiveId);
    return { accessId, aggregateId, workflowId: null, recordId: null };
  }

  const workflowId = progress.kind === 'attempt' ? newId() : null;
  const result = progress.result;
  const recordId = result ? newId() : null;
  if (progress.kind === 'attempt') {
    await db
      .insertInto('objectiveWorkflows')
      .values({
        ...owner,
        id: workflowId!,
        objectiveWorkflowAggregateId: aggregateId,
        state: progress.state,
        progress: progress.progress,
        score: result?.score ?? null,
        created: progress.started,
        started: progress.started,
        submitted: progress.submitted ?? null,
        graded:
          progress.state >= WorkflowState.graded
            ? (progress.finished ?? progress.submitted ?? null)
            : null,
        gradeApproved: null,
        finished: progress.finished ?? null,
        objectiveRecordId: recordId,
        protectResults: 0,
      })
      .execute();
  }
  if (result) {
    await db
      .insertInto('objectiveRecords')
      .values({
        ...owner,
        id: recordId!,
        objectiveWorkflowAggregateId: aggregateId,
        objectiveWorkflowId: workflowId,
        score: result.score,
        maxScore: result.maxScore ?? 1,
        normalizedScore: result.score === null ? null : result.score / (result.maxScore ?? 1),
        gradeId: result.gradeId ?? null,
        passed: result.passed === null ? null : result.passed ? 1 : 0,
        progress: 1,
        protectResults: 0,
        created: result.finished ?? input.created,
        started: result.started ?? null,
        submitted: result.submitted ?? null,
        finished: result.finished,
      })
      .execute();
  }
  await db
    .updateTable('objectiveWorkflowAggregates')
    .set({ lastObjectiveWorkflowId: workflowId, lastObjectiveRecordId: recordId })
    .where('id', '=', aggregateId)
    .execute();
  await refreshLearnerCourse(db, input.tenantId, input.userId, input.objectiveId);
  return { accessId, aggregateId, workflowId, recordId };
}

/**
 * One activity workflow of an attempt: `axis` "" is the root; a finished one is completed, by default with score
 * 1 of 1 and passed.
 */
export interface NewActivityWorkflow {
  axis: string;
  activityId: string;
  started: string;
  finished: string | null;
  /** Progress of an unfinished workflow (finished ones have 1). */
  progress?: number;
  /** Result of a finished workflow, out of 1 (default 1, passed). */
  result?: { score: number; passed: boolean };
}

/**
 * Writes the activity workflows of an attempt, parents before children (each parent's axis must be listed
 * before its children's), with a record for every finished one.
 */
export async function insertActivityWorkflows(
  db: Db,
  input: {
    tenantId: string;
    userId: string;
    objectiveWorkflowId: string;
    workflows: readonly NewActivityWorkflow[];
  },
): Promise<Map<string, string>> {
  const idsByAxis = new Map<string, string>();
  for (const workflow of input.workflows) {
    const id = newId();
    const parentAxis =
      workflow.axis === '' ? null : workflow.axis.split('/').slice(0, -1).join('/');
    const parentId = parentAxis === null ? null : idsByAxis.get(parentAxis);
    if (parentId === undefined) throw new Error(`No parent workflow before axis ${workflow.axis}`);
    const recordId = workflow.finished === null ? null : newId();
    const result = workflow.result ?? { score: 1, passed: true };
    await db
      .insertInto('activityWorkflows')
      .values({
        id,
        tenantId: input.tenantId,
        objectiveWorkflowId: input.objectiveWorkflowId,
        activityId: workflow.activityId,
        axis: workflow.axis,
        parentActivityWorkflowId: parentId,
        state: workflow.finished === null ? WorkflowState.inProgress : WorkflowState.finished,
        progress: workflow.finished === null ? (workflow.progress ?? 0) : 1,
        score: workflow.finished === null ? null : result.score,
        maxScore: workflow.finished === null ? null : 1,
        created: workflow.started,
        started: workflow.started,
        submitted: workflow.finished,
        finished: workflow.finished,
        activityRecordId: null,
        lastProctoringSessionId: null,
      })
      .execute();
    if (recordId !== null) {
      await db
        .insertInto('activityRecords')
        .values({
          id: recordId,
          tenantId: input.tenantId,
          activityWorkflowId: id,
          activityId: workflow.activityId,
          userId: input.userId,
          score: result.score,
          maxScore: 1,
          normalizedScore: result.score,
          progress: 1,
          passed: result.passed ? 1 : 0,
          gradeId: null,
          created: workflow.finished!,
          started: workflow.started,
          finished: workflow.finished,
        })
        .execute();
      await db
        .updateTable('activityWorkflows')
        .set({ activityRecordId: recordId })
        .where('id', '=', id)
        .execute();
    }
    idsByAxis.set(workflow.axis, id);
  }
  return idsByAxis;
}
