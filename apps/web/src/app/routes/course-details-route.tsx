// /courses/{objectiveId}, /courses/{objectiveId}/view/details and the card target /courses/{objectiveId}/{aggregateId}.
import { useParams } from 'react-router';
import { useRecordCourseOpened } from '../../features/dashboard/api/dashboard-queries.ts';
import { CourseAreaLayout } from '../../features/course-details/course-area-layout.tsx';
import { CourseDetailsPage } from '../../features/course-details/course-details-page.tsx';
import { QuestionSubscriptionToggle } from '../../features/knowledge-questions/components/question-subscription-toggle.tsx';

export function Component() {
  const { objectiveId = '' } = useParams();
  // The dashboard's recent courses lead with the course the learner opened last.
  useRecordCourseOpened(objectiveId);
  return (
    <CourseAreaLayout objectiveId={objectiveId} current="details">
      {/* Keyed: another course starts a fresh page (description state, analytics, timers). */}
      <CourseDetailsPage key={objectiveId} objectiveId={objectiveId} />
      <QuestionSubscriptionToggle key={`questions-${objectiveId}`} objectiveId={objectiveId} />
    </CourseAreaLayout>
  );
}
