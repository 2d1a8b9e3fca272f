// The demo seed: idempotent, working accounts, and a learner whose list shows every enrolment state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeLoadOptions,
  NIL_ID,
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
import { buildCatalogFilter, emptyCourseListFilters } from '@portal/domain';
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
    expect(first).toMatchObject({ tenants: 1, users: 4, showcases: 4, terms: 2, scales: 2 });
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
    expect(primaryUnits).toHaveLength(4);
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
});
