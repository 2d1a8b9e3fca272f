// The demo seed: idempotent, working accounts, and a learner whose list shows every enrolment state.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementListSchema,
  announcementUnreadCountsSchema,
  channelListSchema,
  certificateRecordSchema,
  listEnvelopeSchema,
  ActivityState,
  ActivityType,
  activityNodeSchema,
  encodeLoadOptions,
  GradeRevealPolicy,
  NIL_ID,
  PresentationMode,
  ReviewPolicy,
  WorkflowState,
  type EnrollmentAggregate,
  type ListEnvelope,
  type Showcase,
} from '@portal/contracts';
import { clientHeaders, createTestApp, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import { signInAs } from '../test/sign-in.ts';
import { fixedClock } from '../lib/clock.ts';
import { verifyPassword } from '../lib/password.ts';
import { findRoleNames, findUserByLogin } from '../modules/identity/identity.repository.ts';
import { questionTerms } from '../modules/tutor/passages.ts';
import { createTutorRepository } from '../modules/tutor/tutor.repository.ts';
import { buildCatalogFilter, emptyCourseListFilters } from '@portal/domain';
import { DATA_LITERACY_FILES, KICKOFF_OPENS_AFTER_SECONDS } from './demo-course-experience.ts';
import { DEMO_ACCOUNTS, seedDemoTenantIfEmpty, type DemoTenant } from './demo-seed.ts';

const enrolledRule = [
  ['objectiveWorkflowAggregate.isSelfEnrolled', '=', true],
  'or',
  ['isMandatory', '=', true],
  'or',
  ['objectiveWorkflowAggregate.lastObjectiveWorkflow', '<>', null],
  'or',
  ['objectiveWorkflowAggregate.lastObjectiveRecord', '<>', null],
];

describe.each(await testDialects())('demo seed on %s', (dialect) => {
  const clock = fixedClock('2026-09-01T08:00:00.000Z');
  let testApp: TestApp;
  let seeded: DemoTenant | null;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock, startWorker: false });
    seeded = await seedDemoTenantIfEmpty(testApp.ctx.db, clock);
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function counts() {
    const db = testApp.ctx.db;
    const count = async (
      table:
        | 'tenants'
        | 'users'
        | 'objectives'
        | 'objectiveAccesses'
        | 'objectiveRecords'
        | 'showcases'
        | 'terms'
        | 'gradingScales',
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      tenants: await count('tenants'),
      users: await count('users'),
      objectives: await count('objectives'),
      accesses: await count('objectiveAccesses'),
      records: await count('objectiveRecords'),
      showcases: await count('showcases'),
      terms: await count('terms'),
      scales: await count('gradingScales'),
    };
  }

  it('creates the tenant once; a second run changes nothing', async () => {
    expect(seeded).not.toBeNull();
    const first = await counts();
    expect(first).toMatchObject({ tenants: 1, users: 5, showcases: 4, terms: 2, scales: 2 });
    expect(first.objectives).toBeGreaterThanOrEqual(12);
    expect(await seedDemoTenantIfEmpty(testApp.ctx.db, clock)).toBeNull();
    expect(await counts()).toEqual(first);
  });

  it('creates the documented accounts with their passwords and roles', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = await findUserByLogin(testApp.ctx.db, account.email);
      expect(user, account.email).toBeDefined();
      expect(await verifyPassword(account.password, user!.passwordHash)).toBe(true);
      expect(await findRoleNames(testApp.ctx.db, user!.id)).toEqual([...account.roles].sort());
    }
    const tenant = await testApp.ctx.db.selectFrom('tenants').selectAll().executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({ name: 'Northwind Academy', domain: 'localhost' });
    const primaryUnits = await testApp.ctx.db
      .selectFrom('unitMemberships')
      .select('userId')
      .where('isPrimary', '=', 1)
      .execute();
    expect(primaryUnits).toHaveLength(5);
  });

  it('offers administrators the admin panel and everyone Contact Support', async () => {
    const get = async (path: string, userId: string) =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: `/api/platform/v1/${path}`,
          headers: clientHeaders(await signInAs(testApp, userId)),
        })
      ).json();
    expect(await get('users/me/navigation', seeded!.userIds.admin)).toContainEqual({
      id: 'admin',
      name: 'Admin panel',
      url: '/admin',
    });
    expect(await get('users/me/navigation', seeded!.userIds.learner)).not.toContainEqual(
      expect.objectContaining({ id: 'admin' }),
    );
    const settings = await get('settings/learner', seeded!.userIds.learner);
    expect(settings.supportUrl).toBe('mailto:support@northwind.example');
    expect(settings.navigation.calendar).toBe(true);
    // The tutor is on, outside a course with a model built from Introduction to Machine Learning.
    expect(settings.tutor).toEqual({
      enabled: true,
      defaultKnowledgeModelId: expect.any(String),
    });
    const model = await testApp.ctx.db
      .selectFrom('tutorKnowledgeModels as m')
      .innerJoin('objectives as o', 'o.id', 'm.objectiveId')
      .innerJoin('tutorPassages as p', 'p.knowledgeModelId', 'm.id')
      .select(['o.name', (eb) => eb.fn.countAll().as('passages')])
      .where('m.id', '=', settings.tutor.defaultKnowledgeModelId)
      .groupBy('o.name')
      .executeTakeFirstOrThrow();
    expect(model.name).toBe('Introduction to Machine Learning');
    expect(Number(model.passages)).toBeGreaterThan(0);
    // The syllabus PDF the Data Literacy About links is indexed too, as part of the About (decision 0024).
    const syllabus = await testApp.ctx.db
      .selectFrom('tutorPassages as p')
      .innerJoin('tutorKnowledgeModels as m', 'm.id', 'p.knowledgeModelId')
      .innerJoin('objectives as o', 'o.id', 'm.objectiveId')
      .select(['o.name', 'p.title', 'p.axis', 'p.text'])
      .where('p.text', 'like', '%Week 2: Framing a question%')
      .execute();
    expect(syllabus).toEqual([
      {
        name: 'Data Literacy Essentials',
        title: 'Data Literacy Essentials: Course syllabus',
        axis: null,
        text: expect.stringContaining('further reading on bias'),
      },
    ]);
    const dataLiteracy = await testApp.ctx.db
      .selectFrom('tutorKnowledgeModels as m')
      .innerJoin('objectives as o', 'o.id', 'm.objectiveId')
      .select('m.id')
      .where('o.name', '=', 'Data Literacy Essentials')
      .executeTakeFirstOrThrow();
    const hits = await createTutorRepository(testApp.ctx.db, dialect).search(
      dataLiteracy.id,
      questionTerms('Which week covers further reading on bias?'),
      [],
      4,
    );
    expect(hits[0]?.title).toBe('Data Literacy Essentials: Course syllabus');
    const me = await get('users/me', seeded!.userIds.learner);
    expect(me).toMatchObject({ username: expect.any(String), department_name: expect.any(String) });
  });

  it('turns the dashboard on and gives the learner tasks, recent courses and two banners', async () => {
    const cookie = await signInAs(testApp, seeded!.userIds.learner);
    const get = async (url: string) =>
      (await testApp.app.inject({ method: 'GET', url, headers: clientHeaders(cookie) })).json();
    const settings = await get('/api/platform/v1/settings/learner');
    expect(settings.featureFlags['learner.dashboard']).toBe(true);
    const { tasks } = await get('/api/lms/v1/users/me/tasks');
    // Mandatory and not started (Workplace Safety opens later, Cloud Architecture Basics is coming soon, Legacy
    // Onboarding is archived), then in grading.
    expect(
      tasks.map((t: { kind: string; objectiveName: string }) => [t.kind, t.objectiveName]),
    ).toEqual([
      ['notStarted', 'Data Protection and GDPR'],
      ['inGrading', 'Giving Feedback That Works'],
      ['inGrading', 'Leading Hybrid Teams'],
    ]);
    const recent = await get('/api/lms/v1/users/me/recent-courses?take=4');
    expect(recent.data).toHaveLength(4);
    expect(recent.data[0]).toMatchObject({ state: 'inProgress' });
    const banners = await get('/api/lms/v1/users/me/promo-banners');
    expect(banners.data.map((b: { title: string }) => b.title)).toEqual([
      'Learning Week starts soon',
      'New: Data skills path',
    ]);
    for (const banner of banners.data) {
      expect(
        existsSync(
          resolve(
            import.meta.dirname,
            '../../../web/public',
            banner.imageUrl.replace('/learn/', ''),
          ),
        ),
      ).toBe(true);
    }
  });

  async function enrolledOf(userId: string): Promise<EnrollmentAggregate[]> {
    const cookie = await signInAs(testApp, userId);
    const query = encodeLoadOptions({
      filter: [enrolledRule, ['objective.activity.state', '<>', 4]],
      take: 100,
    });
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/lms/v1/objective-workflow-aggregates/query?${query}`,
      headers: clientHeaders(cookie),
    });
    expect(response.statusCode).toBe(200);
    return response.json<ListEnvelope<EnrollmentAggregate>>().data;
  }

  it('gives the learner an enrolment in every state the list shows', async () => {
    const items = await enrolledOf(seeded!.userIds.learner);
    const workflowStates = new Set(
      items.map((item) => item.objectiveWorkflowAggregate.lastObjectiveWorkflow?.state ?? 0),
    );
    for (const state of [
      0,
      WorkflowState.inProgress,
      WorkflowState.submitted,
      WorkflowState.inGrading,
      WorkflowState.finished,
    ]) {
      expect(workflowStates, `state ${state}`).toContain(state);
    }
    const records = items
      .map((item) => item.objectiveWorkflowAggregate.lastObjectiveRecord)
      .filter((record) => record !== null);
    expect(records.some((record) => record.passed === true && record.grade !== null)).toBe(true);
    expect(records.some((record) => record.passed === false)).toBe(true);
    expect(records.some((record) => record.objectiveWorkflowId === null)).toBe(true);
    // Never and a future afterDate: the score is withheld.
    expect(records.filter((record) => record.score === null)).toHaveLength(2);
    expect(items.some((item) => item.objective.activity.state === 1)).toBe(true);
    expect(
      items.some(
        (item) =>
          item.availabilityDate !== null && item.availabilityDate > clock.now().toISOString(),
      ),
    ).toBe(true);
    expect(items.some((item) => item.dueDate !== null)).toBe(true);
    expect(
      items.some(
        (item) => item.objective.presentationMode === 1 && item.objective.childrenCount > 0,
      ),
    ).toBe(true);
    expect(new Set(items.map((item) => item.termId)).size).toBe(3);
    expect(items.every((item) => item.objective.name !== 'Onboarding 2019 (retired)')).toBe(true);

    const cookie = await signInAs(testApp, seeded!.userIds.learner);
    const showcases = await testApp.app.inject({
      method: 'GET',
      url: '/api/lms/v1/users/me/enrolled-showcases',
      headers: clientHeaders(cookie),
    });
    expect(showcases.json<Showcase[]>().at(-1)?.id).toBe(NIL_ID);
  });

  it('gives the learner a valid, an expired and an external certificate', async () => {
    const cookie = await signInAs(testApp, seeded!.userIds.learner);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/lms/v1/certificate-records/query',
      headers: clientHeaders(cookie),
    });
    const certificates = listEnvelopeSchema(certificateRecordSchema).parse(response.json()).data;
    expect(
      certificates.map((c) => [
        c.objectiveName,
        c.status,
        c.externalUrl === null ? 'internal' : 'external',
      ]),
    ).toEqual([
      ['Responsible AI', 'valid', 'internal'],
      ['Responsible AI', 'expired', 'internal'],
      ['Anti-Bribery and Corruption', 'valid', 'external'],
    ]);
  });

  it('gives the learner announcements, some unread, in Introduction to Machine Learning', async () => {
    const cookie = await signInAs(testApp, seeded!.userIds.learner);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/lms/v1/users/me/announcement-unread-counts',
      headers: clientHeaders(cookie),
    });
    const { items } = announcementUnreadCountsSchema.parse(response.json());
    const names = await testApp.ctx.db
      .selectFrom('objectives')
      .select(['id', 'name'])
      .where(
        'id',
        'in',
        items.map((item) => item.objectiveId),
      )
      .execute();
    const nameOf = (id: string) => names.find((row) => row.id === id)!.name;
    expect(items.map((item) => [nameOf(item.objectiveId), item.unreadCount]).sort()).toEqual([
      ['Data Protection and GDPR', 0],
      ['Introduction to Machine Learning', 2],
    ]);
    const intro = items.find((item) => item.unreadCount === 2)!;
    const list = await testApp.app.inject({
      method: 'GET',
      url: `/api/lms/v1/objectives/${intro.objectiveId}/announcements`,
      headers: clientHeaders(cookie),
    });
    expect(announcementListSchema.parse(list.json()).items).toHaveLength(3);
  });

  it('opts the learner in to knowledge questions of Introduction to Machine Learning and mails her one', async () => {
    const cookie = await signInAs(testApp, seeded!.userIds.learner);
    const objectiveId = seeded!.objectiveIds.introMl;
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/lms/v1/users/me/knowledge-question-subscriptions/${objectiveId}`,
      headers: clientHeaders(cookie),
    });
    expect(response.json()).toEqual({ objectiveId, optedIn: true, hasQuestions: true });
    expect(await testApp.knowledgeQuestions.sendDue()).toBe(1);
    const mail = await testApp.ctx.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('template', '=', 'knowledgeQuestion')
      .executeTakeFirstOrThrow();
    expect(mail.toAddress).toBe('learner@example.com');
    expect(mail.subject).toContain('What is machine learning?');
    expect(mail.textBody).toContain('Examples with known answers (labels)');
  });

  it('gives the learner a course discussion and a direct channel with the staff, each with one unread', async () => {
    const cookie = await signInAs(testApp, seeded!.userIds.learner);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/lms/v1/users/me/channels',
      headers: clientHeaders(cookie),
    });
    const { items } = channelListSchema.parse(response.json());
    const byKind = (kind: string) =>
      items.filter(
        (item) => item.kind === kind && item.courseName === 'Introduction to Machine Learning',
      );
    expect(byKind('discussion').map((item) => item.unreadCount)).toEqual([1]);
    expect(byKind('direct').map((item) => item.unreadCount)).toEqual([1]);
    expect(byKind('announcement').map((item) => item.unreadCount)).toEqual([2]);
    expect(byKind('direct')[0]!.lastMessage?.content[0]).toMatchObject({ type: 'paragraph' });
  });

  it('keeps the 13 enrolments of the learner that the end-to-end tests count', async () => {
    expect(await enrolledOf(seeded!.userIds.learner)).toHaveLength(13);
  });

  it('leaves the new learner without enrolments and gives the admin some', async () => {
    expect(await enrolledOf(seeded!.userIds.newcomer)).toEqual([]);
    expect((await enrolledOf(seeded!.userIds.admin)).length).toBeGreaterThan(0);
    expect(await enrolledOf(seeded!.userIds.author)).toEqual([]);
  });

  async function catalogOf(userId: string, keyword = ''): Promise<EnrollmentAggregate[]> {
    const cookie = await signInAs(testApp, userId);
    const query = encodeLoadOptions({
      filter: buildCatalogFilter({ ...emptyCourseListFilters, keyword }),
      take: 100,
    });
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/lms/v1/objective-workflow-aggregates/query?${query}`,
      headers: clientHeaders(cookie),
    });
    expect(response.statusCode).toBe(200);
    return response.json<ListEnvelope<EnrollmentAggregate>>().data;
  }

  it('offers the learner a catalog with a searchable course and one that opens later', async () => {
    const catalog = await catalogOf(seeded!.userIds.learner);
    expect(catalog.map((item) => item.objective.name)).toEqual([
      'Design Thinking',
      'Negotiation Skills',
      'Public Speaking',
    ]);
    expect(
      (await catalogOf(seeded!.userIds.learner, 'ideate')).map((i) => i.objective.name),
    ).toEqual(['Design Thinking']);
    const negotiation = catalog.find((item) => item.objective.name === 'Negotiation Skills')!;
    expect(negotiation.availabilityDate! > clock.now().toISOString()).toBe(true);
    expect((await catalogOf(seeded!.userIds.admin)).map((i) => i.objective.name)).toEqual([
      'Design Thinking',
      'Negotiation Skills',
    ]);
    expect(await catalogOf(seeded!.userIds.newcomer)).toEqual([]);
  });

  it('publishes an open catalog on the demo domain without drafts', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/lms/v1/public/open-catalog/objectives/query?domain=localhost&requireTotalCount=true',
    });
    expect(response.statusCode).toBe(200);
    const page = response.json<ListEnvelope<{ name: string }>>();
    expect(page.data.map((item) => item.name)).toEqual([
      'Business Spanish A2',
      'Design Thinking',
      'Excel Power Tips',
      'Introduction to Machine Learning',
      'Public Speaking',
      'Python for Data Analysis',
    ]);
    expect(page.totalCount).toBe(6);
  });
  interface TreeNode {
    name: string;
    type: number;
    state: number;
    presentationMode: number;
    optional: boolean;
    scoreWeight: number;
    gate: number;
    constraint: Record<string, string | number>;
    children: TreeNode[];
  }

  /** The activity tree of a course as stored, with each part's non-null constraint columns. */
  async function treeOf(objectiveId: string): Promise<TreeNode> {
    const db = testApp.ctx.db;
    const objective = await db
      .selectFrom('objectives')
      .select('activityId')
      .where('id', '=', objectiveId)
      .executeTakeFirstOrThrow();
    const activity = async (id: string) =>
      db.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const build = async (
      activityId: string,
      part: { optional: number; scoreWeight: number; gate: number } & Record<string, unknown>,
    ): Promise<TreeNode> => {
      const row = await activity(activityId);
      const parts = await db
        .selectFrom('activityParts')
        .selectAll()
        .where('parentActivityId', '=', activityId)
        .orderBy('order')
        .execute();
      const constraint: Record<string, string | number> = {};
      for (const key of [
        'startFrom',
        'startUntil',
        'accessibleUntil',
        'gracePeriodUntil',
        'due',
        'resultsDisclosureFrom',
        'revealResultsFrom',
        'resultsDisclosurePolicy',
        'reviewPolicy',
        'resultsDisclosureAbove',
      ]) {
        const value = part[key];
        if (value !== null && value !== undefined) constraint[key] = value as string | number;
      }
      return {
        name: row.name,
        type: row.type,
        state: row.state,
        presentationMode: row.presentationMode,
        optional: part.optional === 1,
        scoreWeight: Number(part.scoreWeight),
        gate: part.gate,
        constraint,
        children: await Promise.all(parts.map((p) => build(p.childActivityId, p))),
      };
    };
    return build(objective.activityId, { optional: 0, scoreWeight: 1, gate: 1 });
  }

  const day = (days: number) => new Date(clock.now().getTime() + days * 86_400_000).toISOString();
  const textNode = (name: string, extra: Partial<TreeNode> = {}) =>
    expect.objectContaining({ name, type: ActivityType.text, children: [], ...extra });

  it('registers the built-in quiz tool and delivers the LTI courses through it', async () => {
    const { db } = testApp.ctx;
    const tool = await db
      .selectFrom('ltiTools')
      .selectAll()
      .where('clientId', '=', 'built-in-quiz')
      .executeTakeFirstOrThrow();
    expect(tool).toMatchObject({
      ltiVersion: 3,
      loginUrl: 'http://localhost:3001/login',
      jwksUrl: 'http://localhost:3001/.well-known/jwks.json',
      // It proctors the final exam too (decision 0028).
      proctoring: 1,
      redirectUris: JSON.stringify([
        'http://localhost:3001/launch',
        'http://localhost:3001/proctoring',
      ]),
    });
    const resources = await db
      .selectFrom('ltiActivityResources')
      .innerJoin('activities', 'activities.id', 'ltiActivityResources.activityId')
      .select([
        'activities.name',
        'activities.type',
        'activities.displayMode',
        'ltiActivityResources.custom',
      ])
      .where('ltiActivityResources.toolId', '=', tool.id)
      .orderBy('activities.name')
      .execute();
    expect(resources).toEqual([
      { name: 'Final exam', type: 1, displayMode: 2, custom: '{"quiz":"security-basics"}' },
      {
        name: 'Security basics quiz',
        type: 1,
        displayMode: 1,
        custom: '{"quiz":"security-basics"}',
      },
      { name: 'Web Basics Quiz', type: 1, displayMode: 2, custom: '{"quiz":"web-basics"}' },
    ]);
    const proctored = await db
      .selectFrom('activities')
      .select(['name', 'proctored', 'proctoringToolId'])
      .where('proctored', '=', 1)
      .execute();
    expect(proctored).toEqual([{ name: 'Final exam', proctored: 1, proctoringToolId: tool.id }]);
  });

  it('enrols Mae, not started, in the course-experience courses with their policies', async () => {
    const items = await enrolledOf(seeded!.userIds.courseLearner);
    const byName = new Map(items.map((item) => [item.objective.name, item]));
    expect([...byName.keys()].sort()).toEqual([
      'Code of Conduct Pledge',
      'Customer Empathy Lab',
      'Data Literacy Essentials',
      'Proctored Final Exam',
      'Project Kickoff Essentials',
      'Security Awareness Training',
      'Security Essentials',
      'Team Rituals',
      'Time Management Fundamentals',
      'Web Basics Quiz',
      'Writing Clear Emails',
    ]);
    expect(
      items.every((item) => item.objectiveWorkflowAggregate.lastObjectiveWorkflow === null),
    ).toBe(true);
    expect(byName.get('Data Literacy Essentials')).toMatchObject({
      retake: true,
      gradeRevealPolicy: GradeRevealPolicy.afterFinish,
      objective: { presentationMode: PresentationMode.tree, childrenCount: 3 },
      objectiveWorkflowAggregate: { isSelfEnrolled: true, lastObjectiveRecord: null },
    });
    expect(byName.get('Team Rituals')).toMatchObject({
      retake: false,
      gradeRevealPolicy: GradeRevealPolicy.never,
      objective: { presentationMode: PresentationMode.tiles, childrenCount: 3 },
    });
    expect(byName.get('Writing Clear Emails')).toMatchObject({
      retake: false,
      objective: { presentationMode: PresentationMode.longRead, childrenCount: 3 },
    });
    expect(byName.get('Security Awareness Training')).toMatchObject({
      isMandatory: true,
      dueDate: day(10),
      gradeRevealPolicy: GradeRevealPolicy.afterDate,
      gradeRevealDate: day(30),
    });
    expect(byName.get('Customer Empathy Lab')).toMatchObject({
      availabilityDate: day(5),
      availabilityEndDate: day(40),
    });
    expect(byName.get('Code of Conduct Pledge')).toMatchObject({
      availabilityDate: day(-40),
      availabilityEndDate: day(-3),
    });
    const imported = byName.get('Time Management Fundamentals')!.objectiveWorkflowAggregate
      .lastObjectiveRecord;
    expect(imported).toMatchObject({ objectiveWorkflowId: null, passed: true, grade: 'B' });

    expect((await catalogOf(seeded!.userIds.courseLearner)).map((i) => i.objective.name)).toEqual([
      'Public Speaking',
    ]);
  });

  it('builds Data Literacy Essentials as a three-level tree with a gate, an optional and a zero-weight part', async () => {
    const tree = await treeOf(seeded!.objectiveIds.dataLiteracy);
    expect(tree).toMatchObject({
      type: ActivityType.composite,
      presentationMode: PresentationMode.tree,
    });
    expect(tree.children).toEqual([
      expect.objectContaining({
        name: 'Module 1: Reading data',
        type: ActivityType.composite,
        gate: 1,
        children: [textNode('What data is'), textNode('Tables and charts')],
      }),
      expect.objectContaining({
        name: 'Module 2: Asking good questions',
        type: ActivityType.composite,
        gate: 2,
        children: [
          textNode('Framing a question', { optional: false }),
          textNode('Further reading: bias in data', { optional: true, scoreWeight: 1 }),
        ],
      }),
      expect.objectContaining({
        name: 'Module 3: Sharing findings',
        type: ActivityType.composite,
        children: [
          textNode('Telling the story', { scoreWeight: 1 }),
          textNode('Self-check: your data habits', { scoreWeight: 0, optional: false }),
        ],
      }),
    ]);
  });

  it('gives Data Literacy Essentials a rich About whose files the web app serves', async () => {
    const { about } = await testApp.ctx.db
      .selectFrom('objectives')
      .select('about')
      .where('id', '=', seeded!.objectiveIds.dataLiteracy)
      .executeTakeFirstOrThrow();
    expect(about).toMatch(/^<p>[^<]+/);
    expect(about).toContain('<h2>What you will learn</h2>');
    expect(about).toContain('<h3>Three charts to compare</h3>');
    expect(about).toMatch(/<table><caption>Course plan<\/caption>/);
    expect(about!.match(/<tr>/g)).toHaveLength(3);
    const images = [...about!.matchAll(/<img src="(data:image\/svg\+xml,[^"]+)" alt="([^"]+)"/g)];
    expect(images).toHaveLength(3);
    expect(new Set(images.map(([, src]) => src)).size).toBe(3);
    expect(about).toContain(`<a href="${DATA_LITERACY_FILES.syllabus}">Course syllabus</a>`);
    expect(about).toContain(`<a href="${DATA_LITERACY_FILES.worksheet}">Practice worksheet</a>`);
    // /learn/* is the built web app, which Vite copies from apps/web/public.
    for (const url of Object.values(DATA_LITERACY_FILES)) {
      const file = resolve(
        import.meta.dirname,
        '../../../web/public',
        url.replace(/^\/learn\//, ''),
      );
      expect(existsSync(file), file).toBe(true);
    }
  });

  it('gives the demo courses part constraints relative to the seed time', async () => {
    const kickoff = await treeOf(seeded!.objectiveIds.projectKickoff);
    expect(kickoff.children.map((c) => [c.name, c.constraint])).toEqual([
      ['Preparing the kickoff', {}],
      [
        'Kickoff live session',
        {
          startFrom: new Date(
            clock.now().getTime() + KICKOFF_OPENS_AFTER_SECONDS * 1000,
          ).toISOString(),
        },
      ],
      ['After the kickoff', {}],
    ]);

    const security = await treeOf(seeded!.objectiveIds.securityAwareness);
    expect(security.children.map((c) => [c.name, c.state, c.constraint])).toEqual([
      ['Security basics', ActivityState.ready, { due: day(7), reviewPolicy: ReviewPolicy.never }],
      ['Phishing drill', ActivityState.ready, { startFrom: day(3), startUntil: day(10) }],
      ['Password hygiene', ActivityState.ready, { startFrom: day(-10), startUntil: day(-2) }],
      ['Incident reporting', ActivityState.ready, { due: day(-1), gracePeriodUntil: day(2) }],
      ['Clean desk policy', ActivityState.ready, { due: day(-5), gracePeriodUntil: day(-2) }],
      ['Travel security', ActivityState.ready, { accessibleUntil: day(-1) }],
      ['Secure remote work', ActivityState.draft, {}],
      [
        'Security champions',
        ActivityState.ready,
        { startFrom: day(-7), startUntil: day(7), accessibleUntil: day(30) },
      ],
    ]);

    const rituals = await treeOf(seeded!.objectiveIds.teamRituals);
    expect(rituals.children.map((c) => c.name)).toEqual([
      'Stand-ups that stay short',
      'Retrospectives',
      'Celebrating wins',
    ]);
    const emails = await treeOf(seeded!.objectiveIds.clearEmails);
    expect(emails.children.map((c) => c.name)).toEqual([
      'Subject lines that get read',
      'One message, one purpose',
      'Closing with a clear ask',
    ]);
  });
  it('gives Grace reviewable finished attempts and a started attempt that meets part constraints', async () => {
    const items = await enrolledOf(seeded!.userIds.admin);
    const byName = new Map(items.map((item) => [item.objective.name, item]));
    const literacy = byName.get('Data Literacy Essentials')!;
    expect(literacy).toMatchObject({
      retake: true,
      gradeRevealPolicy: GradeRevealPolicy.afterFinish,
      objectiveWorkflowAggregate: {
        lastObjectiveWorkflow: { state: WorkflowState.finished },
        lastObjectiveRecord: { score: 1, passed: true, grade: 'A' },
      },
    });
    const rituals = byName.get('Team Rituals')!;
    expect(rituals).toMatchObject({ retake: false, gradeRevealPolicy: GradeRevealPolicy.never });
    expect(rituals.objectiveWorkflowAggregate.lastObjectiveRecord?.score).toBeNull();
    const security = byName.get('Security Awareness Training')!;
    expect(security.objectiveWorkflowAggregate.lastObjectiveWorkflow).toMatchObject({
      state: WorkflowState.inProgress,
    });

    const db = testApp.ctx.db;
    const activityWorkflows = async (objectiveWorkflowId: string) =>
      db
        .selectFrom('activityWorkflows')
        .innerJoin('activities', 'activities.id', 'activityWorkflows.activityId')
        .leftJoin('activityRecords', 'activityRecords.id', 'activityWorkflows.activityRecordId')
        .select([
          'activities.name',
          'activityWorkflows.axis',
          'activityWorkflows.state',
          'activityRecords.score',
        ])
        .where('activityWorkflows.objectiveWorkflowId', '=', objectiveWorkflowId)
        .execute();
    const literacyWorkflows = await activityWorkflows(
      literacy.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id,
    );
    // The root, three modules and five required activities: the optional reading was skipped.
    expect(literacyWorkflows).toHaveLength(9);
    expect(literacyWorkflows.map((w) => w.name)).not.toContain('Further reading: bias in data');
    expect(
      literacyWorkflows.every((w) => w.state === WorkflowState.finished && w.score === 1),
    ).toBe(true);
    const tree = await treeOf(seeded!.objectiveIds.dataLiteracy);
    expect(literacyWorkflows.filter((w) => w.axis === '')).toHaveLength(1);
    expect(
      literacyWorkflows
        .filter((w) => w.axis.split('/').length === 2)
        .map((w) => w.name)
        .sort(),
    ).toEqual(
      tree.children
        .flatMap((module) => module.children)
        .filter((leaf) => !leaf.optional)
        .map((leaf) => leaf.name)
        .sort(),
    );

    const securityWorkflows = await activityWorkflows(
      security.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id,
    );
    expect(
      securityWorkflows
        .map((w) => [w.name, w.state])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['Clean desk policy', WorkflowState.inProgress],
      ['Password hygiene', WorkflowState.inProgress],
      ['Security Awareness Training', WorkflowState.inProgress],
      ['Security basics', WorkflowState.finished],
    ]);
  });

  it('gives Grace a failed attempt of Security Essentials whose quiz scored 0 and which she may retake', async () => {
    const cookie = await signInAs(testApp, seeded!.userIds.admin);
    const items = await enrolledOf(seeded!.userIds.admin);
    const essentials = items.find((item) => item.objective.name === 'Security Essentials')!;
    expect(essentials).toMatchObject({
      retake: true,
      objectiveWorkflowAggregate: {
        lastObjectiveWorkflow: { state: WorkflowState.finished },
        lastObjectiveRecord: { score: 0.5, maxScore: 1, passed: false, grade: 'Fail' },
      },
    });
    const workflowId = essentials.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/lms/v1/users/me/objective-workflows/${workflowId}/activity-with-aggregates`,
      headers: clientHeaders(cookie),
    });
    expect(response.statusCode).toBe(200);
    const tree = activityNodeSchema.parse(response.json());
    expect(
      tree.children.map((node) => [node.name, node.activityWorkflowAggregate.bestActivityRecord]),
    ).toEqual([
      ['Spot a phishing e-mail', expect.objectContaining({ normalizedScore: 1, passed: true })],
      ['Security basics quiz', expect.objectContaining({ normalizedScore: 0, passed: false })],
    ]);
    // Mae has not started it: the end-to-end tests take it from the beginning.
    const mae = await enrolledOf(seeded!.userIds.courseLearner);
    expect(
      mae.find((item) => item.objective.name === 'Security Essentials')?.objectiveWorkflowAggregate
        .lastObjectiveWorkflow,
    ).toBeNull();
  });
});
