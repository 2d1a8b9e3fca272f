// /courses/{objectiveId}/workflow/{workflowId}/view[?activityPathId=axis]: an LTI activity of the learner's
// attempt in a full-screen view, with the course's name, progress and result above the tool.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WorkflowState, type ActivityNode } from '@portal/contracts';
import { clampProgress, partIdsOf } from '@portal/domain';
import { CourseUnavailable } from '../../components/course-unavailable.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormatters } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import {
  activityTreeQuery,
  courseAggregateQuery,
  courseContentKeys,
  objectiveWorkflowQuery,
  startActivityWorkflow,
} from '../course-content/api/course-content-api.ts';
import { nodesAlongAxis, workflowIdsAlong } from '../course-content/model/tree-paths.ts';
import { ProctoredActivity } from '../proctoring/components/proctored-activity.tsx';
import { LtiLaunchFrame } from './components/lti-launch-frame.tsx';
import { LtiResult } from './components/lti-result.tsx';
import { useLiveCourseProgress } from './hooks/use-live-course-progress.ts';
import { courseDetailsPath } from './lti-paths.ts';
import { isLtiActivityType } from './model/lti-activity.ts';

/** Spec 8: these statuses on loading a course mean "not available". */
const UNAVAILABLE_STATUSES = new Set([400, 401, 403, 404]);
const isUnavailable = (error: unknown) =>
  error instanceof ApiError && UNAVAILABLE_STATUSES.has(error.status);

export interface LtiWorkflowViewPageProps {
  objectiveId: string;
  workflowId: string;
  /** The activity's axis; "" for the course root. */
  axis: string;
}

export function LtiWorkflowViewPage({ objectiveId, workflowId, axis }: LtiWorkflowViewPageProps) {
  const { t } = useTranslation('lti');
  const { t: tc } = useTranslation('courseContent');
  const aggregate = useQuery(courseAggregateQuery(objectiveId));
  const workflow = useQuery(objectiveWorkflowQuery(workflowId));
  const tree = useQuery(activityTreeQuery(workflowId));
  const path = tree.data ? nodesAlongAxis(tree.data, axis) : null;
  const node = path?.[path.length - 1];
  // The course root is named by the course's name alone.
  usePageTitle(node && node.axis !== '' ? node.name : undefined, aggregate.data?.objective.name);

  const inProgress = workflow.data?.state === WorkflowState.inProgress;
  // Once the tool is open it stays open: the grade it reports may finish the attempt while the learner reads
  // the tool's last page.
  const [opened, setOpened] = useState(false);
  if (inProgress && !opened) setOpened(true);

  if ([aggregate.error, workflow.error, tree.error].some(isUnavailable))
    return <CourseUnavailable />;
  if (workflow.data && workflow.data.objectiveId !== objectiveId) return <CourseUnavailable />;
  if (aggregate.isError || workflow.isError || tree.isError)
    return <Alert color="red">{t('view.loadFailed')}</Alert>;
  if (!aggregate.data || !workflow.data || !tree.data)
    return <Loader role="status" aria-label={t('view.loading')} />;
  if (!path || !node) return <CourseUnavailable />;

  const header = (
    <WorkflowHeader
      objectiveId={objectiveId}
      courseName={aggregate.data.objective.name}
      progress={workflow.data.progress}
      node={node}
    />
  );
  if (!isLtiActivityType(node.type))
    return <ViewFrame header={header} body={<Alert color="blue">{t('view.notLti')}</Alert>} />;
  if (!opened)
    return (
      <ViewFrame header={header} body={<Alert color="blue">{t('view.notLaunchable')}</Alert>} />
    );
  // A proctored tool opens only inside the proctoring tool: here its notice and start button, then (done) the
  // result the header shows, never the tool again.
  if (node.proctored)
    return (
      <ViewFrame
        header={header}
        body={
          node.activityWorkflowAggregate.lastActivityWorkflow?.finished == null ? (
            <ProctoredActivity objectiveWorkflowId={workflowId} node={node} />
          ) : (
            <Text>{tc('proctoring.finished')}</Text>
          )
        }
      />
    );
  return (
    <ViewFrame
      header={header}
      body={<ToolArea objectiveId={objectiveId} workflowId={workflowId} path={path} />}
    />
  );
}

function WorkflowHeader({
  objectiveId,
  courseName,
  progress,
  node,
}: {
  objectiveId: string;
  courseName: string;
  progress: number;
  node: ActivityNode;
}) {
  const { t } = useTranslation('lti');
  const format = useFormatters();
  const fraction = clampProgress(progress);
  return (
    <Stack gap="xs" component="header">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h3">
          {courseName}
        </Title>
        <Button
          component={Link}
          to={courseDetailsPath(objectiveId)}
          variant="outline"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        >
          {t('view.backToCourse')}
        </Button>
      </Group>
      <Group gap="md" wrap="wrap" align="center">
        <Box w={{ base: '100%', sm: 240 }}>
          <Progress
            value={Math.round(fraction * 100)}
            aria-label={t('view.progressLabel')}
            size="md"
          />
        </Box>
        <Text size="sm">{t('view.progressValue', { percent: format.percent(fraction) })}</Text>
        <LtiResult node={node} />
      </Group>
    </Stack>
  );
}

/** A header and a body that takes the rest of the viewport below the app's header. */
function ViewFrame({ header, body }: { header: ReactNode; body: ReactNode }) {
  return (
    <Stack
      gap="sm"
      style={{
        height:
          'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))',
        minHeight: 480,
      }}
    >
      {header}
      <Box style={{ flex: '1 1 auto', minHeight: 0 }}>{body}</Box>
    </Stack>
  );
}

/** Starts the activity's workflow when the attempt has none yet, then opens the tool with live progress. */
function ToolArea({
  objectiveId,
  workflowId,
  path,
}: {
  objectiveId: string;
  workflowId: string;
  path: ActivityNode[];
}) {
  const { t } = useTranslation('lti');
  const queryClient = useQueryClient();
  const node = path[path.length - 1]!;
  const activityWorkflowIds = workflowIdsAlong(path);
  const complete = activityWorkflowIds.length === path.length;
  const startedFor = useRef<string | null>(null);
  const [startFailed, setStartFailed] = useState(false);
  useLiveCourseProgress(objectiveId, workflowId, { withWorkflow: true });

  useEffect(() => {
    const key = `${workflowId}:${node.axis}`;
    if (complete || startedFor.current === key) return;
    startedFor.current = key;
    startActivityWorkflow(workflowId, node.axis).then(
      () => queryClient.invalidateQueries({ queryKey: courseContentKeys.tree(workflowId) }),
      () => setStartFailed(true),
    );
  }, [complete, workflowId, node.axis, queryClient]);

  if (startFailed) return <Alert color="red">{t('view.startFailed')}</Alert>;
  if (!complete) return <Loader role="status" aria-label={t('view.starting')} />;
  return (
    <LtiLaunchFrame
      objectiveId={objectiveId}
      objectiveWorkflowId={workflowId}
      activityWorkflowIds={activityWorkflowIds}
      activityPartIds={partIdsOf(node.axis)}
      activityName={node.name}
      fill
    />
  );
}
