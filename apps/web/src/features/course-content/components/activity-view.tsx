// One activity of the course: its disabled reason when locked, a module's activities, a text activity's
// content with "Mark as completed", or an LTI tool. Opening an activity the learner has not started starts its
// workflow.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
  type TitleOrder,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActivityType, WorkflowState, type ActivityNode } from '@portal/contracts';
import {
  activityDisabledReason,
  isLockedItem,
  pastDueNotice,
  type ActivityRuleContext,
} from '@portal/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { trackEvent } from '../../../lib/analytics.ts';
import { showToast } from '../../../lib/toast.ts';
import { LtiActivity } from '../../lti/components/lti-activity.tsx';
import { LtiResult } from '../../lti/components/lti-result.tsx';
import { isLtiActivityType } from '../../lti/model/lti-activity.ts';
import { ProctoredActivity } from '../../proctoring/components/proctored-activity.tsx';
import {
  activityContentQuery,
  courseContentKeys,
  finishActivityWorkflows,
  startActivityWorkflow,
} from '../api/course-content-api.ts';
import { visibleChildren, workflowIdsAlong } from '../model/tree-paths.ts';
import { ActivityHtml } from './activity-html.tsx';
import { DisabledReasonMessage } from './disabled-reason-message.tsx';
import { MobileWarning } from './mobile-warning.tsx';
import { PastDueNote } from './past-due-note.tsx';

// Team activities (docs/decisions/0029) load their panel on demand: most courses have none.
const TeamPanel = lazy(() => import('../../teams/components/team-panel.tsx'));

export interface ActivityViewProps {
  objectiveId: string;
  objectiveWorkflowId: string;
  /** The nodes from the root down to the shown one (the shown one last). */
  path: ActivityNode[];
  ctx: ActivityRuleContext;
  hrefFor: (axis: string) => string;
  headingLevel?: TitleOrder;
  /** Long read without activity names hides the heading (it stays for screen readers). */
  showName?: boolean;
  /**
   * Opening starts the activity's workflow; false in a long read for all but the selected activity, so one
   * page never starts every activity at once.
   */
  autoStart?: boolean;
}

function ActivityHeading({
  node,
  order,
  showName,
}: {
  node: ActivityNode;
  order: TitleOrder;
  showName: boolean;
}) {
  const title = (
    <Title order={order} size="h3">
      <bdi>
        <bdi>{node.name}</bdi>
      </bdi>
    </Title>
  );
  return showName ? title : <VisuallyHidden>{title}</VisuallyHidden>;
}

function ModuleView({ node, hrefFor }: { node: ActivityNode; hrefFor: (axis: string) => string }) {
  const { t } = useTranslation('courseContent');
  const children = visibleChildren(node);
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('moduleContents')}</Text>
      <ul>
        {children.map((child) => (
          <li key={child.axis}>
            <Anchor component={Link} to={hrefFor(child.axis)}>
              <bdi>
                <bdi>{child.name}</bdi>
              </bdi>
            </Anchor>
          </li>
        ))}
      </ul>
    </Stack>
  );
}

function contentErrorText(
  error: unknown,
  t: (key: 'activityDisabled.reviewHidden' | 'contentFailed') => string,
) {
  if (error instanceof ApiError && error.status === 403) {
    if (error.code === 'review_not_allowed') return t('activityDisabled.reviewHidden');
    if (error.code === 'activity_not_startable' && error.message) return error.message;
  }
  return t('contentFailed');
}

function LeafView({
  objectiveId,
  objectiveWorkflowId,
  path,
  ctx,
  hrefFor,
  autoStart = true,
}: Omit<ActivityViewProps, 'headingLevel' | 'showName'>) {
  const { t } = useTranslation('courseContent');
  const queryClient = useQueryClient();
  const node = path[path.length - 1]!;
  const workflow = node.activityWorkflowAggregate.lastActivityWorkflow;
  const needsStart = !ctx.reviewMode && !ctx.objectiveFinished && workflow === null;
  // A proctored activity opens only inside the proctoring tool: here the notice and its start button, until done.
  const proctoredGate =
    node.proctored && !ctx.reviewMode && !ctx.objectiveFinished && workflow?.finished == null;
  const startedFor = useRef<string | null>(null);
  const [startFailed, setStartFailed] = useState(false);
  const startKey = `${objectiveWorkflowId}:${node.axis}`;

  const invalidateCourse = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: courseContentKeys.tree(objectiveWorkflowId) }),
      queryClient.invalidateQueries({ queryKey: courseContentKeys.aggregate(objectiveId) }),
    ]);

  useEffect(() => {
    if (!needsStart || !autoStart || proctoredGate || startedFor.current === startKey) return;
    startedFor.current = startKey;
    setStartFailed(false);
    startActivityWorkflow(objectiveWorkflowId, node.axis).then(
      () => {
        trackEvent('activity_start', {
          objectiveId,
          objectiveWorkflowId,
          activityId: node.id,
          activityPathId: node.activityPathId,
        });
        return queryClient.invalidateQueries({
          queryKey: courseContentKeys.tree(objectiveWorkflowId),
        });
      },
      // Said in place (an alert), not as a toast: the start flow's own failure already toasts it once.
      () => setStartFailed(true),
    );
  }, [
    needsStart,
    autoStart,
    proctoredGate,
    startKey,
    objectiveWorkflowId,
    objectiveId,
    node.axis,
    node.id,
    node.activityPathId,
    queryClient,
  ]);

  const isLti = isLtiActivityType(node.type);
  // A tool's content is the tool itself: there is no text to fetch.
  const content = useQuery({
    ...activityContentQuery(objectiveWorkflowId, node.axis),
    enabled: !needsStart && !isLti && !proctoredGate,
  });

  // "Mark as completed" goes away once done: focus moves to the note that replaces it, and a screen reader
  // reads the note as it receives focus (a live announcement on top would say it twice).
  const completedNote = useRef<HTMLDivElement>(null);
  const focusCompletedNote = useRef(false);
  const finish = useMutation({
    mutationFn: () => finishActivityWorkflows(objectiveWorkflowId, workflowIdsAlong(path)),
    onSuccess: () => {
      focusCompletedNote.current = true;
      return invalidateCourse();
    },
    onError: (error) =>
      showToast({
        kind: 'critical',
        message: error instanceof ApiError ? error.message : t('contentFailed'),
      }),
  });

  const completed = workflow?.finished != null;
  useEffect(() => {
    if (!completed || !focusCompletedNote.current) return;
    focusCompletedNote.current = false;
    completedNote.current?.focus();
  }, [completed]);

  if (proctoredGate)
    return <ProctoredActivity objectiveWorkflowId={objectiveWorkflowId} node={node} />;
  if (startFailed)
    return (
      <Alert color="red" data-testid="activity-start-failed">
        {t('startFailed')}
      </Alert>
    );
  // A finished proctored tool is not opened again outside the proctoring tool.
  const launchesTool = isLti && !ctx.reviewMode && !ctx.objectiveFinished && !node.proctored;
  // In a long read only the selected activity opens its tool: one page never launches every tool at once.
  if ((needsStart || launchesTool) && !autoStart)
    return (
      <Anchor component={Link} to={hrefFor(node.axis)}>
        {t('openActivity', { name: node.name })}
      </Anchor>
    );
  // A bare span may not carry a label: the status role announces the loading state.
  const loading = <Loader size="sm" role="status" aria-label={t('loadingCourse')} />;
  if (isLti && node.proctored && !ctx.reviewMode)
    return (
      <Stack gap="sm">
        <Text>{t('proctoring.finished')}</Text>
        <LtiResult node={node} />
      </Stack>
    );
  if (isLti) {
    const mode = launchesTool ? 'launch' : ctx.reviewMode ? 'review' : 'finished';
    const activityWorkflowIds = workflowIdsAlong(path);
    // A launch names every activity workflow along the path: wait until the start has created them.
    if (mode === 'launch' && (needsStart || activityWorkflowIds.length !== path.length))
      return loading;
    return (
      <Stack gap="md">
        <MobileWarning supportMobileView={node.supportMobileView} />
        <LtiActivity
          objectiveId={objectiveId}
          objectiveWorkflowId={objectiveWorkflowId}
          node={node}
          activityWorkflowIds={activityWorkflowIds}
          mode={mode}
        />
      </Stack>
    );
  }
  if (needsStart || content.isPending) return loading;
  if (content.isError) return <Alert color="red">{contentErrorText(content.error, t)}</Alert>;

  // A team activity is completed by the team's submission and grade, not by "Mark as completed".
  const isTeamActivity = (node.teamMode ?? 0) > 0;
  const canComplete =
    !ctx.reviewMode &&
    !isTeamActivity &&
    node.type === ActivityType.text &&
    workflow !== null &&
    workflow.state === WorkflowState.inProgress &&
    workflow.finished === null;
  return (
    <Stack gap="md">
      <MobileWarning supportMobileView={node.supportMobileView} />
      {content.data.content ? (
        <ActivityHtml html={content.data.content} />
      ) : (
        <Text c="dimmed">{t('emptyContent')}</Text>
      )}
      {isTeamActivity && !needsStart ? (
        <Suspense fallback={loading}>
          <TeamPanel
            objectiveWorkflowId={objectiveWorkflowId}
            axis={node.axis}
            onProgressChanged={() => void invalidateCourse()}
          />
        </Suspense>
      ) : null}
      {canComplete ? (
        <Group>
          <Button onClick={() => finish.mutate()} loading={finish.isPending}>
            {t('markAsCompleted')}
          </Button>
        </Group>
      ) : null}
      {completed && !ctx.reviewMode ? (
        <Group gap={6} ref={completedNote} tabIndex={-1} data-route-focus>
          <IconCircleCheck size={18} aria-hidden="true" color="var(--mantine-color-green-9)" />
          <Text>{t('activityCompleted')}</Text>
        </Group>
      ) : null}
    </Stack>
  );
}

export function ActivityView({ headingLevel = 2, showName = true, ...props }: ActivityViewProps) {
  const node = props.path[props.path.length - 1]!;
  const locked = isLockedItem(node, props.ctx);
  const reason = activityDisabledReason(node, props.ctx);
  const isModule = visibleChildren(node).length > 0;
  // Past due is informational only, and only while the learner can still work on the activity.
  const pastDue =
    locked || props.ctx.reviewMode || props.ctx.objectiveFinished
      ? null
      : pastDueNotice(node, props.ctx.now);
  return (
    <Stack gap="md" component="section" data-axis={node.axis}>
      <ActivityHeading node={node} order={headingLevel} showName={showName} />
      {pastDue ? <PastDueNote notice={pastDue} /> : null}
      {locked ? (
        <DisabledReasonMessage reason={reason} constraint={node.activityConstraint} />
      ) : isModule ? (
        <ModuleView node={node} hrefFor={props.hrefFor} />
      ) : (
        <LeafView {...props} />
      )}
    </Stack>
  );
}
