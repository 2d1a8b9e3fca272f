// /open-catalog/{objectiveId}/view/details: a public course page whose sign-up returns to add the course; a
// signed-in learner who already has the course goes to its course page instead (spec 4 access redirects).
import { Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { OCCFLOW_ADD_TO_MY_COURSES } from '@portal/contracts';
import { isEnrolled } from '@portal/domain';
import { BlockingLoader } from '../../components/blocking-loader.tsx';
import { courseAggregateQuery } from '../../features/course-details/api/course-details-queries.ts';
import { courseDetailsPath } from '../../features/course-details/course-paths.ts';
import { OpenCatalogDetailsPage } from '../../features/open-catalog/open-catalog-details-page.tsx';
import { absolutePaths, oidcPaths } from '../paths.ts';

/** My Courses with the deep action that adds the course once the visitor is signed in. */
export function addToMyCoursesUrl(objectiveId: string): string {
  const query = new URLSearchParams({ occflow: OCCFLOW_ADD_TO_MY_COURSES, objectiveId });
  return `${absolutePaths.courses}?${query.toString()}`;
}

export function Component() {
  const { objectiveId = '' } = useParams();
  // Whether a session exists, without forcing a sign-in: on a public page a 401 is an answer ("signed out"),
  // never a sign-in redirect. Any failure just leaves the public page as it is.
  const learnerCourse = useQuery({ ...courseAggregateQuery(objectiveId), retry: false });
  if (learnerCourse.isPending) return <BlockingLoader visible />;
  if (learnerCourse.data && isEnrolled(learnerCourse.data))
    return <Navigate to={courseDetailsPath(objectiveId)} replace />;
  const returnUrl = addToMyCoursesUrl(objectiveId);
  return (
    <OpenCatalogDetailsPage
      // A new course is a new page: nothing of the previous one (errors, scroll) carries over.
      key={objectiveId}
      objectiveId={objectiveId}
      signUpUrl={oidcPaths.register(returnUrl)}
      signInUrl={oidcPaths.login(returnUrl)}
    />
  );
}
