// The demo tenant "Northwind Academy": accounts, units, catalogue, open catalog and enrolments in every state, seeded once.
import type { Kysely } from 'kysely';
import {
  ActivityState,
  GradeRevealPolicy,
  PresentationMode,
  WorkflowState,
} from '@portal/contracts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../lib/password.ts';
import { createTenant, createUser } from '../modules/identity/identity.repository.ts';
import { SETTING_KEYS } from '../modules/users/settings.service.ts';
import { createTutorRepository, knowledgeModelIdOf } from '../modules/tutor/tutor.repository.ts';
import { dialectOf } from '../db/dialect.ts';
import {
  insertActivityWorkflows,
  insertCourse,
  insertEnrolment,
  insertGradingScale,
  insertShowcase,
  insertTerm,
  type EnrolmentProgress,
  type NewActivityWorkflow,
  type WrittenPart,
} from './course-records.ts';
import { experienceCourses, type ExperienceCourseKey } from './demo-course-experience.ts';
import { demoCourses, type DemoCourseKey } from './demo-courses.ts';
import { seedDemoLti } from './demo-lti.ts';
import { seedDemoCertificates } from './demo-certificates.ts';
import { seedDemoAnnouncements } from './demo-announcements.ts';
import { seedDemoChannels } from './demo-channels.ts';
import { seedDemoKnowledgeQuestions } from './demo-knowledge-questions.ts';

/** The demo accounts (also listed in the README). */
export const DEMO_ACCOUNTS = {
  learner: {
    email: 'learner@example.com',
    password: 'Learner123!',
    firstName: 'Ada',
    lastName: 'Lovelace',
    roles: ['Learner'],
    unit: 'Data Science',
  },
  admin: {
    email: 'admin@example.com',
    password: 'Admin123!',
    firstName: 'Grace',
    lastName: 'Hopper',
    roles: ['Administrator', 'Author', 'Instructor', 'Learner'],
    unit: 'Administration',
  },
  author: {
    email: 'author@example.com',
    password: 'Author123!',
    firstName: 'Alan',
    lastName: 'Turing',
    roles: ['Author'],
    unit: 'Curriculum Team',
  },
  newcomer: {
    email: 'new@example.com',
    password: 'Newbie123!',
    firstName: 'Katherine',
    lastName: 'Johnson',
    roles: ['Learner'],
    unit: 'Operations',
  },
  /** Takes the course-experience demo courses: trees, tiles, long read, gates and constraints. */
  courseLearner: {
    email: 'mae@example.com',
    password: 'Learner123!',
    firstName: 'Mae',
    lastName: 'Jemison',
    roles: ['Learner'],
    unit: 'Engineering',
  },
} as const;

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

export interface DemoTenant {
  tenantId: string;
  userIds: Record<DemoAccount, string>;
  objectiveIds: Record<DemoCourseKey | ExperienceCourseKey, string>;
}

/** Seeds the demo tenant when the database holds no tenant at all; returns it when it was created. */
export async function seedDemoTenantIfEmpty(
  db: Kysely<Database>,
  clock: Clock,
  options: DemoSeedOptions = {},
): Promise<DemoTenant | null> {
  if (await hasTenant(db)) return null;
  try {
    return await seedDemoTenant(db, clock, options);
  } catch (error) {
    // Another instance sharing the database seeded it first (unique tenant domain): nothing left to do.
    if (await hasTenant(db)) return null;
    throw error;
  }
}

async function hasTenant(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Two banners for every learner of the demo tenant, running from a day before the seed for two months. */
async function seedDemoPromoBanners(
  tx: Kysely<Database>,
  input: { tenantId: string; created: string; startsAt: string; endsAt: string },
): Promise<void> {
  const common = { tenantId: input.tenantId, created: input.created, startsAt: input.startsAt };
  await tx
    .insertInto('promoBanners')
    .values([
      {
        ...common,
        id: newId(),
        title: 'Learning Week starts soon',
        text: 'Five days of short sessions on data, AI and teamwork. Pick the courses that fit your week.',
        imageUrl: '/learn/demo/promo-learning-week.svg',
        imageAlt: 'A course page on a blue background',
        linkUrl: '/learn/catalog',
        linkLabel: 'Browse the catalog',
        endsAt: input.endsAt,
        sortOrder: 1,
      },
      {
        ...common,
        id: newId(),
        title: 'New: Data skills path',
        text: 'From spreadsheets to Python: a path of four courses, at your own pace.',
        imageUrl: '/learn/demo/promo-data-skills.svg',
        imageAlt: 'A rising bar chart',
        linkUrl: null,
        linkLabel: null,
        endsAt: null,
        sortOrder: 2,
      },
    ])
    .execute();
}

export interface DemoSeedOptions {
  /** Where the built-in LTI quiz tool listens (config LTI_TOOLS_URL); default http://localhost:3001. */
  builtInToolUrl?: string;
}

/** Creates the demo tenant in one transaction, with dates relative to `clock.now()`. */
export async function seedDemoTenant(
  db: Kysely<Database>,
  clock: Clock,
  options: DemoSeedOptions = {},
): Promise<DemoTenant> {
  const now = clock.now();
  const at = (days: number, hours = 0) =>
    new Date(now.getTime() + (days * 24 + hours) * 3_600_000).toISOString();
  const created = at(-60);
  const time = {
    days: at,
    seconds: (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString(),
  };
  // scrypt is slow on purpose; hash before the transaction so it stays short.
  const hashes = Object.fromEntries(
    await Promise.all(
      Object.entries(DEMO_ACCOUNTS).map(
        async ([key, account]) => [key, await hashPassword(account.password)] as const,
      ),
    ),
  ) as Record<DemoAccount, string>;

  return db.transaction().execute(async (tx) => {
    const { id: tenantId } = await createTenant(tx, {
      name: 'Northwind Academy',
      domain: 'localhost',
      created,
      licensedFeatures: ['LMS'],
    });

    // The user menu's applications and Contact Support (spec §2): the platform's admin application for
    // administrators (outside this product, at /admin of the same site) and the support address.
    await tx
      .insertInto('settings')
      .values([
        {
          tenantId,
          key: SETTING_KEYS.portals,
          value: JSON.stringify([{ id: 'admin', name: 'Admin panel', url: '/admin' }]),
        },
        {
          tenantId,
          key: SETTING_KEYS.supportUrl,
          value: JSON.stringify('mailto:support@northwind.example'),
        },
        // The calendar screen (issue 14) in the navigation.
        { tenantId, key: SETTING_KEYS.navigationCalendar, value: JSON.stringify(true) },
        // The learner dashboard at /learn (docs/decisions/0019).
        { tenantId, key: SETTING_KEYS.dashboard, value: 'true' },
      ])
      .execute();
    await seedDemoPromoBanners(tx, { tenantId, created, startsAt: at(-1), endsAt: at(60) });

    const rootUnit = newId();
    await tx
      .insertInto('units')
      .values({ id: rootUnit, tenantId, parentId: null, name: 'Northwind Academy' })
      .execute();
    const userIds = {} as Record<DemoAccount, string>;
    for (const [key, account] of Object.entries(DEMO_ACCOUNTS) as [
      DemoAccount,
      (typeof DEMO_ACCOUNTS)[DemoAccount],
    ][]) {
      const user = await createUser(tx, {
        tenantId,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        passwordHash: hashes[key],
        timezone: null,
        roles: [...account.roles],
        created,
        // The department of the user cookie (spec §3) is the account's unit.
        departmentName: account.unit,
      });
      userIds[key] = user.id;
      const unitId = newId();
      await tx
        .insertInto('units')
        .values({ id: unitId, tenantId, parentId: rootUnit, name: account.unit })
        .execute();
      await tx
        .insertInto('unitMemberships')
        .values({ unitId, userId: user.id, isPrimary: 1 })
        .execute();
    }

    const terms = {
      autumn: await insertTerm(tx, { tenantId, name: 'Autumn 2026' }),
      spring: await insertTerm(tx, { tenantId, name: 'Spring 2027' }),
    };
    const showcases = {
      dataAi: await insertShowcase(tx, {
        tenantId,
        name: 'Data & AI',
        code: 'data-ai',
        description: 'Analytics, machine learning and the responsible use of data.',
        order: 1,
      }),
      leadership: await insertShowcase(tx, {
        tenantId,
        name: 'Leadership',
        code: 'leadership',
        description: 'Leading people and teams.',
        order: 2,
      }),
      compliance: await insertShowcase(tx, {
        tenantId,
        name: 'Compliance',
        code: 'compliance',
        description: 'Required training for every employee.',
        order: 3,
      }),
      languages: await insertShowcase(tx, {
        tenantId,
        name: 'Languages',
        code: 'languages',
        description: 'Business language courses.',
        order: 4,
      }),
    };
    const aToF = await insertGradingScale(tx, {
      tenantId,
      name: 'A–F',
      description: 'Letter grades; C and above pass.',
      grades: [
        { name: 'F', color: '#C92A2A', normalizedMinScore: 0 },
        { name: 'E', color: '#E8590C', normalizedMinScore: 0.5 },
        { name: 'D', color: '#F08C00', normalizedMinScore: 0.6, passing: true },
        { name: 'C', color: '#5C940D', normalizedMinScore: 0.7 },
        { name: 'B', color: '#2F9E44', normalizedMinScore: 0.8 },
        { name: 'A', color: '#2B8A3E', normalizedMinScore: 0.9 },
      ],
    });
    const passFail = await insertGradingScale(tx, {
      tenantId,
      name: 'Pass/Fail',
      description: null,
      grades: [
        { name: 'Fail', color: '#C92A2A', normalizedMinScore: 0 },
        { name: 'Pass', color: '#2B8A3E', normalizedMinScore: 0.6, passing: true },
      ],
    });

    const objectiveIds = {} as Record<DemoCourseKey | ExperienceCourseKey, string>;
    const trees = {} as Record<
      DemoCourseKey | ExperienceCourseKey,
      { activityId: string; parts: WrittenPart[] }
    >;
    for (const course of [...demoCourses, ...experienceCourses(time)]) {
      const { objectiveId, activityId, parts } = await insertCourse(tx, {
        tenantId,
        name: course.name,
        code: course.code,
        description: course.description,
        about: course.about ?? `<p>${course.description}</p>`,
        imageUrl: course.imageUrl,
        gradingScaleId: course.scale === 'passFail' ? passFail.id : aToF.id,
        activityState: course.state ?? ActivityState.ready,
        presentationMode:
          course.presentationMode ??
          (course.tiles ? PresentationMode.tiles : PresentationMode.tree),
        children: course.children,
        showcaseIds: course.showcases.map((key) => showcases[key]),
        showInOpenCatalog: course.openCatalog ?? false,
        created,
      });
      objectiveIds[course.key] = objectiveId;
      trees[course.key] = { activityId, parts };
    }

    /** A finished attempt with its result; the grade follows the course's scale. */
    const finished = (
      score: number,
      scale: 'aToF' | 'passFail',
      daysAgo: number,
    ): EnrolmentProgress => {
      const grades = scale === 'aToF' ? aToF : passFail;
      const gradeName = scale === 'aToF' ? letterGrade(score) : score >= 0.6 ? 'Pass' : 'Fail';
      return {
        kind: 'attempt',
        state: WorkflowState.finished,
        progress: 1,
        started: at(-daysAgo - 7),
        submitted: at(-daysAgo),
        finished: at(-daysAgo),
        result: {
          score,
          passed: score >= 0.6,
          gradeId: grades.gradeIds[gradeName] ?? null,
          started: at(-daysAgo - 7),
          submitted: at(-daysAgo),
          finished: at(-daysAgo),
        },
      };
    };
    const attempt = (
      state: number,
      progress: number,
      startedDaysAgo: number,
      submittedDaysAgo?: number,
    ): EnrolmentProgress => ({
      kind: 'attempt',
      state,
      progress,
      started: at(-startedDaysAgo),
      submitted: submittedDaysAgo === undefined ? null : at(-submittedDaysAgo),
    });
    const enrol = (
      user: DemoAccount,
      course: DemoCourseKey | ExperienceCourseKey,
      options: Partial<Parameters<typeof insertEnrolment>[1]> = {},
    ) =>
      insertEnrolment(tx, {
        tenantId,
        userId: userIds[user],
        objectiveId: objectiveIds[course],
        created,
        ...options,
      });

    // Ada (learner): one enrolment in every state the list can show.
    await enrol('learner', 'workplaceSafety', {
      isMandatory: true,
      termId: terms.autumn,
      availabilityDate: at(10),
    });
    await enrol('learner', 'dataProtection', {
      isMandatory: true,
      termId: terms.autumn,
      dueDate: at(21),
    });
    await enrol('learner', 'pythonData', { isSelfEnrolled: true, termId: terms.spring });
    await enrol('learner', 'introMl', {
      isSelfEnrolled: true,
      termId: terms.autumn,
      progress: attempt(WorkflowState.inProgress, 0.35, 5),
    });
    await enrol('learner', 'hybridTeams', {
      isMandatory: true,
      termId: terms.spring,
      progress: attempt(WorkflowState.submitted, 1, 9, 2),
    });
    await enrol('learner', 'feedback', {
      isSelfEnrolled: true,
      progress: attempt(WorkflowState.inGrading, 1, 12, 3),
    });
    const responsibleAi = await enrol('learner', 'responsibleAi', {
      isSelfEnrolled: true,
      termId: terms.autumn,
      progress: finished(0.92, 'aToF', 14),
    });
    const antiBribery = await enrol('learner', 'antiBribery', {
      isMandatory: true,
      termId: terms.autumn,
      progress: finished(0.45, 'passFail', 20),
    });
    await enrol('learner', 'businessSpanish', {
      isSelfEnrolled: true,
      termId: terms.spring,
      gradeRevealPolicy: GradeRevealPolicy.never,
      progress: finished(0.81, 'aToF', 6),
    });
    await enrol('learner', 'englishPresentations', {
      isSelfEnrolled: true,
      gradeRevealPolicy: GradeRevealPolicy.afterDate,
      gradeRevealDate: at(30),
      progress: finished(0.74, 'aToF', 4),
    });
    await enrol('learner', 'timeManagement', {
      progress: {
        kind: 'imported',
        result: { score: 0.78, passed: true, gradeId: aToF.gradeIds.C ?? null, finished: at(-200) },
      },
    });
    await enrol('learner', 'excelTips', {
      isSelfEnrolled: true,
      retake: true,
      progress: attempt(WorkflowState.inProgress, 0.6, 2),
    });
    await enrol('learner', 'cloudBasics', { isMandatory: true, termId: terms.spring });
    await enrol('learner', 'legacyOnboarding', { isMandatory: true });
    // Catalog only: "Design Thinking" is the one found by the word "ideate"; "Negotiation Skills" opens
    // in two weeks, so adding it now is refused with its availability date.
    await enrol('learner', 'publicSpeaking', { showInCatalog: true });
    await enrol('learner', 'designThinking', { showInCatalog: true });
    await enrol('learner', 'negotiation', {
      showInCatalog: true,
      termId: terms.spring,
      availabilityDate: at(14),
    });

    // Ada's certificates: valid, expired, and one held by an external credential system (see the README).
    await seedDemoCertificates(tx, {
      tenantId,
      learnerId: userIds.learner,
      created,
      recertified: {
        objectiveId: objectiveIds.responsibleAi,
        aggregateId: responsibleAi.aggregateId,
        latestAttemptId: responsibleAi.workflowId,
        latestFinished: at(-14),
        earlierPass: {
          score: 0.86,
          gradeId: aToF.gradeIds.B ?? null,
          started: at(-392),
          finished: at(-385),
        },
      },
      external: {
        objectiveId: objectiveIds.antiBribery,
        aggregateId: antiBribery.aggregateId,
        latestAttemptId: antiBribery.workflowId,
        latestFinished: at(-20),
        earlierPass: {
          score: 0.9,
          gradeId: passFail.gradeIds.Pass ?? null,
          started: at(-400),
          finished: at(-395),
        },
      },
      // Mae's Data Literacy Essentials issues a certificate when she passes it (e2e/course-flow.spec.ts).
      certifiedCourses: [objectiveIds.dataLiteracy],
    });

    // Grace (admin and learner): a smaller set.
    await enrol('admin', 'introMl', {
      isSelfEnrolled: true,
      termId: terms.autumn,
      progress: finished(0.88, 'aToF', 30),
    });
    await enrol('admin', 'hybridTeams', {
      isMandatory: true,
      progress: attempt(WorkflowState.inProgress, 0.5, 3),
    });
    await enrol('admin', 'dataProtection', { isMandatory: true, dueDate: at(7) });
    await enrol('admin', 'workplaceSafety', {
      isMandatory: true,
      progress: {
        kind: 'imported',
        result: { score: 1, passed: true, gradeId: aToF.gradeIds.A ?? null, finished: at(-400) },
      },
    });
    await enrol('admin', 'designThinking', { showInCatalog: true });
    await enrol('admin', 'negotiation', { showInCatalog: true });

    // Mae (course learner): the course-experience courses, none started, so every flow can be tried.
    await enrol('courseLearner', 'dataLiteracy', { isSelfEnrolled: true, retake: true });
    await enrol('courseLearner', 'teamRituals', {
      isSelfEnrolled: true,
      gradeRevealPolicy: GradeRevealPolicy.never,
    });
    await enrol('courseLearner', 'clearEmails', { isSelfEnrolled: true });
    await enrol('courseLearner', 'projectKickoff', { isSelfEnrolled: true });
    await enrol('courseLearner', 'securityAwareness', {
      isMandatory: true,
      dueDate: at(10),
      gradeRevealPolicy: GradeRevealPolicy.afterDate,
      gradeRevealDate: at(30),
    });
    await enrol('courseLearner', 'customerEmpathy', {
      isMandatory: true,
      availabilityDate: at(5),
      availabilityEndDate: at(40),
    });
    await enrol('courseLearner', 'conductPledge', {
      isMandatory: true,
      availabilityDate: at(-40),
      availabilityEndDate: at(-3),
    });
    await enrol('courseLearner', 'timeManagement', {
      progress: {
        kind: 'imported',
        result: { score: 0.84, passed: true, gradeId: aToF.gradeIds.B ?? null, finished: at(-90) },
      },
    });
    await enrol('courseLearner', 'publicSpeaking', { showInCatalog: true });

    // Announcements by Grace, some unread for Ada (see the README).
    await seedDemoAnnouncements(tx, {
      tenantId,
      authorId: userIds.admin,
      channels: [
        {
          objectiveId: objectiveIds.introMl,
          messages: [
            {
              text: 'Welcome to Introduction to Machine Learning! Start with the first module this week.',
              at: at(-6, 9),
            },
            {
              text: 'Office hours move to Thursday, 15:00–16:00, for the rest of the term.',
              at: at(-2, 10),
            },
            {
              text: 'The notebook for module 3 has been updated: download it again before you start.',
              at: at(-1, 8),
            },
          ],
          readUpTo: [{ userId: userIds.learner, index: 0 }],
        },
        {
          objectiveId: objectiveIds.dataProtection,
          messages: [
            {
              text: 'Reminder: this mandatory course must be completed by its due date.',
              at: at(-3, 9),
            },
          ],
          readUpTo: [{ userId: userIds.learner, index: 0 }],
        },
        {
          objectiveId: objectiveIds.dataLiteracy,
          messages: [
            { text: 'Welcome! Questions about the course are welcome any time.', at: at(-1, 9) },
          ],
        },
      ],
    });
    // A course discussion and Ada's direct channel with the staff, each with one unread reply (see the README).
    await seedDemoChannels(tx, {
      tenantId,
      objectiveId: objectiveIds.introMl,
      learnerId: userIds.learner,
      staffId: userIds.admin,
      at,
    });

    // Grace: finished attempts whose activity workflows can be reviewed (retake allowed, and not with a grade
    // never revealed), and a Security Awareness attempt whose started parts meet the constraints on unfinished work.
    const completedTree = (
      course: ExperienceCourseKey,
      started: string,
      finishedAt: string,
    ): NewActivityWorkflow[] => [
      { axis: '', activityId: trees[course].activityId, started, finished: finishedAt },
      ...trees[course].parts
        .filter((part) => !part.optional)
        .map((part) => ({
          axis: part.axis,
          activityId: part.activityId,
          started,
          finished: finishedAt,
        })),
    ];
    const graceFinished = async (
      course: ExperienceCourseKey,
      daysAgo: number,
      options: Partial<Parameters<typeof insertEnrolment>[1]>,
    ) => {
      const { workflowId } = await enrol('admin', course, {
        isSelfEnrolled: true,
        ...options,
        progress: finished(1, 'aToF', daysAgo),
      });
      await insertActivityWorkflows(tx, {
        tenantId,
        userId: userIds.admin,
        objectiveWorkflowId: workflowId!,
        workflows: completedTree(course, at(-daysAgo - 7), at(-daysAgo)),
      });
    };
    await graceFinished('dataLiteracy', 10, { retake: true });
    await graceFinished('teamRituals', 20, { gradeRevealPolicy: GradeRevealPolicy.never });

    const security = await enrol('admin', 'securityAwareness', {
      isMandatory: true,
      dueDate: at(10),
      gradeRevealPolicy: GradeRevealPolicy.afterDate,
      gradeRevealDate: at(30),
      progress: attempt(WorkflowState.inProgress, 0.125, 6),
    });
    const securityPart = (name: string) => {
      const part = trees.securityAwareness.parts.find((p) => p.name === name)!;
      return { axis: part.axis, activityId: part.activityId };
    };
    await insertActivityWorkflows(tx, {
      tenantId,
      userId: userIds.admin,
      objectiveWorkflowId: security.workflowId!,
      workflows: [
        {
          axis: '',
          activityId: trees.securityAwareness.activityId,
          started: at(-6),
          finished: null,
          progress: 0.125,
        },
        { ...securityPart('Security basics'), started: at(-6), finished: at(-5) },
        // Started before its start deadline: it may be continued although the deadline has passed.
        { ...securityPart('Password hygiene'), started: at(-4), finished: null },
        // Unfinished when its grace period ended: now blocked.
        { ...securityPart('Clean desk policy'), started: at(-6), finished: null },
      ],
    });

    // Mae and Grace: the LTI courses of the built-in quiz tool (embedded, and full screen inside a composite);
    // Grace took Security Essentials once and failed its quiz. Mae also has the proctored final exam.
    await seedDemoLti(tx, {
      tenantId,
      toolUrl: options.builtInToolUrl ?? 'http://localhost:3001',
      gradingScaleId: passFail.id,
      learnerIds: [userIds.courseLearner, userIds.admin],
      proctoredExamLearnerId: userIds.courseLearner,
      failedSecurityAttempt: {
        learnerId: userIds.admin,
        started: at(-9),
        finished: at(-8),
        gradeId: passFail.gradeIds.Fail ?? null,
      },
      created,
    });

    // The tutor assistant: on, its knowledge models built from every demo course's content, and Ada's
    // Introduction to Machine Learning as the model used outside a course.
    const tutor = createTutorRepository(tx, dialectOf(tx));
    for (const objectiveId of Object.values(objectiveIds))
      await tutor.rebuild(tenantId, objectiveId, now.toISOString());
    await tx
      .insertInto('settings')
      .values({
        tenantId,
        key: SETTING_KEYS.tutor,
        value: JSON.stringify({
          enabled: true,
          defaultKnowledgeModelId: knowledgeModelIdOf(objectiveIds.introMl),
        }),
      })
      .execute();

    // Knowledge questions by e-mail: Introduction to Machine Learning's bank, Ada opted in (see the README).
    await seedDemoKnowledgeQuestions(tx, {
      tenantId,
      objectiveId: objectiveIds.introMl,
      parts: trees.introMl.parts,
      learnerId: userIds.learner,
      created,
    });

    return { tenantId, userIds, objectiveIds };
  });
}

function letterGrade(score: number): string {
  if (score >= 0.9) return 'A';
  if (score >= 0.8) return 'B';
  if (score >= 0.7) return 'C';
  if (score >= 0.6) return 'D';
  if (score >= 0.5) return 'E';
  return 'F';
}
