// An LTI activity inside the course content: the tool embedded, a link to the full-screen view, or (review,
// finished attempt) the result without reopening the tool. The tool reports completion itself.
import { Button, Stack, Text } from '@mantine/core';
import { IconMaximize } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DisplayMode, type ActivityNode } from '@portal/contracts';
import { partIdsOf } from '@portal/domain';
import { useLiveCourseProgress } from '../hooks/use-live-course-progress.ts';
import { workflowViewPath } from '../lti-paths.ts';
import { LtiLaunchFrame } from './lti-launch-frame.tsx';
import { LtiResult } from './lti-result.tsx';

export interface LtiActivityProps {
  objectiveId: string;
  objectiveWorkflowId: string;
  node: ActivityNode;
  /** The activity workflow ids from the root down to this activity (all of them exist once it is started). */
  activityWorkflowIds: string[];
  /** Review mode or a finished attempt: the tool is not launched. */
  mode: 'launch' | 'review' | 'finished';
}

export function LtiActivity({
  objectiveId,
  objectiveWorkflowId,
  node,
  activityWorkflowIds,
  mode,
}: LtiActivityProps) {
  const { t } = useTranslation('lti');
  if (mode !== 'launch') {
    return (
      <Stack gap="sm">
        <Text>{mode === 'review' ? t('reviewNotReopened') : t('finishedNotReopened')}</Text>
        <LtiResult node={node} />
      </Stack>
    );
  }
  if (node.displayMode === DisplayMode.fullscreen) {
    return (
      <Stack gap="sm" align="flex-start">
        <LtiResult node={node} />
        <Text>{t('fullscreenIntro', { name: node.name })}</Text>
        <Button
          component={Link}
          to={workflowViewPath(objectiveId, objectiveWorkflowId, node.axis)}
          leftSection={<IconMaximize size={16} aria-hidden="true" />}
        >
          {t('openActivity', { name: node.name })}
        </Button>
      </Stack>
    );
  }
  return (
    <EmbeddedTool
      objectiveId={objectiveId}
      objectiveWorkflowId={objectiveWorkflowId}
      node={node}
      activityWorkflowIds={activityWorkflowIds}
    />
  );
}

function EmbeddedTool({
  objectiveId,
  objectiveWorkflowId,
  node,
  activityWorkflowIds,
}: Omit<LtiActivityProps, 'mode'>) {
  useLiveCourseProgress(objectiveId, objectiveWorkflowId);
  return (
    <Stack gap="sm">
      <LtiResult node={node} />
      <LtiLaunchFrame
        objectiveId={objectiveId}
        objectiveWorkflowId={objectiveWorkflowId}
        activityWorkflowIds={activityWorkflowIds}
        activityPartIds={partIdsOf(node.axis)}
        activityName={node.name}
      />
    </Stack>
  );
}
