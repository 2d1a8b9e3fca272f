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
  children?: readonly { name: string; content: string; duration?: number }[];
  showcaseIds?: readonly string[];
  /** Offered in the tenant's public open catalog. */
  showInOpenCatalog?: boolean;
  created: string;
}

export async function insertCourse(
  db: Db,
  input: NewCourse,
): Promise<{ objectiveId: string; activityId: string }> {
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
  const children = input.children ?? [];
  if (children.length > 0) {
    const childRows = children.map((child) => ({
      ...activityDefaults(input.tenantId, input.created),
      id: newId(),
      type: ActivityType.text,
      state: ActivityState.ready,
      name: child.name,
      content: child.content,
      duration: child.duration ?? null,
    }));
    await db.insertInto('activities').values(childRows).execute();
    await db
      .insertInto('activityParts')
      .values(
        childRows.map((child, index) => ({
          id: newId(),
          parentActivityId: activityId,
          childActivityId: child.id,
          order: index + 1,
          optional: 0 as const,
          scoreWeight: 1,
          gate: 1,
        })),
      )
      .execute();
  }
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
  return { objectiveId, activityId };
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
  if (progress.kind === 'notStarted')
    return { accessId, aggregateId, workflowId: null, recordId: null };

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
  return { accessId, aggregateId, workflowId, recordId };
}
