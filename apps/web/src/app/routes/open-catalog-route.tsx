// /open-catalog: the public course catalog.
import { OpenCatalogPage } from '../../features/open-catalog/open-catalog-page.tsx';

export function Component() {
  return <OpenCatalogPage />;
}
