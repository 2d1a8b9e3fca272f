// /open-catalog/{objectiveId}/view/details: a public course page whose sign-up returns to add the course.
import { useParams } from 'react-router';
import { OCCFLOW_ADD_TO_MY_COURSES } from '@portal/contracts';
import { OpenCatalogDetailsPage } from '../../features/open-catalog/open-catalog-details-page.tsx';
import { absolutePaths, oidcPaths } from '../paths.ts';

/** My Courses with the deep action that adds the course once the visitor is signed in. */
export function addToMyCoursesUrl(objectiveId: string): string {
  const query = new URLSearchParams({ occflow: OCCFLOW_ADD_TO_MY_COURSES, objectiveId });
  return `${absolutePaths.courses}?${query.toString()}`;
}

export function Component() {
  const { objectiveId = '' } = useParams();
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
