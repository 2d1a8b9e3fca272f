// /catalog/{objectiveId}/*: the catalog page of one course.
import { useParams } from 'react-router';
import { CatalogCoursePage } from '../../features/catalog/catalog-course-page.tsx';
import { CatalogGate } from './catalog-gate.tsx';

export function Component() {
  const { objectiveId = '' } = useParams();
  return (
    <CatalogGate>
      {/* Keyed: moving to another course starts a fresh page (enrolment state, focus). */}
      <CatalogCoursePage key={objectiveId} objectiveId={objectiveId} />
    </CatalogGate>
  );
}
