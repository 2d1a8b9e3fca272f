// /courses/{objectiveId}/view/content[/{axis}]: the course content view (axis = part ids joined by "/")
// inside the course area's layers.
import { useParams } from 'react-router';
import { useRecordCourseOpened } from '../../features/dashboard/api/dashboard-queries.ts';
import { CourseContentPage } from '../../features/course-content/course-content-page.tsx';
import { CourseAreaLayout } from '../../features/course-details/course-area-layout.tsx';
import { CourseUnavailable } from '../../components/course-unavailable.tsx';

export function Component() {
  const { objectiveId = '', '*': splat } = useParams();
  useRecordCourseOpened(objectiveId);
  // "/view/content" and "/view/content/" both mean "no activity chosen yet".
  const axis = splat ? splat.replace(/\/+$/, '') : '';
  return (
    <CourseAreaLayout objectiveId={objectiveId} current="content">
      {/* Keyed: another course starts a fresh page (first-load selection, start flags, timers). */}
      <CourseContentPage
        key={objectiveId}
        objectiveId={objectiveId}
        axis={axis === '' ? undefined : axis}
        unavailable={<CourseUnavailable />}
      />
    </CourseAreaLayout>
  );
}
