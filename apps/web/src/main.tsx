// Entry point: config, language, API client wiring, then the providers and the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app/mantine-styles.ts';
import { configureApiClient } from './lib/api-client.ts';
import { loadClientConfig } from './lib/client-config.ts';
import { currentSessionId, ensureSessionRecord } from './lib/session/session.ts';
import { ensureDeviceId } from './lib/device-id.ts';
import { isInFrame, isPublicPath } from './lib/session/public-mode.ts';
import { oidcPaths } from './app/paths.ts';
import { initI18n } from './i18n/i18n.ts';
import { getStoredLocale, writeLocaleCookie } from './i18n/stored-locale.ts';
import { createQueryClient } from './app/query-client.ts';
import { createRouter } from './app/router.tsx';
import { AppProviders } from './app/providers.tsx';

// Never settles: the page is about to be replaced by the sign-in flow.
const pendingForever = () => new Promise<void>(() => undefined);

configureApiClient({
  getLocale: getStoredLocale,
  getSessionId: currentSessionId,
  isPublicMode: () => isPublicPath(window.location.pathname),
  onUnauthorized: () => {
    if (isInFrame()) {
      window.parent.postMessage({ type: 'relogin' }, window.location.origin);
    } else {
      window.location.assign(oidcPaths.login(window.location.href));
    }
    return pendingForever();
  },
});

async function start() {
  // Before the first call: every call carries the session id, and the device keeps one id (spec §7, §9).
  ensureSessionRecord();
  ensureDeviceId();
  const locale = getStoredLocale();
  writeLocaleCookie(locale);
  await Promise.all([loadClientConfig(), initI18n(locale)]);
  const queryClient = createQueryClient();
  const router = createRouter(queryClient);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
