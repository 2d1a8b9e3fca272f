// Readable builders of courses and enrolments for tests: `aCourse(db, tenant).named('X').composite().withChildren(3).create()`.
import type { Kysely } from 'kysely';
import {
  ActivityState,
  ActivityType,
  ObjectiveStatus,
  PresentationMode,
  WorkflowState,
} from '@portal/contracts';
import type { Database } from '../db/schema.ts';
import { createTenant, createUser } from '../modules/identity/identity.repository.ts';
import { newId } from '../lib/ids.ts';
import {
  insertCourse,
  insertEnrolment,
  insertGradingScale,
  insertShowcase,
  insertTerm,
  type EnrolmentProgress,
  type NewCourse,
  type NewEnrolment,
  type NewResult,
} from '../seed/course-records.ts';

type Db = Kysely<Database>;

/** The instant test data is created at; tests pass their own clock for "now". */
export const BUILT_AT = '2026-03-01T09:00:00.000Z';

let sequence = 0;
const next = () => (sequence += 1);

export async function aTenant(db: Db, name = `Tenant ${next()}`): Promise<string> {
  const { id } = await createTenant(db, {
    name,
    domain: `tenant-${next()}.test`,
    created: BUILT_AT,
  });
  return id;
}

export async function aUser(
  db: Db,
  tenantId: string,
  roles: string[] = ['Learner'],
): Promise<string> {
  const n = next();
  const user = await createUser(db, {
    tenantId,
    email: `user${n}@example.test`,
    firstName: 'Test',
    lastName: `User ${n}`,
    roles,
    created: BUILT_AT,
  });
  return user.id;
}

export const aTerm = (db: Db, tenantId: string, name: string) => insertTerm(db, { tenantId, name });

export const aShowcase = (db: Db, tenantId: string, name: string, order: number) =>
  insertShowcase(db, { tenantId, name, code: name.toLowerCase().replace(/\W+/g, '-'), order });

/** A–F style scale: F 0, D 0.5, C 0.6 (passing), B 0.7, A 0.8. */
export const aGradingScale = (db: Db, tenantId: string, name = 'A–F') =>
  insertGradingScale(db, {
    tenantId,
    name,
    grades: [
      { name: 'F', color: '#C92A2A', normalizedMinScore: 0 },
      { name: 'C', color: '#E67700', normalizedMinScore: 0.6, passing: true },
      { name: 'D', color: '#D9480F', normalizedMinScore: 0.5 },
      { name: 'A', color: '#2B8A3E', normalizedMinScore: 0.8 },
      { name: 'B', color: '#5C940D', normalizedMinScore: 0.7 },
    ],
  });

class CourseBuilder {
  private readonly course: NewCourse;

  constructor(
    private readonly db: Db,
    tenantId: string,
  ) {
    const n = next();
    this.course = {
      tenantId,
      name: `Course ${n}`,
      code: `C-${n}`,
      description: null,
      created: BUILT_AT,
      type: ActivityType.text,
    };
  }

  named(
    name: string,
    code: string | null = this.course.code ?? null,
    description: string | null = null,
  ): this {
    Object.assign(this.course, { name, code, description });
    return this;
  }

  composite(): this {
    this.course.type = ActivityType.composite;
    return this;
  }

  withChildren(count: number): this {
    this.course.children = Array.from({ length: count }, (_, i) => ({
      name: `Part ${i + 1}`,
      content: `<p>Part ${i + 1}</p>`,
    }));
    return this;
  }

  tiles(): this {
    this.course.presentationMode = PresentationMode.tiles;
    return this;
  }

  draft(): this {
    this.course.activityState = ActivityState.draft;
    return this;
  }

  archived(): this {
    this.course.activityState = ActivityState.archived;
    return this;
  }

  withArchivedStatus(): this {
    this.course.objectiveStatus = ObjectiveStatus.archived;
    return this;
  }

  inOpenCatalog(): this {
    this.course.showInOpenCatalog = true;
    return this;
  }

  about(html: string): this {
    this.course.about = html;
    return this;
  }

  inShowcases(...showcaseIds: string[]): this {
    this.course.showcaseIds = showcaseIds;
    return this;
  }

  gradedBy(gradingScaleId: string): this {
    this.course.gradingScaleId = gradingScaleId;
    return this;
  }

  created(at: string): this {
    this.course.created = at;
    return this;
  }

  async create(): Promise<string> {
    return (await insertCourse(this.db, this.course)).objectiveId;
  }
}

export const aCourse = (db: Db, tenantId: string) => new CourseBuilder(db, tenantId);

class EnrolmentBuilder {
  private readonly enrolment: NewEnrolment;

  constructor(
    private readonly db: Db,
    owner: { tenantId: string; userId: string; objectiveId: string },
  ) {
    this.enrolment = { ...owner, created: BUILT_AT };
  }

  mandatory(): this {
    this.enrolment.isMandatory = true;
    return this;
  }

  selfEnrolled(): this {
    this.enrolment.isSelfEnrolled = true;
    return this;
  }

  inCatalog(): this {
    this.enrolment.showInCatalog = true;
    return this;
  }

  retake(): this {
    this.enrolment.retake = true;
    return this;
  }

  inTerm(termId: string): this {
    this.enrolment.termId = termId;
    return this;
  }

  due(at: string): this {
    this.enrolment.dueDate = at;
    return this;
  }

  availableFrom(at: string): this {
    this.enrolment.availabilityDate = at;
    return this;
  }

  availableUntil(at: string): this {
    this.enrolment.availabilityEndDate = at;
    return this;
  }

  revealGrades(policy: number, at: string | null = null): this {
    this.enrolment.gradeRevealPolicy = policy;
    this.enrolment.gradeRevealDate = at;
    return this;
  }

  created(at: string): this {
    this.enrolment.created = at;
    return this;
  }

  inProgress(progress = 0.35, started = BUILT_AT): this {
    return this.withProgress({
      kind: 'attempt',
      state: WorkflowState.inProgress,
      progress,
      started,
    });
  }

  inState(state: number, submitted = '2026-03-02T10:00:00.000Z'): this {
    return this.withProgress({ kind: 'attempt', state, progress: 1, started: BUILT_AT, submitted });
  }

  finished(result: Partial<NewResult> = {}): this {
    const finishedAt = result.finished ?? '2026-03-03T10:00:00.000Z';
    return this.withProgress({
      kind: 'attempt',
      state: WorkflowState.finished,
      progress: 1,
      started: BUILT_AT,
      submitted: finishedAt,
      finished: finishedAt,
      result: { score: 0.85, passed: true, ...result, finished: finishedAt },
    });
  }

  imported(result: Partial<NewResult> = {}): this {
    return this.withProgress({
      kind: 'imported',
      result: { score: 0.7, passed: true, finished: '2025-11-20T10:00:00.000Z', ...result },
    });
  }

  private withProgress(progress: EnrolmentProgress): this {
    this.enrolment.progress = progress;
    return this;
  }

  async create() {
    return insertEnrolment(this.db, this.enrolment);
  }
}

export const anEnrolment = (
  db: Db,
  owner: { tenantId: string; userId: string; objectiveId: string },
) => new EnrolmentBuilder(db, owner);

/** A part of a course tree for tests: its child activity and the part's flags and constraints. */
export interface TreePart {
  /** Unique within the tree: names the result entry. */
  name: string;
  /** Composite when it has children; otherwise a text activity. */
  children?: TreePart[];
  state?: number;
  supportReview?: boolean;
  optional?: boolean;
  scoreWeight?: number;
  /** 1 free, 2 previous parts must be completed first. */
  gate?: number;
  constraint?: Partial<
    Pick<
      Database['activityParts'],
      | 'startFrom'
      | 'startUntil'
      | 'accessibleUntil'
      | 'gracePeriodUntil'
      | 'due'
      | 'resultsDisclosureFrom'
      | 'revealResultsFrom'
      | 'resultsDisclosurePolicy'
      | 'reviewPolicy'
      | 'resultsDisclosureAbove'
    >
  >;
}

export interface BuiltTree {
  objectiveId: string;
  rootActivityId: string;
  /** By part name: the part id, its child activity id and its axis (part ids from the root joined by "/"). */
  parts: Record<string, { partId: string; activityId: string; axis: string }>;
}

/**
 * A composite course whose parts nest as given, e.g.
 * `aCourseTree(db, tenant, 'Course', [{ name: 'M1', children: [{ name: 'A' }] }], { gradingScaleId })`.
 */
export async function aCourseTree(
  db: Db,
  tenantId: string,
  name: string,
  parts: TreePart[],
  options: { gradingScaleId?: string | null; supportReview?: boolean } = {},
): Promise<BuiltTree> {
  const n = next();
  const activity = (id: string, activityName: string, composite: boolean, part?: TreePart) => ({
    id,
    tenantId,
    type: composite ? ActivityType.composite : ActivityType.text,
    state: part?.state ?? ActivityState.ready,
    name: activityName,
    code: null,
    description: null,
    content: composite ? null : `<p>${activityName}</p>`,
    imageUrl: null,
    supportReview:
      (part?.supportReview ?? options.supportReview ?? true) ? (1 as const) : (0 as const),
    supportMobileView: 1 as const,
    duration: null,
    proctored: 0 as const,
    presentationMode: PresentationMode.tree,
    displayMode: 2,
    maxScore: 1,
    normalizedPassingScore: null,
    created: BUILT_AT,
  });
  const rootActivityId = newId();
  await db
    .insertInto('activities')
    .values(activity(rootActivityId, name, true))
    .execute();
  const built: BuiltTree['parts'] = {};
  async function insertParts(parentId: string, parentAxis: string, children: TreePart[]) {
    for (const [index, part] of children.entries()) {
      const activityId = newId();
      const partId = newId();
      const composite = (part.children?.length ?? 0) > 0;
      await db
        .insertInto('activities')
        .values(activity(activityId, part.name, composite, part))
        .execute();
      await db
        .insertInto('activityParts')
        .values({
          id: partId,
          parentActivityId: parentId,
          childActivityId: activityId,
          order: index + 1,
          optional: part.optional ? 1 : 0,
          scoreWeight: part.scoreWeight ?? 1,
          gate: part.gate ?? 1,
          startFrom: null,
          startUntil: null,
          accessibleUntil: null,
          gracePeriodUntil: null,
          due: null,
          resultsDisclosureFrom: null,
          revealResultsFrom: null,
          resultsDisclosurePolicy: null,
          reviewPolicy: null,
          resultsDisclosureAbove: null,
          ...part.constraint,
        })
        .execute();
      const axis = parentAxis === '' ? partId : `${parentAxis}/${partId}`;
      built[part.name] = { partId, activityId, axis };
      if (composite) await insertParts(activityId, axis, part.children!);
    }
  }
  await insertParts(rootActivityId, '', parts);
  const objectiveId = newId();
  await db
    .insertInto('objectives')
    .values({
      id: objectiveId,
      tenantId,
      activityId: rootActivityId,
      name,
      code: `T-${n}`,
      description: null,
      about: null,
      imageUrl: null,
      gradingScaleId: options.gradingScaleId ?? null,
      announcementChannelId: null,
      status: ObjectiveStatus.active,
      created: BUILT_AT,
    })
    .execute();
  return { objectiveId, rootActivityId, parts: built };
}
