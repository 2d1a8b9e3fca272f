// Demo team activity (docs/decisions/0029): "Team Project: City Data" with the team activity "City data
// report" (teams formed by the instructor). Mae (mae@example.com) is in "Team Orbit" with Guion and Ellen
// (demo accounts with passwords); "Team Nova" holds two other learners, so Mae's team sees only itself.
import { ActivityType, GradeRevealPolicy, TeamMode } from '@portal/contracts';
import type { Kysely } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { createUser } from '../modules/identity/identity.repository.ts';
import { createTeamsRepository } from '../modules/teams/teams.repository.ts';
import { insertCourse, insertEnrolment } from './course-records.ts';

export const TEAM_COURSE_NAME = 'Team Project: City Data';
export const TEAM_ACTIVITY_NAME = 'City data report';

export async function seedDemoTeams(
  tx: Kysely<Database>,
  input: {
    tenantId: string;
    gradingScaleId: string;
    /** Team Orbit: Mae first, then her teammates. */
    orbitIds: string[];
    created: string;
  },
): Promise<{ objectiveId: string; activityId: string }> {
  const { tenantId, created } = input;
  const { objectiveId, parts } = await insertCourse(tx, {
    tenantId,
    name: TEAM_COURSE_NAME,
    code: 'TEAM-CITY-DATA',
    description: 'Work in a team of three: explore open city data and write one report together.',
    about:
      '<p>Read the brief, then write the team report together. One member submits it for the whole team; everyone gets the team’s grade.</p>',
    gradingScaleId: input.gradingScaleId,
    children: [
      {
        name: 'Project brief',
        content:
          '<h2>The brief</h2><p>Pick one open data set of your city (bike counts, air quality or noise) and describe what it shows.</p>',
      },
      {
        name: TEAM_ACTIVITY_NAME,
        content:
          '<p>Write the team’s report: the data set, three findings and one recommendation. Any member may edit the draft; one member submits it for the team.</p>',
      },
    ],
    created,
  });
  const activityId = parts.find((part) => part.name === TEAM_ACTIVITY_NAME)!.activityId;
  await tx
    .updateTable('activities')
    .set({ teamMode: TeamMode.instructorFormed, teamMaxSize: 4, maxScore: 10 })
    .where('id', '=', activityId)
    .where('type', '=', ActivityType.text)
    .execute();

  const nova: string[] = [];
  for (const [firstName, lastName, email] of [
    ['Sally', 'Ride', 'sally@example.com'],
    ['Neil', 'Armstrong', 'neil@example.com'],
  ] as const) {
    const user = await createUser(tx, {
      tenantId,
      email,
      firstName,
      lastName,
      passwordHash: null,
      timezone: null,
      roles: ['Learner'],
      created,
      departmentName: 'Research',
    });
    nova.push(user.id);
  }
  // No grade reveal policy: a team's score and feedback show as soon as the instructor grades (decision 0029).
  for (const userId of [...input.orbitIds, ...nova]) {
    await insertEnrolment(tx, {
      tenantId,
      userId,
      objectiveId,
      isMandatory: true,
      gradeRevealPolicy: GradeRevealPolicy.none,
      created,
    });
  }

  const teams = createTeamsRepository(tx, dialectOf(tx));
  for (const [name, members] of [
    ['Team Orbit', input.orbitIds],
    ['Team Nova', nova],
  ] as const) {
    const id = newId();
    await teams.insertTeam({
      id,
      tenantId,
      objectiveId,
      activityId,
      name,
      groupActivityWorkflowId: newId(),
      now: created,
    });
    for (const userId of members)
      await teams.insertMember({ id, objectiveId, activityId }, userId, created);
  }
  return { objectiveId, activityId };
}
