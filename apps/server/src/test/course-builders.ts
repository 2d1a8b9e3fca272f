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
