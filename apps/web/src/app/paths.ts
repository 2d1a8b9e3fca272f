// Paths of the learner portal and which of the spec's screens are built, so links never point at nothing.

export const APP_BASENAME = '/learn';

export const paths = {
  root: '/',
  courses: '/courses',
  catalog: '/catalog',
  profile: '/profile',
  calendar: '/calendar',
  forbidden: '/forbidden',
  loginCallback: '/login-callback',
  simulateError: '/simulate-error',
  embeddedFrame: '/embedded-frame',
  openCatalog: '/open-catalog',
  /** The public certificate page (no sign-in). */
  publicCertificate: '/certificate/:certificateNumber',
  /** Where an LTI tool sends the learner back (launch_presentation return URL). */
  ltiToolCallback: '/lti-tool-callback',
  /** A proctored activity inside the proctoring tool's iframe: /courses/proctor/{objectiveId}/{activityPathId}. */
  proctor: '/courses/proctor',
  /** The answer page of knowledge-question e-mails. */
  emailResponseCallback: '/email-response-callback',
} as const;

/**
 * Screens of the spec that exist in this build. Navigation items and buttons leading to a screen that is
 * not built yet (catalog, calendar, dashboard, …) are hidden by checking this set.
 */
export type BuiltRoute = 'courses' | 'profile' | 'catalog' | 'calendar' | 'dashboard';
export const builtRoutes: ReadonlySet<BuiltRoute> = new Set<BuiltRoute>([
  'courses',
  'profile',
  'catalog',
  'calendar',
  'dashboard',
]);

export function isRouteBuilt(route: BuiltRoute): boolean {
  return builtRoutes.has(route);
}

/** Absolute URLs (with the /learn base) for plain links and window.location. */
export const absolutePaths = {
  courses: `${APP_BASENAME}/courses`,
  profile: `${APP_BASENAME}/profile`,
  catalog: `${APP_BASENAME}/catalog`,
  calendar: `${APP_BASENAME}/calendar`,
  forbidden: `${APP_BASENAME}/forbidden`,
} as const;

/** Sign-in and sign-out endpoints of the server (outside the SPA). */
export const oidcPaths = {
  login: (redirectUrl: string) => `/oidc/login?redirectUrl=${encodeURIComponent(redirectUrl)}`,
  /** Self-registration: the built-in provider opens on its registration page (open catalog sign-up). */
  register: (redirectUrl: string) =>
    `/oidc/login?screen=register&redirectUrl=${encodeURIComponent(redirectUrl)}`,
  logout: '/oidc/logout',
} as const;
