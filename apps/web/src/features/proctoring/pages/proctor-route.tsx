// Route module of /courses/proctor/{objectiveId}/{activityPathId} (outside the shell: it runs inside the
// proctoring tool's iframe). The activity path id is the axis: part ids joined by "/".
import { useParams, useSearchParams } from 'react-router';
import { isInProctoringFrame, ProctorPage } from './proctor-page.tsx';

export function Component() {
  const { objectiveId = '', '*': splat = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <ProctorPage
      key={`${objectiveId}/${splat}`}
      objectiveId={objectiveId}
      activityPathId={splat.replace(/\/+$/, '')}
      inProctoringFrame={isInProctoringFrame(search)}
    />
  );
}
