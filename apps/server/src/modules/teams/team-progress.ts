// Applies a team's shared workflow (submitted, graded) to its members' own activity workflows and rolls their
// attempts' progress and score up (docs/decisions/0029). Always inside the transaction of the team's change,
// or of the member's start of the activity, so a member never sees half of it.
import type { ActivityNode } from '@portal/contracts';
import { flattenTree } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { loadAttemptTree, rollUpAncestors } from '../workflows/attempt-progress.ts';
import {
  createWorkflowsRepository,
  type AttemptRow,
  type WorkflowsRepository,
} from '../workflows/workflows.repository.ts';
import { createTeamsRepository } from './teams.repository.ts';

interface TeamState {
  state: number;
  submitted: string | null;
  score: number | null;
  maxScore: number | null;
  graded: string | null;
}

/** Writes the team's state into one member's activity workflow of the team activity, then rolls it up. */
async function applyToWorkflow(
  tx: Kysely<Database>,
  repository: WorkflowsRepository,
  member: { userId: string; tenantId: string },
  attempt: AttemptRow,
  node: ActivityNode,
  workflow: { id: string; started: string | null; activityRecordId: string | null },
  team: TeamState,
  now: Date,
): Promise<void> {
  if (team.state === 6 && team.score !== null) {
    const maxScore = team.maxScore ?? node.maxScore;
    const normalizedScore = maxScore > 0 ? Math.min(1, team.score / maxScore) : 0;
    const passing = node.normalizedPassingScore;
    await repository.saveActivityResult({
      workflowId: workflow.id,
      recordId: newId(),
      existingRecordId: workflow.activityRecordId,
      tenantId: member.tenantId,
      activityId: node.id,
      userId: member.userId,
      started: workflow.started,
      progress: 1,
      score: normalizedScore * node.maxScore,
      maxScore: node.maxScore,
      normalizedScore,
      passed: passing === null ? null : normalizedScore >= passing,
      finished: team.graded ?? now.toISOString(),
      now: now.toISOString(),
    });
    // The member's workflow was submitted when the team's work was, not when it was graded.
    if (team.submitted !== null) {
      await tx
        .updateTable('activityWorkflows')
        .set({ submitted: team.submitted })
        .where('id', '=', workflow.id)
        .execute();
    }
  } else if (team.state === 2) {
    // Submitted for the team: the member's part is done (progress 1, submitted) and waits for the grade. The
    // workflow stays in progress: the course rules close an activity in a grading state to the learner, and a
    // team activity keeps showing the team's submission (decision 0029).
    await tx
      .updateTable('activityWorkflows')
      .set({ progress: 1, submitted: team.submitted ?? now.toISOString() })
      .where('id', '=', workflow.id)
      .where('finished', 'is', null)
      .execute();
  } else {
    return;
  }
  await rollUpAncestors(
    { repository, tenantId: member.tenantId, userId: member.userId, now },
    attempt,
    node.axis,
  );
}

/**
 * Applies the team's state to every member who has started the activity in their current attempt; members
 * who have not yet get it when they start (applyTeamStateOnStart).
 */
export async function applyTeamStateToMembers(
  tx: Kysely<Database>,
  dialect: DialectName,
  teamId: string,
  objectiveId: string,
  activityId: string,
  now: Date,
  onlyUserId?: string,
): Promise<void> {
  const teams = createTeamsRepository(tx, dialect);
  const repository = createWorkflowsRepository(tx, dialect);
  const group = await teams.findGroupWorkflowOfTeam(teamId);
  if (!group || group.state === 1) return;
  const attempts = await teams.memberAttemptIds(teamId, objectiveId);
  for (const member of attempts) {
    if (onlyUserId !== undefined && member.userId !== onlyUserId) continue;
    const attempt = await repository.findAttempt(
      { userId: member.userId, tenantId: member.tenantId },
      member.objectiveWorkflowId,
      { lock: true },
    );
    if (!attempt) continue;
    const { source, tree } = await loadAttemptTree(repository, attempt, now);
    const records = new Map(source.workflows.map((w) => [w.id, w.activityRecordId]));
    for (const node of flattenTree(tree).filter((n) => n.id === activityId)) {
      const workflow = node.activityWorkflowAggregate.lastActivityWorkflow;
      if (!workflow) continue;
      // Submitted: once per workflow. Graded (again): the member's workflow takes the latest score.
      if (group.state === 2 && (workflow.submitted !== null || workflow.finished !== null))
        continue;
      await applyToWorkflow(
        tx,
        repository,
        member,
        attempt,
        node,
        {
          id: workflow.id,
          started: workflow.started,
          activityRecordId: records.get(workflow.id) ?? null,
        },
        group,
        now,
      );
    }
  }
}

/**
 * A member starts the team activity after the team submitted or was graded: their new workflow reflects the
 * team's state at once (called by the start command in its transaction).
 */
export async function applyTeamStateOnStart(
  tx: Kysely<Database>,
  dialect: DialectName,
  values: {
    userId: string;
    tenantId: string;
    attempt: AttemptRow;
    activityId: string;
    now: Date;
  },
): Promise<void> {
  const teams = createTeamsRepository(tx, dialect);
  const team = await teams.findTeamOf(values.userId, values.attempt.objectiveId, values.activityId);
  if (!team) return;
  const group = await teams.findGroupWorkflowOfTeam(team.id);
  if (!group || group.state === 1) return;
  await applyTeamStateToMembers(
    tx,
    dialect,
    team.id,
    team.objectiveId,
    team.activityId,
    values.now,
    values.userId,
  );
}
