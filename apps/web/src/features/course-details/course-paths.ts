// Addresses inside a course: details, content, and the query flags the content view acts on.
import { APP_BASENAME } from '../../app/paths.ts';

export const courseDetailsPath = (objectiveId: string) => `/courses/${objectiveId}/view/details`;
export const courseContentPath = (objectiveId: string, axis = '') =>
  `/courses/${objectiveId}/view/content${axis ? `/${axis}` : ''}`;
/** The content view starts a first attempt. */
export const startCoursePath = (objectiveId: string) => `${courseContentPath(objectiveId)}?start=1`;
/** The content view starts a new attempt after a finished one. */
export const restartCoursePath = (objectiveId: string) =>
  `${courseContentPath(objectiveId)}?start=1&restart=1`;
/** The last attempt in REVIEW mode. */
export const reviewCoursePath = (objectiveId: string) =>
  `${courseContentPath(objectiveId)}?viewType=REVIEW`;
/** One earlier attempt in REVIEW mode. */
export const reviewAttemptPath = (objectiveId: string, workflowId: string) =>
  `${courseContentPath(objectiveId)}?viewType=REVIEW&objectiveWorkflowId=${encodeURIComponent(workflowId)}`;
/** One issued certificate of the course, inside the portal. */
export const courseCertificatePath = (objectiveId: string, certificateNumber: string) =>
  `/courses/${objectiveId}/certificate/${encodeURIComponent(certificateNumber)}`;
/** The shareable link of a course (absolute, with the app's base path). */
export const courseShareLink = (objectiveId: string) =>
  `${window.location.origin}${APP_BASENAME}/courses/${objectiveId}`;
