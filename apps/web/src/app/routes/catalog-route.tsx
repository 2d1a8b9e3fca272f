// /catalog: the courses the learner may join.
import { CatalogPage } from '../../features/catalog/catalog-page.tsx';
import { CatalogGate } from './catalog-gate.tsx';

export function Component() {
  return (
    <CatalogGate>
      <CatalogPage />
    </CatalogGate>
  );
}
