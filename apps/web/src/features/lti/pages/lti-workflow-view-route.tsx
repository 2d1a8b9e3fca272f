// Route module of /courses/{objectiveId}/workflow/{workflowId}/view[?activityPathId=axis].
import { useParams, useSearchParams } from 'react-router';
import { idSchema } from '@portal/contracts';
import { CourseUnavailable } from '../../../components/course-unavailable.tsx';
import { LtiWorkflowViewPage } from '../lti-workflow-view-page.tsx';
import { isValidAxis } from '../model/tool-callback.ts';

export function Component() {
  const { objectiveId = '', workflowId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const axis = searchParams.get('activityPathId') ?? '';
  const valid =
    idSchema.safeParse(objectiveId).success &&
    idSchema.safeParse(workflowId).success &&
    isValidAxis(axis);
  if (!valid) return <CourseUnavailable />;
  // Keyed: another attempt or activity is a fresh launch.
  return (
    <LtiWorkflowViewPage
      key={`${workflowId}:${axis}`}
      objectiveId={objectiveId}
      workflowId={workflowId}
      axis={axis}
    />
  );
}
