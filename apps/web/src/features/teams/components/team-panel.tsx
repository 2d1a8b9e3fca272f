// A team activity in the course content (docs/decisions/0029): "Your team: {name}" with the participants
// table and the team's shared work; not in a team: the teams with free places to join (team mode 2), or a
// note that the instructor forms the teams (team mode 1). Lazy: loaded only where a team activity is shown.
import { useEffect, useId, useRef } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TeamMode } from '@portal/contracts';
import { showToast } from '../../../lib/toast.ts';
import { activityTeamQuery, joinTeam, teamKeys } from '../api/teams-api.ts';
import { ParticipantsTable } from './participants-table.tsx';
import { TeamWork } from './team-work.tsx';
import { withBdi } from './with-bdi.tsx';

export interface TeamPanelProps {
  objectiveWorkflowId: string;
  axis: string;
  /** The course's tree changed (the team's work was submitted for every member). */
  onProgressChanged: () => void;
}

export default function TeamPanel({
  objectiveWorkflowId,
  axis,
  onProgressChanged,
}: TeamPanelProps) {
  const { t } = useTranslation('teams');
  const queryClient = useQueryClient();
  const team = useQuery(activityTeamQuery(objectiveWorkflowId, axis));
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  const join = useMutation({
    mutationFn: (teamId: string) => joinTeam(objectiveWorkflowId, axis, teamId),
    onSuccess: (next) => {
      focusHeading.current = true;
      queryClient.setQueryData(teamKeys.team(objectiveWorkflowId, axis), next);
      return queryClient.invalidateQueries({
        queryKey: teamKeys.participants(objectiveWorkflowId, axis),
      });
    },
    onError: () => {
      showToast({ kind: 'critical', message: t('joinFailed') });
      return queryClient.invalidateQueries({ queryKey: teamKeys.team(objectiveWorkflowId, axis) });
    },
  });

  const teamId = team.data?.team?.id;
  useEffect(() => {
    if (!teamId || !focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [teamId]);

  if (team.isPending) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  if (team.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const data = team.data;

  if (data.team === null) {
    if (data.teamMode !== TeamMode.learnersJoin)
      return <Alert color="blue">{t('notInTeamInstructor')}</Alert>;
    return (
      <Stack gap="sm" component="section" aria-labelledby={headingId}>
        <Title order={3} size="h4" id={headingId}>
          {t('joinableTeams')}
        </Title>
        <Text>{t('notInTeamJoin')}</Text>
        {data.joinableTeams.length === 0 ? (
          <Text c="dimmed">{t('noFreeTeams')}</Text>
        ) : (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.joinableTeams.map((candidate) => (
              <li key={candidate.id}>
                <Group gap="sm" py={4}>
                  <Text fw={600}>
                    <bdi dir="auto">{candidate.name}</bdi>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {data.teamMaxSize === null
                      ? t('membersCount', { count: candidate.memberCount })
                      : t('membersOfMax', { count: candidate.memberCount, max: data.teamMaxSize })}
                  </Text>
                  <Button
                    size="xs"
                    onClick={() => join.mutate(candidate.id)}
                    loading={join.isPending && join.variables === candidate.id}
                    disabled={join.isPending}
                  >
                    {withBdi(t('joinTeam', { name: candidate.name }))}
                  </Button>
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} ref={heading} tabIndex={-1}>
        {withBdi(t('yourTeam', { name: data.team.name }))}
      </Title>
      <ParticipantsTable objectiveWorkflowId={objectiveWorkflowId} axis={axis} />
      {data.groupActivityWorkflowId ? (
        <TeamWork
          aggregateId={data.objectiveWorkflowAggregateId}
          groupId={data.groupActivityWorkflowId}
          onSubmitted={onProgressChanged}
        />
      ) : null}
    </Stack>
  );
}
