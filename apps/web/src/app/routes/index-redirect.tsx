// "/": the learner dashboard when the tenant turns learner.dashboard on; otherwise straight on to /courses,
// keeping query and hash (spec portal-shell §2). The dashboard's code and texts load only when it is shown.
import { Suspense, lazy } from 'react';
import { Navigate, useLocation } from 'react-router';
import { BlockingLoader } from '../../components/blocking-loader.tsx';
import { i18next } from '../../i18n/i18n.ts';
import { useLearnerSettings } from '../../lib/platform-queries.ts';
import { isRouteBuilt, paths } from '../paths.ts';

const DashboardPage = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/dashboard/dashboard-page.tsx'),
    i18next.loadNamespaces(['dashboard', 'calendar']),
  ]);
  return { default: module.DashboardPage };
});

export function IndexRedirect() {
  const { search, hash } = useLocation();
  const settings = useLearnerSettings();
  if (settings.featureFlags['learner.dashboard'] && isRouteBuilt('dashboard')) {
    return (
      <Suspense fallback={<BlockingLoader visible />}>
        <DashboardPage />
      </Suspense>
    );
  }
  return <Navigate to={{ pathname: paths.courses, search, hash }} replace />;
}
