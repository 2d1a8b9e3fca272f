// /courses/{objectiveId}, /courses/{objectiveId}/view/details and the card target /courses/{objectiveId}/{aggregateId}.
import { useParams } from 'react-router';
import { CourseAreaLayout } from '../../features/course-details/course-area-layout.tsx';
import { CourseDetailsPage } from '../../features/course-details/course-details-page.tsx';

export function Component() {
  const { objectiveId = '' } = useParams();
  return (
    <CourseAreaLayout objectiveId={objectiveId} current="details">
      {/* Keyed: another course starts a fresh page (description state, analytics, timers). */}
      <CourseDetailsPage key={objectiveId} objectiveId={objectiveId} />
    </CourseAreaLayout>
  );
}
