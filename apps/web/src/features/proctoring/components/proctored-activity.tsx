// A proctored activity in the course content: instead of opening it here, the notice and "Start proctored
// session", which starts the activity workflow when needed, fetches a start token and hands the whole window to
// the proctoring tool. A session inconsistent with the workflow blocks the activity ("being graded").
import { useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActivityNode } from '@portal/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  activityTreeQuery,
  courseContentKeys,
  startActivityWorkflow,
} from '../../course-content/api/course-content-api.ts';
import { nodesAlongAxis } from '../../course-content/model/tree-paths.ts';
import { pageNavigation } from '../../lti/lti-paths.ts';
import { fetchProctoringStartToken, lastProctoringSessionQuery } from '../api/proctoring-api.ts';
import { proctoringBlock } from '../model/proctoring-state.ts';

export interface ProctoredActivityProps {
  objectiveWorkflowId: string;
  node: ActivityNode;
}

/** The activity workflow of the node at `axis`, reading the tree again (it exists once the start is done). */
async function activityWorkflowIdOf(
  queryClient: ReturnType<typeof useQueryClient>,
  objectiveWorkflowId: string,
  axis: string,
): Promise<string | null> {
  await queryClient.invalidateQueries({ queryKey: courseContentKeys.tree(objectiveWorkflowId) });
  const tree = await queryClient.fetchQuery(activityTreeQuery(objectiveWorkflowId));
  const path = nodesAlongAxis(tree, axis);
  return path?.[path.length - 1]?.activityWorkflowAggregate.lastActivityWorkflow?.id ?? null;
}

export function ProctoredActivity({ objectiveWorkflowId, node }: ProctoredActivityProps) {
  const { t } = useTranslation('courseContent');
  const queryClient = useQueryClient();
  const workflow = node.activityWorkflowAggregate.lastActivityWorkflow;
  const sessionId = workflow?.lastProctoringSessionId ?? null;
  const session = useQuery({
    ...lastProctoringSessionQuery(objectiveWorkflowId, workflow?.id ?? ''),
    enabled: workflow !== null && sessionId !== null,
  });
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  if (sessionId !== null && session.isPending) {
    return <Loader size="sm" role="status" aria-label={t('loadingCourse')} />;
  }
  if (proctoringBlock(session.data ?? null, workflow) === 'beingGraded') {
    return (
      <Alert color="orange" data-testid="proctoring-being-graded">
        {t('proctoring.beingGraded')}
      </Alert>
    );
  }

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      let activityWorkflowId = workflow?.id ?? null;
      if (activityWorkflowId === null) {
        await startActivityWorkflow(objectiveWorkflowId, node.axis);
        activityWorkflowId = await activityWorkflowIdOf(
          queryClient,
          objectiveWorkflowId,
          node.axis,
        );
      }
      if (activityWorkflowId === null) throw new Error('The activity did not start');
      const token = await fetchProctoringStartToken(
        objectiveWorkflowId,
        activityWorkflowId,
        node.axis,
      );
      // The page stays busy while the browser leaves for the proctoring tool.
      pageNavigation.assign(token.startUrl);
    } catch (failure) {
      setStarting(false);
      setError(
        failure instanceof ApiError && failure.status < 500 && failure.message
          ? failure.message
          : t('proctoring.startFailed'),
      );
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  };

  return (
    <Stack gap="md" align="flex-start" data-testid="proctored-activity">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconShieldCheck size={22} aria-hidden="true" />
        <Text>{t('proctoring.notice')}</Text>
      </Group>
      {session.isError ? <Alert color="red">{t('proctoring.sessionFailed')}</Alert> : null}
      {error ? (
        <Alert color="red" role="alert" ref={errorRef} tabIndex={-1} w="100%">
          {error}
        </Alert>
      ) : null}
      <Button onClick={() => void start()} loading={starting}>
        {t('proctoring.start')}
      </Button>
    </Stack>
  );
}
