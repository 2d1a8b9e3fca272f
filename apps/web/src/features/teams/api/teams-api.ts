// Reads and writes of team activities (docs/decisions/0029): the caller's team for an activity, its
// participants (list query), the team's shared workflow, saving the draft, submitting, joining a team.
import { queryOptions } from '@tanstack/react-query';
import {
  activityTeamSchema,
  groupActivityWorkflowSchema,
  teamParticipantListSchema,
  type ActivityTeam,
  type GroupActivityWorkflow,
} from '@portal/contracts';
import { LMS_API, apiFetch, apiGet, apiQuery, contractBody } from '../../../lib/api-client.ts';

const enc = encodeURIComponent;
/** The activity path id is the axis: part ids joined by "/"; each id is encoded, the slashes kept. */
const encodeAxis = (axis: string) => axis.split('/').map(enc).join('/');
const activityPath = (workflowId: string, axis: string) =>
  `${LMS_API}/users/me/objective-workflows/${enc(workflowId)}/activity-paths/${encodeAxis(axis)}`;
const groupPath = (aggregateId: string, groupId: string) =>
  `${LMS_API}/users/me/objective-workflow-aggregates/${enc(aggregateId)}/group-activity-workflows/${enc(groupId)}`;

export const PARTICIPANTS_PAGE_SIZE = 10;

export interface ParticipantSort {
  selector: 'firstName' | 'middleName' | 'lastName' | 'email' | 'primaryUnit';
  desc: boolean;
}

/** Every key starts with 'lms' so enrolment changes (which invalidate ['lms']) refresh them too. */
export const teamKeys = {
  team: (workflowId: string, axis: string) => ['lms', 'team', workflowId, axis] as const,
  participants: (workflowId: string, axis: string) =>
    ['lms', 'team-participants', workflowId, axis] as const,
  group: (groupId: string) => ['lms', 'group-activity-workflow', groupId] as const,
};

export function activityTeamQuery(workflowId: string, axis: string) {
  return queryOptions({
    queryKey: teamKeys.team(workflowId, axis),
    queryFn: ({ signal }) =>
      apiGet(
        `${activityPath(workflowId, axis)}/team`,
        import.meta.env.PROD ? undefined : activityTeamSchema,
        { signal },
      ),
  });
}

export function participantsQuery(
  workflowId: string,
  axis: string,
  page: number,
  sort: ParticipantSort,
) {
  return queryOptions({
    queryKey: [...teamKeys.participants(workflowId, axis), page, sort.selector, sort.desc],
    queryFn: ({ signal }) =>
      apiQuery(
        `${activityPath(workflowId, axis)}/participants/query`,
        import.meta.env.PROD ? undefined : teamParticipantListSchema,
        {
          skip: page * PARTICIPANTS_PAGE_SIZE,
          take: PARTICIPANTS_PAGE_SIZE,
          requireTotalCount: true,
          sort: [
            { selector: sort.selector, desc: sort.desc },
            ...(sort.selector === 'lastName' ? [] : [{ selector: 'lastName', desc: false }]),
          ],
        },
        signal,
      ),
    placeholderData: (previous) => previous,
  });
}

export function groupWorkflowQuery(aggregateId: string, groupId: string) {
  return queryOptions({
    queryKey: teamKeys.group(groupId),
    queryFn: ({ signal }) =>
      apiGet(
        groupPath(aggregateId, groupId),
        import.meta.env.PROD ? undefined : groupActivityWorkflowSchema,
        { signal },
      ),
  });
}

export async function saveTeamDraft(
  aggregateId: string,
  groupId: string,
  submission: string,
  version: number,
): Promise<GroupActivityWorkflow> {
  const response = await apiFetch('PUT', groupPath(aggregateId, groupId), {
    body: { submission, version },
  });
  return contractBody(
    import.meta.env.PROD ? undefined : groupActivityWorkflowSchema,
    await response.json(),
  );
}

export async function submitTeamWork(
  aggregateId: string,
  groupId: string,
  version: number,
): Promise<GroupActivityWorkflow> {
  const response = await apiFetch('POST', `${groupPath(aggregateId, groupId)}/submit`, {
    body: { version },
  });
  return contractBody(
    import.meta.env.PROD ? undefined : groupActivityWorkflowSchema,
    await response.json(),
  );
}

export async function joinTeam(
  workflowId: string,
  axis: string,
  teamId: string,
): Promise<ActivityTeam> {
  const response = await apiFetch('POST', `${activityPath(workflowId, axis)}/team-membership`, {
    body: { teamId },
  });
  return contractBody(import.meta.env.PROD ? undefined : activityTeamSchema, await response.json());
}
