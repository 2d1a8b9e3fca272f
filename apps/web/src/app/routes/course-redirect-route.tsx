// /courses/redirect/{objectiveId}: the redirect screen into a course.
import { useParams } from 'react-router';
import { CourseRedirectPage } from '../../features/course-details/course-redirect-page.tsx';

export function Component() {
  const { objectiveId = '' } = useParams();
  return <CourseRedirectPage key={objectiveId} objectiveId={objectiveId} />;
}
