// The signed-in catalog through real HTTP on every dialect: the catalog rule in every enrolment state,
// its search, term and collection filters and order, catalog showcases, and the caller's course access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeLoadOptions,
  NIL_ID,
  objectiveAccessSchema,
  WorkflowState,
  type EnrollmentAggregate,
  type ListEnvelope,
  type LoadOptions,
  type Showcase,
} from '@portal/contracts';
import { buildCatalogFilter, emptyCourseListFilters, type CourseListFilters } from '@portal/domain';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fixedClock } from '../../lib/clock.ts';
import {
  aCourse,
  anEnrolment,
  aShowcase,
  aTenant,
  aTerm,
  aUser,
} from '../../test/course-builders.ts';

const NOW = '2026-03-15T12:00:00.000Z';

describe.each(await testDialects())('catalog endpoints on %s', (dialect) => {
  const clock = fixedClock(NOW);
  let testApp: TestApp;
  let cookie: string;
  let otherCookie: string;
  const ids = {} as Record<
    | 'tenant'
    | 'learner'
    | 'otherLearner'
    | 'dataAi'
    | 'leadership'
    | 'autumn'
    | 'catalogOnly'
    | 'hidden'
    | 'otherLearnersCatalog'
    | 'archivedInCatalog',
    string
  >;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock, startWorker: false });
    const db = testApp.ctx.db;
    ids.tenant = await aTenant(db);
    ids.learner = await aUser(db, ids.tenant);
    ids.otherLearner = await aUser(db, ids.tenant);
    ids.dataAi = await aShowcase(db, ids.tenant, 'Data & AI', 1);
    ids.leadership = await aShowcase(db, ids.tenant, 'Leadership', 2);
    await aShowcase(db, ids.tenant, 'Only enrolled', 3);
    ids.autumn = await aTerm(db, ids.tenant, 'Autumn 2026');
    const course = () => aCourse(db, ids.tenant);
    const mine = (objectiveId: string) =>
      anEnrolment(db, { tenantId: ids.tenant, userId: ids.learner, objectiveId });

    // The catalog: offered and not taken up in any way.
    ids.catalogOnly = await course()
      .named('Catalog Statistics', 'CAT-1', 'Regression for the curious')
      .inShowcases(ids.dataAi)
      .create();
    await mine(ids.catalogOnly).inCatalog().inTerm(ids.autumn).create();
    const catalogLeadership = await course()
      .named('Catalog Leadership', 'CAT-2')
      .inShowcases(ids.leadership, ids.dataAi)
      .create();
    await mine(catalogLeadership).inCatalog().create();
    const catalogUncategorized = await course().named('Catalog Uncategorized', 'CAT-3').create();
    await mine(catalogUncategorized).inCatalog().create();
    const catalogDraft = await course().named('Catalog Coming Soon', 'CAT-4').draft().create();
    await mine(catalogDraft).inCatalog().create();

    // Offered once, but taken up since: enrolled, never in the catalog.
    const taken = [
      ['Taken Self-enrolled', (id: string) => mine(id).inCatalog().selfEnrolled()],
      ['Taken In Progress', (id: string) => mine(id).inCatalog().inProgress()],
      ['Taken Submitted', (id: string) => mine(id).inCatalog().inState(WorkflowState.submitted)],
      ['Taken Finished', (id: string) => mine(id).inCatalog().finished()],
      ['Taken Imported', (id: string) => mine(id).inCatalog().imported()],
    ] as const;
    for (const [name, enrol] of taken) {
      await enrol(await course().named(name).inShowcases(ids.leadership).create()).create();
    }
    // Enrolled without ever being offered.
    await mine(await course().named('Enrolled Mandatory').inShowcases(ids.dataAi).create())
      .mandatory()
      .create();
    // Not shown anywhere: hidden access, archived courses, other people's catalog.
    ids.hidden = await course().named('Hidden Access').create();
    await mine(ids.hidden).create();
    ids.archivedInCatalog = await course().named('Archived Activity').archived().create();
    await mine(ids.archivedInCatalog).inCatalog().create();
    await mine(await course().named('Archived Status').withArchivedStatus().create())
      .inCatalog()
      .create();
    ids.otherLearnersCatalog = await course().named('Other Learner Catalog').create();
    await anEnrolment(db, {
      tenantId: ids.tenant,
      userId: ids.otherLearner,
      objectiveId: ids.otherLearnersCatalog,
    })
      .inCatalog()
      .create();
    const otherTenant = await aTenant(db);
    const stranger = await aUser(db, otherTenant);
    await anEnrolment(db, {
      tenantId: otherTenant,
      userId: stranger,
      objectiveId: await aCourse(db, otherTenant).named('Other Tenant Catalog').create(),
    })
      .inCatalog()
      .create();

    cookie = await signInAs(testApp, ids.learner);
    otherCookie = await signInAs(testApp, ids.otherLearner);
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** `as` null: an anonymous request. */
  async function get(url: string, as: string | null = cookie) {
    return testApp.app.inject({ method: 'GET', url, headers: clientHeaders(as ?? undefined) });
  }

  async function catalog(
    filters: Partial<CourseListFilters> = {},
    options: Omit<LoadOptions, 'filter'> = {},
  ) {
    const query = encodeLoadOptions({
      ...options,
      requireTotalCount: true,
      filter: buildCatalogFilter({ ...emptyCourseListFilters, ...filters }),
    });
    const response = await get(`/api/lms/v1/objective-workflow-aggregates/query?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListEnvelope<EnrollmentAggregate>>();
  }
  const names = async (...args: Parameters<typeof catalog>) =>
    (await catalog(...args)).data.map((item) => item.objective.name);

  it('lists exactly the courses offered and not taken up, in every enrolment state, sorted by name', async () => {
    const page = await catalog();
    expect(page.data.map((item) => item.objective.name)).toEqual([
      'Catalog Coming Soon',
      'Catalog Leadership',
      'Catalog Statistics',
      'Catalog Uncategorized',
    ]);
    expect(page.totalCount).toBe(4);
    for (const item of page.data) {
      expect(item.userId).toBe(ids.learner);
      expect(item.showInCatalog).toBe(true);
      expect(item.objectiveWorkflowAggregate).toMatchObject({
        isSelfEnrolled: false,
        lastObjectiveWorkflow: null,
        lastObjectiveRecord: null,
      });
    }
    const statistics = page.data.find((item) => item.objective.id === ids.catalogOnly)!;
    // The list id is the aggregate; the access id is what create-self-enrollments takes.
    expect(statistics.id).toBe(statistics.objectiveWorkflowAggregate.id);
    expect(statistics.objectiveAccess.id).not.toBe(statistics.id);
  });

  it('searches code, name and description, and filters by term and collection', async () => {
    expect(await names({ keyword: 'regression' })).toEqual(['Catalog Statistics']);
    expect(await names({ keyword: 'cat-2' })).toEqual(['Catalog Leadership']);
    expect(await names({ keyword: 'taken' })).toEqual([]);
    expect(await names({ term: [ids.autumn] })).toEqual(['Catalog Statistics']);
    expect(await names({ term: [NIL_ID] })).toHaveLength(3);
    expect(await names({ collection: [ids.dataAi] })).toEqual([
      'Catalog Leadership',
      'Catalog Statistics',
    ]);
    expect(await names({ collection: [ids.leadership, NIL_ID] })).toEqual([
      'Catalog Coming Soon',
      'Catalog Leadership',
      'Catalog Uncategorized',
    ]);
  });

  it('sorts and pages like My Courses', async () => {
    expect(
      await names({}, { sort: [{ selector: 'objective.name', desc: true }], take: 2 }),
    ).toEqual(['Catalog Uncategorized', 'Catalog Statistics']);
    expect(
      await names({}, { sort: [{ selector: 'objective.code', desc: false }], skip: 1, take: 2 }),
    ).toEqual(['Catalog Leadership', 'Catalog Uncategorized']);
  });

  it('counts the catalog showcases over catalog courses only, "Uncategorized" last', async () => {
    const response = await get('/api/lms/v1/users/me/catalog-showcases');
    expect(response.statusCode).toBe(200);
    const showcases = response.json<Showcase[]>();
    expect(showcases.map(({ name, objectivesCount }) => [name, objectivesCount])).toEqual([
      ['Data & AI', 2],
      ['Leadership', 1],
      ['Uncategorized', 2],
    ]);
    expect(showcases.at(-1)).toMatchObject({ id: NIL_ID, order: 3 });
    expect((await get('/api/lms/v1/users/me/catalog-showcases', null)).statusCode).toBe(401);
  });

  it('answers the caller’s own access to a course and 404 for anything else', async () => {
    const response = await get(
      `/api/lms/v1/users/me/objectives/${ids.catalogOnly}/objective-access`,
    );
    expect(response.statusCode).toBe(200);
    const access = objectiveAccessSchema.strict().parse(response.json());
    expect(access).toMatchObject({
      objectiveId: ids.catalogOnly,
      userId: ids.learner,
      isMandatory: false,
      showInCatalog: true,
      isSelfEnrolled: false,
    });
    const listed = (await catalog({ keyword: 'regression' })).data[0]!;
    expect(access.id).toBe(listed.objectiveAccess.id);
    expect(access.objectiveWorkflowAggregateId).toBe(listed.id);

    for (const objectiveId of [
      ids.hidden,
      ids.archivedInCatalog,
      ids.otherLearnersCatalog,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
    ]) {
      const missing = await get(`/api/lms/v1/users/me/objectives/${objectiveId}/objective-access`);
      expect(missing.statusCode, objectiveId).toBe(404);
    }
    const theirs = await get(
      `/api/lms/v1/users/me/objectives/${ids.otherLearnersCatalog}/objective-access`,
      otherCookie,
    );
    expect(theirs.json()).toMatchObject({ userId: ids.otherLearner });
    const anonymous = await get(
      `/api/lms/v1/users/me/objectives/${ids.catalogOnly}/objective-access`,
      null,
    );
    expect(anonymous.statusCode).toBe(401);
  });
});
