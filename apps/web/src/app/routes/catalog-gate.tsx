// The catalog routes exist only while the tenant's catalog navigation setting is on; otherwise "not found".
import type { ReactNode } from 'react';
import { useLearnerSettings } from '../../lib/platform-queries.ts';
import { NotFoundPage } from './status-pages.tsx';

export function CatalogGate({ children }: { children: ReactNode }) {
  const settings = useLearnerSettings();
  return settings.navigation.catalog ? children : <NotFoundPage />;
}
