// The route table (basename /learn): signed-in pages inside the shell, every page module loaded lazily.
import type { ComponentType } from 'react';
import {
  Navigate,
  Outlet,
  ScrollRestoration,
  createBrowserRouter,
  redirect,
  type RouteObject,
} from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { i18next } from '../i18n/i18n.ts';
import { BlockingLoader } from '../components/blocking-loader.tsx';
import { ErrorPage } from '../components/error-page.tsx';
import { APP_BASENAME, paths } from './paths.ts';
import { FullScreenErrorBoundary, PageErrorBoundary } from './routes/route-errors.tsx';
import { ForbiddenPage, NotFoundPage } from './routes/status-pages.tsx';
import { IndexRedirect } from './routes/index-redirect.tsx';
import { loginCallbackLoader } from './routes/login-callback.ts';

// A page module plus the translation namespace it needs, fetched together.
interface PageModule {
  Component: ComponentType;
}

type PageNamespace =
  | 'courses'
  | 'profile'
  | 'openCatalog'
  | 'catalog'
  | 'courseList'
  | 'courseContent'
  | 'courseDetails'
  | 'certificates'
  | 'calendar'
  | 'knowledgeQuestions'
  | 'lti';

const page =
  (load: () => Promise<PageModule>, namespace?: PageNamespace | PageNamespace[]) => async () => {
    const [module] = await Promise.all([
      load(),
      namespace ? i18next.loadNamespaces(namespace) : undefined,
    ]);
    return { Component: module.Component };
  };

// The shell's data (user, permissions, settings) does not change while the learner filters or
// moves between pages; re-running those loaders would delay every search-param update.
const onlyOnFirstLoad = () => false;

// Navigation never finishes: the browser is leaving for another application.
const leavingPage = () => new Promise<never>(() => undefined);

function LeavingPage() {
  return <BlockingLoader visible />;
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      // The loader redirects; the loader screen shows while it runs on the first load (React Router's
      // hydration) and while a redirect outside the app replaces the page.
      path: paths.loginCallback,
      loader: loginCallbackLoader,
      HydrateFallback: LeavingPage,
      Component: LeavingPage,
      errorElement: <FullScreenErrorBoundary />,
    },
    { path: paths.embeddedFrame, lazy: page(() => import('./routes/embedded-frame.tsx')) },
    {
      // Outside the shell: it runs inside the tool's iframe and only hands the learner back.
      path: paths.ltiToolCallback,
      lazy: page(() => import('../features/lti/pages/lti-tool-callback-route.tsx'), 'lti'),
      errorElement: <FullScreenErrorBoundary />,
    },
    {
      // Outside the shell too: the proctored activity lives inside the proctoring tool's iframe (spec §2).
      path: `${paths.proctor}/:objectiveId/*`,
      lazy: page(
        () => import('../features/proctoring/pages/proctor-route.tsx'),
        ['courseContent', 'lti'],
      ),
      errorElement: <FullScreenErrorBoundary />,
    },
    {
      path: paths.simulateError,
      lazy: page(() => import('./routes/simulate-error.tsx')),
      errorElement: <FullScreenErrorBoundary />,
    },
    {
      // Public pages (spec §6): outside the shell, so no user fetch and no sign-in redirect.
      path: paths.openCatalog,
      lazy: page(() => import('./routes/open-catalog-layout.tsx'), 'openCatalog'),
      errorElement: <FullScreenErrorBoundary />,
      children: [
        {
          index: true,
          lazy: page(() => import('./routes/open-catalog-route.tsx'), 'openCatalog'),
        },
        {
          path: ':objectiveId/view/details',
          lazy: page(() => import('./routes/open-catalog-details-route.tsx'), 'openCatalog'),
        },
        { path: ':objectiveId', element: <Navigate to="view/details" replace /> },
        { path: '*', element: <ErrorPage status={404} showButton={false} /> },
      ],
    },
    {
      // Public too: a certificate anyone can check, outside the shell.
      path: paths.publicCertificate,
      lazy: page(() => import('./routes/public-certificate-route.tsx'), 'certificates'),
      errorElement: <FullScreenErrorBoundary />,
    },
    {
      id: 'shell',
      loader: async () => {
        // Loaded on demand: the queries carry the schemas (zod), which the entry bundle does without.
        const { loadShellData } = await import('./guards.ts');
        await loadShellData(queryClient);
        return null;
      },
      shouldRevalidate: onlyOnFirstLoad,
      lazy: page(() => import('./shell/shell-route.tsx')),
      errorElement: <FullScreenErrorBoundary />,
      HydrateFallback: () => <BlockingLoader visible />,
      children: [
        { path: paths.forbidden, element: <ForbiddenPage /> },
        {
          id: 'learner-area',
          loader: async () => {
            const { guardLearnerArea } = await import('./guards.ts');
            const outcome = await guardLearnerArea(queryClient, window.location.hash);
            if (outcome.kind === 'forbidden') return redirect(paths.forbidden);
            if (outcome.kind === 'replace') {
              window.location.replace(outcome.url);
              return leavingPage();
            }
            return null;
          },
          shouldRevalidate: onlyOnFirstLoad,
          errorElement: <PageErrorBoundary />,
          children: [
            { index: true, element: <IndexRedirect /> },
            {
              path: paths.courses,
              lazy: page(() => import('./routes/courses-route.tsx'), ['courses', 'courseList']),
            },
            {
              path: paths.catalog,
              lazy: page(() => import('./routes/catalog-route.tsx'), ['catalog', 'courseList']),
            },
            {
              path: `${paths.catalog}/:objectiveId/*`,
              lazy: page(
                () => import('./routes/catalog-course-route.tsx'),
                ['catalog', 'courseList'],
              ),
            },
            {
              path: `${paths.courses}/redirect/:objectiveId`,
              lazy: page(
                () => import('./routes/course-redirect-route.tsx'),
                ['courseDetails', 'courseList'],
              ),
            },
            ...[':objectiveId', ':objectiveId/view/details', ':objectiveId/:aggregateId'].map(
              (suffix) => ({
                path: `${paths.courses}/${suffix}`,
                lazy: page(
                  () => import('./routes/course-details-route.tsx'),
                  ['courseDetails', 'courseList', 'certificates', 'knowledgeQuestions'],
                ),
              }),
            ),
            {
              // The course content view; "*" is the activity's axis (part ids joined by "/").
              path: `${paths.courses}/:objectiveId/view/content/*`,
              lazy: page(
                () => import('./routes/course-content-route.tsx'),
                ['courseContent', 'courseDetails', 'courseList', 'lti'],
              ),
            },
            {
              path: `${paths.courses}/:objectiveId/certificate/:certificateNumber`,
              lazy: page(() => import('./routes/issued-certificate-route.tsx'), 'certificates'),
            },
            {
              // The full-screen view of an LTI activity of an attempt (?activityPathId=axis).
              path: `${paths.courses}/:objectiveId/workflow/:workflowId/view`,
              lazy: page(
                () => import('../features/lti/pages/lti-workflow-view-route.tsx'),
                ['lti', 'courseContent'],
              ),
            },
            {
              // Spec §2: /calendar/* (the view and the day are search parameters).
              path: `${paths.calendar}/*`,
              lazy: page(() => import('./routes/calendar-route.tsx'), 'calendar'),
            },
            {
              path: paths.profile,
              lazy: page(() => import('./routes/profile-route.tsx'), 'profile'),
            },
            {
              // Spec §2: the answer page of knowledge-question e-mails (and their unsubscribe link).
              path: paths.emailResponseCallback,
              lazy: page(() => import('./routes/email-response-route.tsx'), 'knowledgeQuestions'),
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

/**
 * Every page opens at its top (a new address is a new page, not the previous one's scroll position under the
 * sticky header); back and forward return to where the page was. Keyed by path, so changing only the query
 * (filters, search) keeps the position.
 */
function RootLayout() {
  return (
    <>
      <ScrollRestoration getKey={(location) => location.pathname} />
      <Outlet />
    </>
  );
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter([{ element: <RootLayout />, children: createRoutes(queryClient) }], {
    basename: APP_BASENAME,
  });
}
