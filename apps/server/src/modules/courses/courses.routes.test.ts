// My Courses endpoints through real HTTP on every dialect: who sees what, filters, order, paging, grade reveal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  encodeLoadOptions,
  GradeRevealPolicy,
  NIL_ID,
  WorkflowState,
  type EnrollmentAggregate,
  type GradingScale,
  type ListEnvelope,
  type LoadOptions,
  type Showcase,
  type Term,
} from '@portal/contracts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fixedClock } from '../../lib/clock.ts';
import {
  aCourse,
  aGradingScale,
  anEnrolment,
  aShowcase,
  aTenant,
  aTerm,
  aUser,
} from '../../test/course-builders.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const REVEAL_DATE = '2026-04-01T00:00:00.000Z';

/** The client's enrolled rule (spec portal-shell §7), as E's buildEnrolledFilter sends it. */
const enrolledRule = [
  ['objectiveWorkflowAggregate.isSelfEnrolled', '=', true],
  'or',
  ['isMandatory', '=', true],
  'or',
  ['objectiveWorkflowAggregate.lastObjectiveWorkflow', '<>', null],
  'or',
  ['objectiveWorkflowAggregate.lastObjectiveRecord', '<>', null],
];
const enrolled = (...more: unknown[]) => [
  enrolledRule,
  ['objective.activity.state', '<>', 4],
  ...more,
];

describe.each(await testDialects())('course list endpoints on %s', (dialect) => {
  const clock = fixedClock(NOW);
  let testApp: TestApp;
  let cookie: string;
  const ids = {} as Record<
    | 'tenant'
    | 'learner'
    | 'otherLearner'
    | 'dataAi'
    | 'leadership'
    | 'autumn'
    | 'spring'
    | 'scale'
    | 'otherScale'
    | 'otherTenantCourse',
    string
  >;
  let gradeIds: Record<string, string>;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock, startWorker: false });
    const db = testApp.ctx.db;
    ids.tenant = await aTenant(db);
    ids.learner = await aUser(db, ids.tenant);
    ids.otherLearner = await aUser(db, ids.tenant);
    ids.dataAi = await aShowcase(db, ids.tenant, 'Data & AI', 1);
    ids.leadership = await aShowcase(db, ids.tenant, 'Leadership', 2);
    await aShowcase(db, ids.tenant, 'Unused', 3);
    ids.autumn = await aTerm(db, ids.tenant, 'Autumn 2026');
    ids.spring = await aTerm(db, ids.tenant, 'Spring 2027');
    const unusedTerm = await aTerm(db, ids.tenant, 'Unused term');
    const scale = await aGradingScale(db, ids.tenant);
    ids.scale = scale.id;
    gradeIds = scale.gradeIds;
    const tenant = ids.tenant;
    const mine = (objectiveId: string) =>
      anEnrolment(db, { tenantId: tenant, userId: ids.learner, objectiveId });
    const course = () => aCourse(db, tenant).gradedBy(ids.scale);

    const safety = await course()
      .named('Mandatory Safety', 'SAF-1', 'Fire drills and first aid')
      .inShowcases(ids.leadership)
      .create();
    await mine(safety).mandatory().inTerm(ids.autumn).due('2026-04-30T00:00:00.000Z').create();
    const python = await course()
      .named('Python Basics', 'PY-101', 'Variables, loops and functions')
      .inShowcases(ids.dataAi)
      .create();
    await mine(python).selfEnrolled().inTerm(ids.spring).create();
    const teams = await course()
      .named('Leading Teams', 'LEAD-2')
      .about('<p>Teams that <b>trust</b>.</p>')
      .composite()
      .withChildren(3)
      .tiles()
      .inShowcases(ids.leadership)
      .create();
    await mine(teams).selfEnrolled().inProgress(0.35, '2026-03-10T08:00:00.000Z').create();
    const statistics = await course().named('Statistics', 'STAT-1').create();
    await mine(statistics).mandatory().inState(WorkflowState.submitted).create();
    const negotiation = await course().named('Negotiation', 'NEG-1').create();
    await mine(negotiation).selfEnrolled().inState(WorkflowState.inGrading).create();
    const ethics = await course()
      .named('Data Ethics', 'ETH-1', 'Privacy and FAIRNESS')
      .inShowcases(ids.dataAi, ids.leadership)
      .create();
    await mine(ethics)
      .inTerm(ids.autumn)
      .finished({ score: 0.85, passed: true, gradeId: gradeIds.A! })
      .create();
    const legacy = await course().named('Legacy Import', 'LEG-1').create();
    await mine(legacy).imported({ score: 0.4, passed: false, gradeId: gradeIds.F! }).create();
    const catalogOnly = await course()
      .named('Catalog Only', 'CAT-1')
      .inShowcases(ids.dataAi)
      .create();
    await mine(catalogOnly).inCatalog().create();
    const archived = await course().named('Archived Course', 'ARC-1').archived().create();
    await mine(archived).mandatory().inTerm(unusedTerm).create();
    const retired = await course()
      .named('Retired Objective', 'RET-1')
      .withArchivedStatus()
      .create();
    await mine(retired).mandatory().create();
    const hidden = await course().named('Hidden Access', 'HID-1').create();
    await mine(hidden).create();
    const never = await course().named('Never Reveal', 'NEV-1').create();
    await mine(never)
      .finished({ score: 0.95, passed: true, gradeId: gradeIds.A! })
      .revealGrades(GradeRevealPolicy.never)
      .create();
    const later = await course().named('Reveal Later', 'LAT-1').create();
    await mine(later)
      .finished({ score: 0.55, passed: false, gradeId: gradeIds.D! })
      .revealGrades(GradeRevealPolicy.afterDate, REVEAL_DATE)
      .create();
    const draft = await course().named('Coming Soon', 'NEW-1').draft().create();
    await mine(draft).mandatory().availableFrom('2026-05-01T00:00:00.000Z').create();

    // Another learner of the same tenant, enrolled in the same course, and a learner of another tenant.
    await anEnrolment(db, { tenantId: tenant, userId: ids.otherLearner, objectiveId: safety })
      .mandatory()
      .inProgress()
      .create();
    const otherTenant = await aTenant(db);
    const stranger = await aUser(db, otherTenant);
    ids.otherTenantCourse = await aCourse(db, otherTenant)
      .named('Mandatory Safety', 'SAF-1')
      .create();
    await anEnrolment(db, {
      tenantId: otherTenant,
      userId: stranger,
      objectiveId: ids.otherTenantCourse,
    })
      .mandatory()
      .create();
    ids.otherScale = (await aGradingScale(db, otherTenant, 'Foreign scale')).id;

    cookie = await signInAs(testApp, ids.learner);
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function get(url: string, sessionCookie: string | null = cookie) {
    return testApp.app.inject({
      method: 'GET',
      url,
      headers: clientHeaders(sessionCookie ?? undefined),
    });
  }

  async function list(options: LoadOptions) {
    return get(
      `/api/lms/v1/objective-workflow-aggregates/query?${encodeLoadOptions(options).toString()}`,
    );
  }

  async function listRaw(query: Record<string, string>) {
    return get(
      `/api/lms/v1/objective-workflow-aggregates/query?${new URLSearchParams(query).toString()}`,
    );
  }

  async function names(options: LoadOptions): Promise<string[]> {
    const response = await list(options);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<ListEnvelope<EnrollmentAggregate>>()
      .data.map((item) => item.objective.name);
  }

  async function byName(name: string): Promise<EnrollmentAggregate> {
    const response = await list({ filter: ['objective.name', '=', name] });
    const [item] = response.json<ListEnvelope<EnrollmentAggregate>>().data;
    if (!item) throw new Error(`no row named ${name}`);
    return item;
  }

  it('requires a session', async () => {
    expect((await get('/api/lms/v1/objective-workflow-aggregates/query', null)).statusCode).toBe(
      401,
    );
    expect((await get('/api/lms/v1/users/me/terms', null)).statusCode).toBe(401);
    expect((await get('/api/lms/v1/users/me/enrolled-showcases', null)).statusCode).toBe(401);
    expect((await get('/api/lms/v1/grading-scales/query', null)).statusCode).toBe(401);
  });

  it('lists only the caller’s enrolled and catalog courses, never archived ones, sorted by name', async () => {
    const response = await list({ requireTotalCount: true });
    expect(response.statusCode).toBe(200);
    const body = response.json<ListEnvelope<EnrollmentAggregate>>();
    expect(body.data.map((item) => item.objective.name)).toEqual([
      'Catalog Only',
      'Coming Soon',
      'Data Ethics',
      'Leading Teams',
      'Legacy Import',
      'Mandatory Safety',
      'Negotiation',
      'Never Reveal',
      'Python Basics',
      'Reveal Later',
      'Statistics',
    ]);
    expect(body).toMatchObject({ totalCount: 11, groupCount: -1, summary: null });
    expect(new Set(body.data.map((item) => item.userId))).toEqual(new Set([ids.learner]));
  });

  it('applies the client’s enrolled rule in every state, excluding catalog-only courses', async () => {
    expect(await names({ filter: enrolled() })).toEqual([
      'Coming Soon',
      'Data Ethics',
      'Leading Teams',
      'Legacy Import',
      'Mandatory Safety',
      'Negotiation',
      'Never Reveal',
      'Python Basics',
      'Reveal Later',
      'Statistics',
    ]);
  });

  it('answers the catalog rule with catalog-only courses', async () => {
    const catalog = [
      ['objectiveWorkflowAggregate.isSelfEnrolled', '=', false],
      ['showInCatalog', '=', true],
      ['objectiveWorkflowAggregate.lastObjectiveWorkflow', '=', null],
      ['objectiveWorkflowAggregate.lastObjectiveRecord', '=', null],
    ];
    expect(await names({ filter: catalog })).toEqual(['Catalog Only']);
  });

  it('filters by progress: not started, in progress, completed', async () => {
    const notStarted = [
      ['objectiveWorkflowAggregate.lastObjectiveWorkflow', '=', null],
      'and',
      ['objectiveWorkflowAggregate.lastObjectiveRecord', '=', null],
    ];
    expect(await names({ filter: enrolled(notStarted) })).toEqual([
      'Coming Soon',
      'Mandatory Safety',
      'Python Basics',
    ]);
    const inProgress = [
      ['objectiveWorkflowAggregate.lastObjectiveWorkflow.state', '=', WorkflowState.inProgress],
      'or',
      ['objectiveWorkflowAggregate.lastObjectiveWorkflow.state', '=', WorkflowState.inGrading],
      'or',
      [
        'objectiveWorkflowAggregate.lastObjectiveWorkflow.state',
        '=',
        WorkflowState.gradingApproved,
      ],
    ];
    expect(await names({ filter: enrolled(inProgress) })).toEqual(['Leading Teams', 'Negotiation']);
    const completed = [
      ['objectiveWorkflowAggregate.lastObjectiveWorkflow.state', '=', WorkflowState.finished],
      'or',
      [
        ['objectiveWorkflowAggregate.lastObjectiveWorkflow', '=', null],
        'and',
        ['objectiveWorkflowAggregate.lastObjectiveRecord', '<>', null],
      ],
    ];
    expect(await names({ filter: enrolled(completed) })).toEqual([
      'Data Ethics',
      'Legacy Import',
      'Never Reveal',
      'Reveal Later',
    ]);
    expect(
      await names({
        filter: enrolled(
          ['objectiveWorkflowAggregate.lastObjectiveRecord.finished', '<>', null],
          ['objectiveWorkflowAggregate.lastObjectiveWorkflow.id', '=', null],
        ),
      }),
    ).toEqual(['Legacy Import']);
  });

  it('filters by priority, term (NIL_ID = no term) and collection (NIL_ID = none)', async () => {
    expect(await names({ filter: enrolled(['isMandatory', '=', true]) })).toEqual([
      'Coming Soon',
      'Mandatory Safety',
      'Statistics',
    ]);
    expect(await names({ filter: enrolled(['isMandatory', '=', 'false']) })).toHaveLength(7);
    expect(await names({ filter: enrolled(['termId', '=', ids.autumn]) })).toEqual([
      'Data Ethics',
      'Mandatory Safety',
    ]);
    expect(
      await names({
        filter: enrolled([['termId', '=', ids.spring], 'or', ['termId', '=', NIL_ID]]),
      }),
    ).toEqual([
      'Coming Soon',
      'Leading Teams',
      'Legacy Import',
      'Negotiation',
      'Never Reveal',
      'Python Basics',
      'Reveal Later',
      'Statistics',
    ]);
    expect(await names({ filter: enrolled(['objective.showcases.id', '=', ids.dataAi]) })).toEqual([
      'Data Ethics',
      'Python Basics',
    ]);
    expect(
      await names({
        filter: enrolled([
          ['objective.showcases.id', '=', ids.dataAi],
          'or',
          ['objective.showcases.id', '=', NIL_ID],
        ]),
      }),
    ).toEqual([
      'Coming Soon',
      'Data Ethics',
      'Legacy Import',
      'Negotiation',
      'Never Reveal',
      'Python Basics',
      'Reveal Later',
      'Statistics',
    ]);
    expect(await names({ filter: enrolled(['objective.showcases.id', '<>', NIL_ID]) })).toEqual([
      'Data Ethics',
      'Leading Teams',
      'Mandatory Safety',
      'Python Basics',
    ]);
    expect(await names({ filter: enrolled(['objective.activity.state', '=', 1]) })).toEqual([
      'Coming Soon',
    ]);
  });

  it('searches code, name and description, case-insensitively', async () => {
    const search = (text: string) => [
      ['objective.code', 'contains', text],
      'or',
      ['objective.name', 'contains', text],
      'or',
      ['objective.description', 'contains', text],
    ];
    expect(await names({ filter: enrolled(search('python')) })).toEqual(['Python Basics']);
    expect(await names({ filter: enrolled(search('saf-')) })).toEqual(['Mandatory Safety']);
    expect(await names({ filter: enrolled(search('fairness')) })).toEqual(['Data Ethics']);
    expect(await names({ filter: enrolled(search('%')) })).toEqual([]);
  });

  it('sorts by the allowed selectors and pages with a total count', async () => {
    expect(
      await names({
        filter: enrolled(['isMandatory', '=', true]),
        sort: [{ selector: 'objective.name', desc: true }],
      }),
    ).toEqual(['Statistics', 'Mandatory Safety', 'Coming Soon']);
    expect(
      await names({
        filter: enrolled(['isMandatory', '=', true]),
        sort: [{ selector: 'objective.code' }],
      }),
    ).toEqual(['Coming Soon', 'Mandatory Safety', 'Statistics']);
    // Due date: the only dated enrolment first, then the rest (NULLs last) by id.
    expect((await names({ filter: enrolled(), sort: [{ selector: 'dueDate' }] }))[0]).toBe(
      'Mandatory Safety',
    );
    expect(
      (
        await names({
          filter: enrolled(),
          sort: [
            { selector: 'objectiveWorkflowAggregate.lastObjectiveWorkflow.started', desc: true },
          ],
        })
      )[0],
    ).toBe('Leading Teams');

    const pages: string[] = [];
    for (let skip = 0; skip < 10; skip += 4) {
      const response = await list({ filter: enrolled(), skip, take: 4, requireTotalCount: true });
      const body = response.json<ListEnvelope<EnrollmentAggregate>>();
      expect(body.totalCount).toBe(10);
      pages.push(...body.data.map((item) => item.objective.name));
    }
    expect(pages).toEqual(await names({ filter: enrolled() }));
    expect((await list({ filter: enrolled() })).json<ListEnvelope<unknown>>().totalCount).toBe(-1);
  });

  it('returns the distinct term ids for select=["termId"]', async () => {
    const response = await list({
      filter: enrolled(),
      select: ['termId'],
      requireTotalCount: true,
    });
    const body = response.json<ListEnvelope<{ termId: string | null }>>();
    expect(new Set(body.data.map((item) => item.termId))).toEqual(
      new Set([ids.autumn, ids.spring, null]),
    );
    expect(body.totalCount).toBe(3);
  });

  it('maps each state into the contract shape', async () => {
    const teams = await byName('Leading Teams');
    expect(teams.objective).toMatchObject({
      code: 'LEAD-2',
      // The "About" HTML goes out as stored; the client sanitises it before showing it.
      about: '<p>Teams that <b>trust</b>.</p>',
      childrenCount: 3,
      presentationMode: 1,
      showcases: [{ id: ids.leadership, name: 'Leadership' }],
    });
    expect(teams.objectiveWorkflowAggregate.lastObjectiveWorkflow).toMatchObject({
      state: 1,
      progress: 0.35,
      started: '2026-03-10T08:00:00.000Z',
    });
    expect(teams.objectiveWorkflowAggregate.isSelfEnrolled).toBe(true);

    const ethics = await byName('Data Ethics');
    // Showcases in showcase order.
    expect(ethics.objective.showcases.map((s) => s.name)).toEqual(['Data & AI', 'Leadership']);
    expect(ethics.objectiveWorkflowAggregate.lastObjectiveRecord).toMatchObject({
      score: 0.85,
      maxScore: 1,
      normalizedScore: 0.85,
      passed: true,
      grade: 'A',
    });

    const legacy = await byName('Legacy Import');
    expect(legacy.objectiveWorkflowAggregate.lastObjectiveWorkflow).toBeNull();
    expect(legacy.objectiveWorkflowAggregate.lastObjectiveRecord).toMatchObject({
      objectiveWorkflowId: null,
      passed: false,
      grade: 'F',
    });

    const safety = await byName('Mandatory Safety');
    expect(safety).toMatchObject({
      isMandatory: true,
      termId: ids.autumn,
      dueDate: '2026-04-30T00:00:00.000Z',
      objective: { gradingScaleId: ids.scale },
    });
    expect(safety.objectiveWorkflowAggregate).toMatchObject({
      lastObjectiveWorkflow: null,
      lastObjectiveRecord: null,
    });
    expect(safety.objectiveAccess.id).not.toBe(safety.id);

    const draft = await byName('Coming Soon');
    expect(draft.objective.activity.state).toBe(1);
    expect(draft.availabilityDate).toBe('2026-05-01T00:00:00.000Z');
  });

  it('never sends a score that the grade reveal policy hides', async () => {
    const hidden = {
      score: null,
      maxScore: null,
      normalizedScore: null,
      grade: null,
      passed: null,
    };
    expect(
      (await byName('Never Reveal')).objectiveWorkflowAggregate.lastObjectiveRecord,
    ).toMatchObject(hidden);
    expect(
      (await byName('Reveal Later')).objectiveWorkflowAggregate.lastObjectiveRecord,
    ).toMatchObject(hidden);
    const response = await list({ filter: enrolled() });
    expect(response.body).not.toContain('0.95');
    expect(response.body).not.toContain('0.55');

    clock.set(REVEAL_DATE);
    try {
      cookie = await signInAs(testApp, ids.learner);
      expect(
        (await byName('Reveal Later')).objectiveWorkflowAggregate.lastObjectiveRecord,
      ).toMatchObject({ score: 0.55, grade: 'D', passed: false });
      expect(
        (await byName('Never Reveal')).objectiveWorkflowAggregate.lastObjectiveRecord,
      ).toMatchObject(hidden);
    } finally {
      clock.set(NOW);
      cookie = await signInAs(testApp, ids.learner);
    }
  });

  it.each([
    [{ filter: '["nope","=",1]' }, 'filter', /Unknown filter field 'nope'/],
    [
      { filter: '["objectiveWorkflowAggregate.lastObjectiveRecord.score",">",0.5]' },
      'filter',
      /Unknown filter field/,
    ],
    [{ filter: '["objective.name","=",' }, 'filter', /not valid JSON/],
    [{ filter: '["objective.name","regex","x"]' }, 'filter', /Unknown operator/],
    [{ filter: '["isMandatory","=","maybe"]' }, 'filter', /expects true or false/],
    [{ sort: '[{"selector":"objective.description"}]' }, 'sort', /Unknown sort field/],
    [{ take: '5000' }, 'take', /between 0 and 1000/],
  ])('answers 400 for %j', async (query, param, message) => {
    const response = await listRaw(query as Record<string, string>);
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      code: string;
      message: string;
      errors: Record<string, string[]>;
    }>();
    expect(body.code).toBe('invalid_query');
    expect(body.message).toMatch(message);
    expect(Object.keys(body.errors)).toEqual([param]);
  });

  it('answers any hostile filter with 200 over the caller’s rows or 400, never 500', async () => {
    const selectors = [
      'id',
      'termId',
      'isMandatory',
      'objective.name',
      'objective.code',
      'objective.showcases.id',
      'objective.activity.state',
      'objectiveWorkflowAggregate.lastObjectiveWorkflow',
      'nope',
    ];
    const value = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.constantFrom(NIL_ID, ids.autumn, "'); drop table objectives;--", '%', '_', '\\'),
    );
    const condition = fc.tuple(
      fc.constantFrom(...selectors),
      fc.constantFrom('=', '<>', '>', 'contains', 'startswith', 'notcontains', 'bad'),
      value,
    );
    const filter = fc.oneof(
      condition,
      fc.array(condition, { minLength: 1, maxLength: 3 }),
      fc.tuple(fc.constant('!'), condition),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(filter, async (expression) => {
        const response = await listRaw({ filter: JSON.stringify(expression) });
        expect([200, 400]).toContain(response.statusCode);
        if (response.statusCode === 200) {
          for (const item of response.json<ListEnvelope<EnrollmentAggregate>>().data)
            expect(item.userId).toBe(ids.learner);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('lists the terms of the caller’s visible courses, sorted by name, cacheable privately', async () => {
    const response = await get('/api/lms/v1/users/me/terms');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.json<Term[]>()).toEqual([
      { id: ids.autumn, name: 'Autumn 2026' },
      { id: ids.spring, name: 'Spring 2027' },
    ]);
  });

  it('lists the showcases of enrolled courses with counts, then "Uncategorized" last', async () => {
    const response = await get('/api/lms/v1/users/me/enrolled-showcases');
    expect(response.statusCode).toBe(200);
    expect(response.json<Showcase[]>()).toEqual([
      {
        id: ids.dataAi,
        name: 'Data & AI',
        code: 'data-ai',
        description: null,
        objectivesCount: 2,
        order: 1,
      },
      {
        id: ids.leadership,
        name: 'Leadership',
        code: 'leadership',
        description: null,
        objectivesCount: 3,
        order: 2,
      },
      {
        id: NIL_ID,
        name: 'Uncategorized',
        code: 'uncategorized',
        description: null,
        objectivesCount: 6,
        order: 3,
      },
    ]);
  });

  it('lists grading scales of the caller’s tenant by id, grades ordered by minimum score', async () => {
    const filter = JSON.stringify([['id', '=', ids.scale], 'or', ['id', '=', ids.otherScale]]);
    const response = await get(
      `/api/lms/v1/grading-scales/query?filter=${encodeURIComponent(filter)}&requireTotalCount=True`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<ListEnvelope<GradingScale>>();
    expect(body.totalCount).toBe(1);
    expect(body.data).toHaveLength(1);
    const [scale] = body.data;
    expect(scale).toMatchObject({
      id: ids.scale,
      name: 'A–F',
      numberOfGrades: 5,
      normalizedPassingScore: 0.6,
      passingGradeId: gradeIds.C,
    });
    expect(scale!.objectiveGrades.map((grade) => [grade.name, grade.normalizedMinScore])).toEqual([
      ['F', 0],
      ['D', 0.5],
      ['C', 0.6],
      ['B', 0.7],
      ['A', 0.8],
    ]);
  });

  it('never lists another user’s rows, even when asked for them by id', async () => {
    const otherCookie = await signInAs(testApp, ids.otherLearner);
    const response = await get(
      `/api/lms/v1/objective-workflow-aggregates/query?requireTotalCount=true`,
      otherCookie,
    );
    const body = response.json<ListEnvelope<EnrollmentAggregate>>();
    expect(body.data.map((item) => [item.objective.name, item.userId])).toEqual([
      ['Mandatory Safety', ids.otherLearner],
    ]);
    const mine = await list({ filter: ['objective.id', '=', ids.otherTenantCourse] });
    expect(mine.json<ListEnvelope<EnrollmentAggregate>>().data).toEqual([]);
  });
});
