// /catalog/{objectiveId}: the course's catalog page, or the unavailable-course page when the learner may not join it.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { idSchema } from '@portal/contracts';
import { catalogCourseState } from '@portal/domain';
import { ApiError } from '../../lib/api-client.ts';
import { ListLoading } from '../../components/course-list/list-loading.tsx';
import { LoadFailed } from '../../components/course-list/load-failed.tsx';
import { catalogCourseQuery } from './api/catalog-queries.ts';
import { CatalogCourseDetails } from './components/catalog-course-details.tsx';
import { CourseUnavailable } from '../../components/course-unavailable.tsx';

// Spec (course-experience §8): these statuses on loading a course mean "not available", not "try again".
const UNAVAILABLE_STATUSES = new Set([400, 401, 403, 404]);

export function CatalogCoursePage({ objectiveId }: { objectiveId: string }) {
  const valid = idSchema.safeParse(objectiveId).success;
  return valid ? <CatalogCourse objectiveId={objectiveId} /> : <CourseUnavailable />;
}

function CatalogCourse({ objectiveId }: { objectiveId: string }) {
  const { t } = useTranslation('catalog');
  const course = useQuery(catalogCourseQuery(objectiveId));

  if (course.isPending) return <ListLoading label={t('course.loading')} />;
  if (course.isError) {
    if (course.error instanceof ApiError && UNAVAILABLE_STATUSES.has(course.error.status)) {
      return <CourseUnavailable />;
    }
    return <LoadFailed title={t('course.loadFailed')} onRetry={() => void course.refetch()} />;
  }
  const state = catalogCourseState(course.data);
  if (course.data === null || state === 'unavailable') return <CourseUnavailable />;
  return <CatalogCourseDetails aggregate={course.data} enrolled={state === 'enrolled'} />;
}
