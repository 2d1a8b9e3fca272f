// Team activities over real HTTP on every dialect (docs/decisions/0029): learners see only their own team,
// the shared draft with optimistic concurrency, one submission and one grade applied to every member's
// activity workflow and attempt progress, double submits, joining with a capacity under concurrency.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityTeamSchema,
  GradeRevealPolicy,
  groupActivityWorkflowSchema,
  teamParticipantListSchema,
  teamWithMembersSchema,
  type ActivityTeam,
  type GroupActivityWorkflow,
} from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { aCourseTree, anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';

const clock = fixedClock('2026-03-15T12:00:00.000Z');
const API = '/api/lms/v1';

describe.each(await testDialects())('team activities on %s', (dialect) => {
  let testApp: TestApp;
  let tenantId: string;
  let instructor: string;
  let course: Awaited<ReturnType<typeof aCourseTree>>;
  const learners: Record<
    string,
    { id: string; cookie: string; aggregateId: string; workflowId: string }
  > = {};
  let teamA: string;
  let teamB: string;

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    body?: unknown,
  ) =>
    testApp.app.inject({
      method,
      url: `${API}/${url}`,
      headers: {
        ...clientHeaders(cookie),
        ...(body === undefined ? { 'content-type': undefined } : {}),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const command = (type: string, cookie: string, body: Record<string, unknown>) =>
    runCommand(testApp, type, cookie, { id: randomUUID(), ...body });
  const axis = () => course.parts.Project!.axis;
  const paths = (who: string, suffix: string, workflowId = learners[who]!.workflowId) =>
    `users/me/objective-workflows/${workflowId}/activity-paths/${axis()}/${suffix}`;
  const teamOf = async (who: string): Promise<ActivityTeam> => {
    const response = await request('GET', paths(who, 'team'), learners[who]!.cookie);
    expect(response.statusCode).toBe(200);
    return activityTeamSchema.parse(response.json());
  };
  const groupUrl = (who: string, groupId: string) =>
    `users/me/objective-workflow-aggregates/${learners[who]!.aggregateId}/group-activity-workflows/${groupId}`;
  const memberWorkflow = (workflowId: string) =>
    testApp.ctx.db
      .selectFrom('activityWorkflows as aw')
      .leftJoin('activityRecords as ar', 'ar.id', 'aw.activityRecordId')
      .select(['aw.state', 'aw.progress', 'aw.submitted', 'aw.finished', 'ar.normalizedScore'])
      .where('aw.objectiveWorkflowId', '=', workflowId)
      .where('aw.activityId', '=', course.parts.Project!.activityId)
      .executeTakeFirst();
  const attemptProgress = async (workflowId: string) =>
    (
      await testApp.ctx.db
        .selectFrom('objectiveWorkflows')
        .select(['progress', 'score'])
        .where('id', '=', workflowId)
        .executeTakeFirstOrThrow()
    ).progress;

  async function aLearner(
    name: string,
    first: string,
    last: string,
    unit: string | null,
    objectiveId = course.objectiveId,
  ) {
    const id = await aUser(testApp.ctx.db, tenantId);
    await testApp.ctx.db
      .updateTable('users')
      .set({ firstName: first, lastName: last, email: `${name}@team.test` })
      .where('id', '=', id)
      .execute();
    if (unit !== null) {
      const unitId = newId();
      await testApp.ctx.db
        .insertInto('units')
        .values({ id: unitId, tenantId, parentId: null, name: unit })
        .execute();
      await testApp.ctx.db
        .insertInto('unitMemberships')
        .values({ unitId, userId: id, isPrimary: 1 })
        .execute();
    }
    // No grade reveal policy: the team's result shows once graded (a withholding policy is tested below).
    const { aggregateId } = await anEnrolment(testApp.ctx.db, { tenantId, userId: id, objectiveId })
      .mandatory()
      .revealGrades(GradeRevealPolicy.none)
      .create();
    const cookie = await signInAs(testApp, id);
    const started = await command('start-objective-workflows', cookie, {
      objectiveWorkflowAggregateId: aggregateId,
    });
    expect(started.completed).toMatchObject({ state: 1 });
    learners[name] = { id, cookie, aggregateId, workflowId: started.entityId! };
    return learners[name]!;
  }
  const startProject = async (who: string) => {
    const status = await command('start-activity-workflows', learners[who]!.cookie, {
      objectiveWorkflowId: learners[who]!.workflowId,
      activityPartIds: axis().split('/'),
    });
    expect(status.completed).toMatchObject({ state: 1 });
    return status.entityId!;
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock });
    const { db } = testApp.ctx;
    tenantId = await aTenant(db);
    course = await aCourseTree(db, tenantId, 'Team course', [
      { name: 'Brief' },
      { name: 'Project' },
    ]);
    await db
      .updateTable('activities')
      .set({ teamMode: 1, maxScore: 10 })
      .where('id', '=', course.parts.Project!.activityId)
      .execute();
    instructor = await signInAs(testApp, await aUser(db, tenantId, ['Instructor']));
    await aLearner('mae', 'Mae', 'Jemison', 'Flight Operations');
    await aLearner('guion', 'Guion', 'Bluford', 'Mission Control');
    await aLearner('ellen', 'Ellen', 'Ochoa', null);
    await aLearner('sally', 'Sally', 'Ride', 'Research');
    await aLearner('loner', 'Lone', 'Learner', null);

    const create = async (name: string) => {
      const response = await request(
        'POST',
        `objectives/${course.objectiveId}/activities/${course.parts.Project!.activityId}/teams`,
        instructor,
        { name },
      );
      expect(response.statusCode).toBe(201);
      return teamWithMembersSchema.parse(response.json()).id;
    };
    teamA = await create('Team Orbit');
    teamB = await create('Team Apollo');
    for (const who of ['mae', 'guion', 'ellen']) {
      const added = await request('POST', `teams/${teamA}/members`, instructor, {
        userId: learners[who]!.id,
      });
      expect(added.statusCode).toBe(200);
    }
    expect(
      (await request('POST', `teams/${teamB}/members`, instructor, { userId: learners.sally!.id }))
        .statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('forms teams only with Team.Manage, for enrolled learners, one team per activity', async () => {
    const url = `objectives/${course.objectiveId}/activities/${course.parts.Project!.activityId}/teams`;
    expect((await request('POST', url, learners.mae!.cookie, { name: 'Mine' })).statusCode).toBe(
      403,
    );
    expect((await request('GET', url, learners.mae!.cookie)).statusCode).toBe(403);
    expect((await request('POST', url, instructor, { name: '' })).statusCode).toBe(400);
    expect((await request('POST', url, instructor, { name: 'Team Orbit' })).statusCode).toBe(409);
    const notTeam = `objectives/${course.objectiveId}/activities/${course.parts.Brief!.activityId}/teams`;
    expect((await request('POST', notTeam, instructor, { name: 'X' })).statusCode).toBe(400);
    // Already in Team Orbit.
    const again = await request('POST', `teams/${teamB}/members`, instructor, {
      userId: learners.mae!.id,
    });
    expect(again.statusCode).toBe(409);
    const stranger = await aUser(testApp.ctx.db, tenantId);
    const notEnrolled = await request('POST', `teams/${teamB}/members`, instructor, {
      userId: stranger,
    });
    expect(notEnrolled.statusCode).toBe(400);
    const listed = (await request('GET', url, instructor)).json<
      { name: string; memberCount: number }[]
    >();
    expect(listed.map((t) => [t.name, t.memberCount])).toEqual([
      ['Team Apollo', 1],
      ['Team Orbit', 3],
    ]);
  });

  it('shows each learner only their own team', async () => {
    const mae = await teamOf('mae');
    expect(mae.team).toMatchObject({ id: teamA, name: 'Team Orbit', memberCount: 3 });
    expect(mae.groupActivityWorkflowId).not.toBeNull();
    const sally = await teamOf('sally');
    expect(sally.team?.id).toBe(teamB);
    const loner = await teamOf('loner');
    expect(loner).toMatchObject({ team: null, groupActivityWorkflowId: null, joinableTeams: [] });

    const participants = async (who: string, query = '') => {
      const response = await request(
        'GET',
        `${paths(who, 'participants/query')}${query}`,
        learners[who]!.cookie,
      );
      expect(response.statusCode).toBe(200);
      return teamParticipantListSchema.parse(response.json());
    };
    const own = await participants('mae', '?requireTotalCount=true');
    expect(own.totalCount).toBe(3);
    expect(own.data.map((p) => p.lastName)).toEqual(['Bluford', 'Jemison', 'Ochoa']);
    expect(own.data[1]).toMatchObject({
      firstName: 'Mae',
      middleName: null,
      email: 'mae@team.test',
      primaryUnit: 'Flight Operations',
    });
    expect((await participants('sally')).data.map((p) => p.firstName)).toEqual(['Sally']);
    expect((await participants('loner', '?requireTotalCount=true')).data).toEqual([]);

    const sort = encodeURIComponent(JSON.stringify([{ selector: 'primaryUnit', desc: false }]));
    const sorted = await participants('guion', `?sort=${sort}&take=2&requireTotalCount=true`);
    expect(sorted.totalCount).toBe(3);
    expect(sorted.data.map((p) => p.primaryUnit)).toEqual(['Flight Operations', 'Mission Control']);
    const next = await participants('guion', `?sort=${sort}&skip=2&take=2`);
    expect(next.data.map((p) => p.firstName)).toEqual(['Ellen']);
    const bad = await request(
      'GET',
      `${paths('mae', 'participants/query')}?sort=${encodeURIComponent('[{"selector":"passwordHash"}]')}`,
      learners.mae!.cookie,
    );
    expect(bad.statusCode).toBe(400);

    // Another learner's attempt, another team's workflow, another learner's aggregate: 404.
    const foreign = await request(
      'GET',
      paths('mae', 'participants/query', learners.sally!.workflowId),
      learners.mae!.cookie,
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (await request('GET', paths('mae', 'team', learners.sally!.workflowId), learners.mae!.cookie))
        .statusCode,
    ).toBe(404);
    const notTeamActivity = `users/me/objective-workflows/${learners.mae!.workflowId}/activity-paths/${course.parts.Brief!.axis}/team`;
    expect((await request('GET', notTeamActivity, learners.mae!.cookie)).statusCode).toBe(404);
    const apolloGroup = sally.groupActivityWorkflowId!;
    expect(
      (await request('GET', groupUrl('mae', apolloGroup), learners.mae!.cookie)).statusCode,
    ).toBe(404);
    const viaOtherAggregate = `users/me/objective-workflow-aggregates/${learners.sally!.aggregateId}/group-activity-workflows/${mae.groupActivityWorkflowId}`;
    expect((await request('GET', viaOtherAggregate, learners.mae!.cookie)).statusCode).toBe(404);
  });

  it('shares one draft, submission and grade across the team', async () => {
    const maeWorkflow = await startProject('mae');
    await startProject('guion');
    const groupId = (await teamOf('mae')).groupActivityWorkflowId!;
    const read = async (who: string) => {
      const response = await request('GET', groupUrl(who, groupId), learners[who]!.cookie);
      expect(response.statusCode).toBe(200);
      return groupActivityWorkflowSchema.parse(response.json());
    };
    expect(await read('guion')).toMatchObject({ state: 1, submission: '', version: 0 });

    // A learner cannot complete a team activity by themselves.
    const finish = await command('finish-activity-workflows', learners.mae!.cookie, {
      objectiveWorkflowId: learners.mae!.workflowId,
      activityWorkflowIds: [maeWorkflow],
    });
    expect(finish.completed?.state).toBe(2);

    clock.advance(60_000);
    const saved = await request('PUT', groupUrl('mae', groupId), learners.mae!.cookie, {
      submission: 'City data: bike counts per district.',
      version: 0,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<GroupActivityWorkflow>()).toMatchObject({
      version: 1,
      lastEditedByName: 'Mae Jemison',
    });
    // Guion edited the version he opened (0): a conflict, nothing overwritten.
    const stale = await request('PUT', groupUrl('guion', groupId), learners.guion!.cookie, {
      submission: 'Overwrite',
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'team_draft_conflict' });
    expect((await read('guion')).submission).toBe('City data: bike counts per district.');
    const tooLong = await request('PUT', groupUrl('mae', groupId), learners.mae!.cookie, {
      submission: 'x'.repeat(20_001),
      version: 1,
    });
    expect(tooLong.statusCode).toBe(400);
    // Sally (another team) cannot write it.
    expect(
      (
        await request(
          'PUT',
          `users/me/objective-workflow-aggregates/${learners.sally!.aggregateId}/group-activity-workflows/${groupId}`,
          learners.sally!.cookie,
          { submission: 'x', version: 1 },
        )
      ).statusCode,
    ).toBe(404);

    const progressBefore = await attemptProgress(learners.mae!.workflowId);
    clock.advance(60_000);
    // Mae and Guion submit at the same moment: one submission, both answered with it.
    const [first, second] = await Promise.all([
      request('POST', `${groupUrl('mae', groupId)}/submit`, learners.mae!.cookie, { version: 1 }),
      request('POST', `${groupUrl('guion', groupId)}/submit`, learners.guion!.cookie, {
        version: 1,
      }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const submitted = first.json<GroupActivityWorkflow>();
    expect(second.json<GroupActivityWorkflow>()).toEqual(submitted);
    expect(submitted.state).toBe(2);
    expect(['Mae Jemison', 'Guion Bluford']).toContain(submitted.submittedByName);
    expect(submitted.version).toBe(2);

    for (const who of ['mae', 'guion']) {
      expect(await memberWorkflow(learners[who]!.workflowId)).toMatchObject({
        state: 1,
        progress: 1,
        submitted: submitted.submitted,
        finished: null,
      });
    }
    expect(await attemptProgress(learners.mae!.workflowId)).toBeGreaterThan(progressBefore);
    expect(await attemptProgress(learners.guion!.workflowId)).toBe(
      await attemptProgress(learners.mae!.workflowId),
    );
    // The members still open the activity (to read the team's submission): it is not closed as "in grading".
    const opened = await request(
      'GET',
      `users/me/objective-workflows/${learners.guion!.workflowId}/activity/${axis()}`,
      learners.guion!.cookie,
    );
    expect(opened.statusCode).toBe(200);
    // Ellen has not opened the activity: nothing yet; when she does, it is already submitted.
    expect(await memberWorkflow(learners.ellen!.workflowId)).toBeUndefined();
    await startProject('ellen');
    expect(await memberWorkflow(learners.ellen!.workflowId)).toMatchObject({
      state: 1,
      progress: 1,
      submitted: submitted.submitted,
    });
    expect(await read('ellen')).toMatchObject({ state: 2, submission: submitted.submission });

    const afterSubmit = await request('PUT', groupUrl('mae', groupId), learners.mae!.cookie, {
      submission: 'Late edit',
      version: 2,
    });
    expect(afterSubmit.statusCode).toBe(409);
    expect(afterSubmit.json()).toMatchObject({ code: 'team_work_submitted' });
    // Sally's team is untouched.
    expect(
      (
        await request(
          'GET',
          groupUrl('sally', (await teamOf('sally')).groupActivityWorkflowId!),
          learners.sally!.cookie,
        )
      ).json(),
    ).toMatchObject({ state: 1, submittedByName: null });

    // Grading: only Team.Manage, within the activity's maximum; then every member has the team's result.
    expect(
      (await request('POST', `teams/${teamA}/grade`, learners.mae!.cookie, { score: 10 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await request('POST', `teams/${teamA}/grade`, instructor, { score: 11 })).statusCode,
    ).toBe(400);
    clock.advance(60_000);
    const graded = await request('POST', `teams/${teamA}/grade`, instructor, {
      score: 8,
      feedback: 'Clear charts; cite the data source.',
    });
    expect(graded.statusCode).toBe(200);
    for (const who of ['mae', 'guion', 'ellen']) {
      expect(await memberWorkflow(learners[who]!.workflowId)).toMatchObject({
        state: 6,
        progress: 1,
        normalizedScore: 0.8,
      });
      expect(await read(who)).toMatchObject({
        state: 6,
        score: 8,
        maxScore: 10,
        feedback: 'Clear charts; cite the data source.',
      });
    }
    expect(await memberWorkflow(learners.sally!.workflowId)).toBeUndefined();
    // An enrolment that never reveals grades withholds the team's score and feedback too.
    await testApp.ctx.db
      .updateTable('objectiveAccesses')
      .set({ gradeRevealPolicy: GradeRevealPolicy.never })
      .where('userId', '=', learners.ellen!.id)
      .execute();
    expect(await read('ellen')).toMatchObject({
      state: 6,
      score: null,
      maxScore: null,
      feedback: null,
      resultHidden: true,
    });
    expect(await read('mae')).toMatchObject({ score: 8, resultHidden: false });
    const review = await request(
      'GET',
      `users/me/objective-workflows/${learners.ellen!.workflowId}/activity/${axis()}`,
      learners.ellen!.cookie,
    );
    expect(review.statusCode).toBe(200);
  });

  it('lets learners join a team with room when the activity allows, once, under concurrency', async () => {
    const { db } = testApp.ctx;
    const open = await aCourseTree(db, tenantId, 'Open teams', [{ name: 'Project' }]);
    await db
      .updateTable('activities')
      .set({ teamMode: 2, teamMaxSize: 2 })
      .where('id', '=', open.parts.Project!.activityId)
      .execute();
    const teamsUrl = `objectives/${open.objectiveId}/activities/${open.parts.Project!.activityId}/teams`;
    const red = teamWithMembersSchema.parse(
      (await request('POST', teamsUrl, instructor, { name: 'Red' })).json(),
    ).id;
    const blue = teamWithMembersSchema.parse(
      (await request('POST', teamsUrl, instructor, { name: 'Blue' })).json(),
    ).id;
    const joiners = [];
    for (let i = 0; i < 4; i += 1)
      joiners.push(await aLearner(`j${i}`, `Joiner${i}`, 'J', null, open.objectiveId));
    const membership = (who: { workflowId: string }) =>
      `users/me/objective-workflows/${who.workflowId}/activity-paths/${open.parts.Project!.axis}/team-membership`;
    const listed = activityTeamSchema.parse(
      (
        await request(
          'GET',
          `users/me/objective-workflows/${joiners[0]!.workflowId}/activity-paths/${open.parts.Project!.axis}/team`,
          joiners[0]!.cookie,
        )
      ).json(),
    );
    expect(listed.joinableTeams.map((t) => t.name)).toEqual(['Blue', 'Red']);

    const answers = await Promise.all(
      joiners.map((who) => request('POST', membership(who), who.cookie, { teamId: red })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code)).toEqual([
      'team_full',
      'team_full',
    ]);
    const members = await db
      .selectFrom('teamMembers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('teamId', '=', red)
      .executeTakeFirstOrThrow();
    expect(Number(members.count)).toBe(2);

    // One learner, two teams at once: one membership.
    const outside = joiners[answers.findIndex((a) => a.statusCode === 409)]!;
    const both = await Promise.all([
      request('POST', membership(outside), outside.cookie, { teamId: blue }),
      request('POST', membership(outside), outside.cookie, { teamId: blue }),
    ]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    // Leaving frees the place; a team of another course is not found.
    expect((await request('DELETE', membership(outside), outside.cookie)).statusCode).toBe(204);
    expect(
      (await request('POST', membership(outside), outside.cookie, { teamId: teamA })).statusCode,
    ).toBe(404);
    // Mode 1 activity: no joining.
    expect(
      (
        await request('POST', paths('loner', 'team-membership'), learners.loner!.cookie, {
          teamId: teamB,
        })
      ).statusCode,
    ).toBe(403);
  });
});
