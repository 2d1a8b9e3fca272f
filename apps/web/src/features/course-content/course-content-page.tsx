// The course content view (/courses/{objectiveId}/view/content[/{axis}], viewType=REVIEW): table of contents,
// the open activity in the course's presentation, and the start, continue, submit and review flows.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PresentationMode, WorkflowState, type ActivityNode } from '@portal/contracts';
import { firstStartableAxis, isGradeRevealed, type ActivityRuleContext } from '@portal/domain';
import { BlockingLoader } from '../../components/blocking-loader.tsx';
import { ApiError, internalErrorText } from '../../lib/api-client.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { showToast } from '../../lib/toast.ts';
import { reloadToWorkflowView, workflowViewPath } from '../lti/lti-paths.ts';
import { isLtiActivityType } from '../lti/model/lti-activity.ts';
import {
  activityTreeQuery,
  courseAggregateQuery,
  courseContentKeys,
  objectiveWorkflowQuery,
  submitObjectiveWorkflow,
} from './api/course-content-api.ts';
import { ActivityView } from './components/activity-view.tsx';
import { TableOfContents } from './components/table-of-contents.tsx';
import { TilesView } from './components/tiles-view.tsx';
import { useConstraintClock, useTreeRetry } from './hooks/use-course-timers.ts';
import { useStartFlow } from './hooks/use-start-flow.ts';
import { nodesAlongAxis, visibleChildren, visibleLeaves } from './model/tree-paths.ts';

export const VIEW_TYPE_PARAM = 'viewType';
export const VIEW_TYPE_REVIEW = 'REVIEW';
/** Review of an earlier attempt (from the details page's attempts table); the last attempt otherwise. */
export const WORKFLOW_PARAM = 'objectiveWorkflowId';

/** Statuses that mean "you may not see this course" (spec 8): the unavailable-course page. */
const UNAVAILABLE_STATUSES = new Set([400, 401, 403, 404]);

const isUnavailable = (error: unknown) =>
  error instanceof ApiError && UNAVAILABLE_STATUSES.has(error.status);

export const courseContentPath = (objectiveId: string, axis = '') =>
  `/courses/${encodeURIComponent(objectiveId)}/view/content${axis ? `/${axis}` : ''}`;
export const courseDetailsPath = (objectiveId: string) =>
  `/courses/${encodeURIComponent(objectiveId)}`;

export interface CourseContentPageProps {
  objectiveId: string;
  /** The open activity's axis from the address; undefined when none is given. */
  axis: string | undefined;
  /** The unavailable-course page (composed by the route). */
  unavailable: ReactNode;
}

export function CourseContentPage({ objectiveId, axis, unavailable }: CourseContentPageProps) {
  const { t } = useTranslation('courseContent');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const reviewMode = searchParams.get(VIEW_TYPE_PARAM) === VIEW_TYPE_REVIEW;
  const reviewWorkflowId = reviewMode ? searchParams.get(WORKFLOW_PARAM) : null;

  // Links keep the review flags and nothing else (start flags are one-shot).
  const hrefFor = useCallback(
    (target: string) => {
      const keep = new URLSearchParams();
      if (reviewMode) keep.set(VIEW_TYPE_PARAM, VIEW_TYPE_REVIEW);
      if (reviewWorkflowId) keep.set(WORKFLOW_PARAM, reviewWorkflowId);
      const query = keep.toString();
      return `${courseContentPath(objectiveId, target)}${query ? `?${query}` : ''}`;
    },
    [objectiveId, reviewMode, reviewWorkflowId],
  );

  const aggregateQuery = useQuery(courseAggregateQuery(objectiveId));
  const aggregate = aggregateQuery.data;
  const isLtiCourse = aggregate ? isLtiActivityType(aggregate.objective.activity.type) : false;
  // An LTI course leaves for its workflow view with a full page load (spec 4); nothing else loads meanwhile.
  const [leaving, setLeaving] = useState(false);
  // After a start, the first startable activity of the new attempt is selected.
  const selectedFor = useRef<string | null>(null);
  // The flow may report twice (a start, then a "skipped" once the refetched aggregate shows the attempt while
  // the flags' removal is still pending): the page is left once.
  const leftFor = useRef(false);
  const onStarted = useCallback(
    (startedWorkflowId: string | null) => {
      if (isLtiCourse && startedWorkflowId) {
        if (leftFor.current) return;
        leftFor.current = true;
        setLeaving(true);
        reloadToWorkflowView(objectiveId, startedWorkflowId);
        return;
      }
      selectedFor.current = null;
      void navigate(courseContentPath(objectiveId), { replace: true });
    },
    [navigate, objectiveId, isLtiCourse],
  );
  const starting = useStartFlow(objectiveId, aggregate, onStarted);

  const workflowId =
    reviewWorkflowId ?? aggregate?.objectiveWorkflowAggregate.lastObjectiveWorkflow?.id ?? null;
  const enabled = workflowId !== null && !starting && !leaving;
  const workflowQuery = useQuery({ ...objectiveWorkflowQuery(workflowId ?? ''), enabled });
  const treeQuery = useQuery({ ...activityTreeQuery(workflowId ?? ''), enabled });
  const root = treeQuery.data;

  const refetchTree = useCallback(() => {
    if (workflowId)
      void queryClient.invalidateQueries({ queryKey: courseContentKeys.tree(workflowId) });
  }, [queryClient, workflowId]);
  const now = useConstraintClock(root, refetchTree);
  // An attempt the learner may not see (another learner's, say) is not retried: it will not appear.
  const attemptUnavailable = [workflowQuery, treeQuery].some(
    (query) => query.isError && isUnavailable(query.error),
  );
  useTreeRetry(
    workflowId,
    treeQuery.isError && !attemptUnavailable ? treeQuery.errorUpdatedAt : null,
    refetchTree,
  );

  const workflow = workflowQuery.data;
  const objectiveFinished = workflow ? workflow.state !== WorkflowState.inProgress : false;
  const ctx: ActivityRuleContext = {
    now,
    reviewMode,
    objectiveFinished,
    gradeRevealed: aggregate
      ? isGradeRevealed({
          policy: aggregate.gradeRevealPolicy,
          revealDate: aggregate.gradeRevealDate,
          finished: workflow?.finished != null,
          now,
        })
      : false,
  };

  // First load without an axis: open the first startable activity (not for tiles, spec 4).
  useEffect(() => {
    if (!root || !workflowId || axis !== undefined || selectedFor.current === workflowId) return;
    selectedFor.current = workflowId;
    if (root.presentationMode === PresentationMode.tiles) return;
    const first = firstStartableAxis(root, new Date());
    if (first) void navigate(hrefFor(first), { replace: true });
  }, [root, workflowId, axis, navigate, hrefFor]);

  const reviewTracked = useRef<string | null>(null);
  useEffect(() => {
    if (!reviewMode || !workflowId || reviewTracked.current === workflowId) return;
    reviewTracked.current = workflowId;
    trackEvent('course_open_for_review', { objectiveId, objectiveWorkflowId: workflowId });
  }, [reviewMode, workflowId, objectiveId]);

  const [submitting, setSubmitting] = useState(false);
  const submit = async () => {
    if (!workflowId) return;
    setSubmitting(true);
    try {
      await submitObjectiveWorkflow(workflowId);
      await queryClient.invalidateQueries({ queryKey: ['lms'] });
      void navigate(courseDetailsPath(objectiveId));
    } catch (error) {
      showToast({
        kind: 'critical',
        message:
          error instanceof ApiError && error.status === 400 ? error.message : t('genericError'),
      });
    } finally {
      setSubmitting(false);
    }
  };

  const path = root && axis !== undefined ? nodesAlongAxis(root, axis) : null;
  usePageTitle(path?.[path.length - 1]?.name, aggregate?.objective.name ?? t('pageTitle'));

  if (aggregateQuery.isError) {
    if (isUnavailable(aggregateQuery.error)) return unavailable;
    return <Alert color="red">{t('genericError')}</Alert>;
  }
  if (attemptUnavailable) return unavailable;
  if (!aggregate || starting || leaving)
    return (
      <BlockingLoader
        visible
        label={starting || leaving ? t('startingCourse') : t('loadingCourse')}
      />
    );
  if (!workflowId)
    return (
      <Stack gap="md">
        <Title order={1}>
          <bdi>{aggregate.objective.name}</bdi>
        </Title>
        <Text>{t('noWorkflow')}</Text>
        <Anchor component={Link} to={courseDetailsPath(objectiveId)}>
          {t('toDetails')}
        </Anchor>
      </Stack>
    );

  // An LTI course in progress is taken in its full-screen workflow view; here it is only reviewed.
  if (isLtiCourse && !reviewMode && workflow?.state === WorkflowState.inProgress)
    return <Navigate to={workflowViewPath(objectiveId, workflowId)} replace />;

  const canSubmit = !reviewMode && workflow?.state === WorkflowState.inProgress;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>
          <bdi>{aggregate.objective.name}</bdi>
        </Title>
        {canSubmit ? (
          <Button onClick={() => void submit()} loading={submitting}>
            {t('submitCourse')}
          </Button>
        ) : null}
      </Group>
      {reviewMode ? <Alert color="blue">{t('reviewMode')}</Alert> : null}
      <BlockingLoader visible={submitting} label={t('submittingCourse')} />
      {treeQuery.isError ? (
        <Alert color="red" role="alert">
          {t('treeFailed')}
        </Alert>
      ) : null}
      {root && workflow ? (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TableOfContents
              root={root}
              ctx={ctx}
              selectedAxis={axis ?? (visibleChildren(root).length === 0 ? '' : undefined)}
              hrefFor={hrefFor}
              dueDate={aggregate.dueDate ?? root.activityConstraint?.due ?? null}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <ContentArea
              root={root}
              axis={axis}
              path={path}
              ctx={ctx}
              hrefFor={hrefFor}
              objectiveId={objectiveId}
              workflowId={workflowId}
            />
          </Grid.Col>
        </Grid>
      ) : treeQuery.isError ? null : (
        <BlockingLoader visible label={t('loadingCourse')} />
      )}
    </Stack>
  );
}

interface ContentAreaProps {
  root: ActivityNode;
  axis: string | undefined;
  path: ActivityNode[] | null;
  ctx: ActivityRuleContext;
  hrefFor: (axis: string) => string;
  objectiveId: string;
  workflowId: string;
}

/** The open activity in the course's presentation: tree, tiles, or long read (with or without names). */
function ContentArea({
  root,
  axis,
  path,
  ctx,
  hrefFor,
  objectiveId,
  workflowId,
}: ContentAreaProps) {
  const { t } = useTranslation('courseContent');
  const mode = root.presentationMode;
  const common = { objectiveId, objectiveWorkflowId: workflowId, ctx, hrefFor };
  const isComposite = visibleChildren(root).length > 0;

  // A path the tree does not have is an internal error (spec 4).
  if (axis !== undefined && !path) return <Alert color="red">{internalErrorText()}</Alert>;

  if (!isComposite) return <ActivityView key={workflowId} {...common} path={path ?? [root]} />;

  if (mode === PresentationMode.longRead || mode === PresentationMode.longReadWithoutNames) {
    return (
      <Stack gap="xl">
        {visibleLeaves(root).map((leaf) => {
          const leafPath = nodesAlongAxis(root, leaf.axis) ?? [root];
          return (
            <ActivityView
              key={`${workflowId}:${leaf.axis}`}
              {...common}
              path={leafPath}
              showName={mode === PresentationMode.longRead}
              autoStart={leaf.axis === axis}
            />
          );
        })}
      </Stack>
    );
  }

  if (!path) {
    if (mode === PresentationMode.tiles)
      return <TilesView root={root} ctx={ctx} hrefFor={hrefFor} />;
    // Tree and long read: the first startable activity is being selected.
    return null;
  }
  return (
    <Stack gap="md">
      {mode === PresentationMode.tiles ? (
        <Anchor component={Link} to={hrefFor('')}>
          {t('backToActivities')}
        </Anchor>
      ) : null}
      <ActivityView key={`${workflowId}:${path[path.length - 1]!.axis}`} {...common} path={path} />
    </Stack>
  );
}
