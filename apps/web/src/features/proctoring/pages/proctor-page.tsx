// /courses/proctor/{objectiveId}/{activityPathId}?inProctoringIframe=true (spec §2): the proctored activity inside
// the proctoring tool's iframe, with no app navigation. "Finish activity" finishes the activity workflow, then
// posts the LtiEndAssessment form to the top window (the tool's end page). Outside the tool's iframe, or without
// an open proctor session, only an explanation and a link back to the course: never the content.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { idSchema, type ActivityNode } from '@portal/contracts';
import { partIdsOf } from '@portal/domain';
import { APP_BASENAME } from '../../../app/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import {
  activityContentQuery,
  activityTreeQuery,
  courseAggregateQuery,
  courseContentKeys,
  finishActivityWorkflows,
} from '../../course-content/api/course-content-api.ts';
import { ActivityHtml } from '../../course-content/components/activity-html.tsx';
import { nodesAlongAxis, workflowIdsAlong } from '../../course-content/model/tree-paths.ts';
import { courseContentPath } from '../../course-details/course-paths.ts';
import { LtiLaunchFrame } from '../../lti/components/lti-launch-frame.tsx';
import { isLtiActivityType } from '../../lti/model/lti-activity.ts';
import { submitLaunchForm } from '../../lti/model/launch-form.ts';
import { fetchProctoringEndForm, lastProctoringSessionQuery } from '../api/proctoring-api.ts';
import { isOpenProctorSession } from '../model/proctoring-state.ts';
import { IN_PROCTORING_IFRAME_PARAM } from '../proctoring-paths.ts';

/** True inside the proctoring tool's iframe: the flag is set and the page is framed. */
export function isInProctoringFrame(search: URLSearchParams, win: Window = window): boolean {
  return search.get(IN_PROCTORING_IFRAME_PARAM) === 'true' && win.top !== win.self;
}

export interface ProctorPageProps {
  objectiveId: string;
  activityPathId: string;
  inProctoringFrame: boolean;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Container size="xl" py="md" component="main">
      <Stack gap="md">{children}</Stack>
    </Container>
  );
}

function NoContent({
  objectiveId,
  activityPathId,
}: {
  objectiveId: string;
  activityPathId: string;
}) {
  const { t } = useTranslation('courseContent');
  usePageTitle(t('proctoring.pageTitle'));
  return (
    <Frame>
      <Title order={1} size="h3">
        {t('proctoring.pageTitle')}
      </Title>
      <Text data-testid="proctor-no-content">{t('proctoring.onlyInTool')}</Text>
      <Anchor
        href={`${APP_BASENAME}${courseContentPath(objectiveId, activityPathId)}`}
        target="_top"
      >
        {t('proctoring.backToCourse')}
      </Anchor>
    </Frame>
  );
}

export function ProctorPage(props: ProctorPageProps) {
  const { objectiveId, activityPathId, inProctoringFrame } = props;
  const valid = idSchema.safeParse(objectiveId).success;
  if (!valid || !inProctoringFrame) {
    return <NoContent objectiveId={objectiveId} activityPathId={activityPathId} />;
  }
  return <ProctoredContent {...props} />;
}

function ProctoredContent({ objectiveId, activityPathId }: ProctorPageProps) {
  const { t } = useTranslation('courseContent');
  const aggregate = useQuery(courseAggregateQuery(objectiveId));
  const objectiveWorkflowId =
    aggregate.data?.objectiveWorkflowAggregate.lastObjectiveWorkflow?.id ?? null;
  const tree = useQuery({
    ...activityTreeQuery(objectiveWorkflowId ?? ''),
    enabled: objectiveWorkflowId !== null,
  });
  const path = tree.data ? nodesAlongAxis(tree.data, activityPathId) : null;
  const node = path?.[path.length - 1] ?? null;
  const workflow = node?.activityWorkflowAggregate.lastActivityWorkflow ?? null;
  const session = useQuery({
    ...lastProctoringSessionQuery(objectiveWorkflowId ?? '', workflow?.id ?? ''),
    enabled: objectiveWorkflowId !== null && workflow !== null,
  });
  // Once "Finish activity" is pressed the session ends on purpose: the page keeps its finishing state.
  const [finishing, setFinishing] = useState(false);
  const open = isOpenProctorSession(session.data ?? null);
  const [wasOpen, setWasOpen] = useState(false);
  if (open && !wasOpen) setWasOpen(true);

  const loading = (
    <Frame>
      <Loader size="sm" role="status" aria-label={t('loadingCourse')} />
    </Frame>
  );
  if (aggregate.isPending || (objectiveWorkflowId !== null && tree.isPending)) return loading;
  if (objectiveWorkflowId === null || !path || !node?.proctored || workflow === null) {
    return <NoContent objectiveId={objectiveId} activityPathId={activityPathId} />;
  }
  if (session.isPending) return loading;
  // Shown once the session is open; the tool's score may then finish the activity (and close the session)
  // before "Finish activity", which must stay to end the session in the tool.
  if (!finishing && !open && !wasOpen) {
    return <NoContent objectiveId={objectiveId} activityPathId={activityPathId} />;
  }
  return (
    <OpenActivity
      objectiveId={objectiveId}
      objectiveWorkflowId={objectiveWorkflowId}
      path={path}
      onFinishing={() => setFinishing(true)}
    />
  );
}

function OpenActivity({
  objectiveId,
  objectiveWorkflowId,
  path,
  onFinishing,
}: {
  objectiveId: string;
  objectiveWorkflowId: string;
  path: ActivityNode[];
  onFinishing: () => void;
}) {
  const { t } = useTranslation('courseContent');
  const queryClient = useQueryClient();
  const node = path[path.length - 1]!;
  const activityWorkflowId = node.activityWorkflowAggregate.lastActivityWorkflow!.id;
  const activityWorkflowIds = workflowIdsAlong(path);
  const isLti = isLtiActivityType(node.type);
  usePageTitle(node.name);
  const heading = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const [finishing, setFinishing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => heading.current?.focus(), []);

  const finish = async () => {
    setFinishing(true);
    setError(null);
    onFinishing();
    try {
      // A tool may have finished the activity already when it reported its score.
      await queryClient.invalidateQueries({
        queryKey: courseContentKeys.tree(objectiveWorkflowId),
      });
      const tree = await queryClient.fetchQuery(activityTreeQuery(objectiveWorkflowId));
      const current = nodesAlongAxis(tree, node.axis);
      const finished =
        current?.[current.length - 1]?.activityWorkflowAggregate.lastActivityWorkflow?.finished;
      if (finished == null) await finishActivityWorkflows(objectiveWorkflowId, activityWorkflowIds);
      const form = await fetchProctoringEndForm(objectiveWorkflowId, activityWorkflowId);
      // The tool's end page replaces the tool's own page (the top window), which stops its camera.
      submitLaunchForm(form, '_top');
    } catch (failure) {
      setFinishing(false);
      setError(
        failure instanceof ApiError && failure.status < 500 && failure.message
          ? failure.message
          : t('proctoring.finishFailed'),
      );
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  };

  return (
    <Frame>
      <Title order={1} size="h3" ref={heading} tabIndex={-1}>
        <bdi>
          <bdi>{node.name}</bdi>
        </bdi>
      </Title>
      {isLti ? (
        <LtiLaunchFrame
          objectiveId={objectiveId}
          objectiveWorkflowId={objectiveWorkflowId}
          activityWorkflowIds={activityWorkflowIds}
          activityPartIds={partIdsOf(node.axis)}
          activityName={node.name}
          // The tool's own "return" link stays on this page: the learner finishes here.
          onReturn={() =>
            void queryClient.invalidateQueries({
              queryKey: courseContentKeys.tree(objectiveWorkflowId),
            })
          }
        />
      ) : (
        <TextContent objectiveWorkflowId={objectiveWorkflowId} axis={node.axis} />
      )}
      {error ? (
        <Alert color="red" role="alert" ref={errorRef} tabIndex={-1}>
          {error}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={() => void finish()} loading={finishing}>
          {t('proctoring.finish')}
        </Button>
      </Group>
    </Frame>
  );
}

function TextContent({ objectiveWorkflowId, axis }: { objectiveWorkflowId: string; axis: string }) {
  const { t } = useTranslation('courseContent');
  const content = useQuery(activityContentQuery(objectiveWorkflowId, axis));
  if (content.isPending) return <Loader size="sm" role="status" aria-label={t('loadingCourse')} />;
  if (content.isError) return <Alert color="red">{t('contentFailed')}</Alert>;
  return content.data.content ? (
    <ActivityHtml html={content.data.content} />
  ) : (
    <Text c="dimmed">{t('emptyContent')}</Text>
  );
}
