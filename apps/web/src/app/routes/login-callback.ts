// /login-callback: the landing point after sign-in. Remembers the provider and follows a safe redirectUrl.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ensureSessionRecord } from '../../lib/session/session.ts';
import { storageKeys, writeSession } from '../../lib/storage.ts';
import { APP_BASENAME } from '../paths.ts';

interface AppLocation {
  protocol: string;
  host: string;
  origin: string;
}

/**
 * Spec §5: the redirect is followed only when it is https and on the app's host (same origin when the app
 * itself is on plain http); anything else — other hosts, `//evil`, `javascript:` — goes to the client root.
 */
export function resolveRedirectUrl(value: string | null, app: AppLocation): string {
  const clientRoot = `${app.origin}${APP_BASENAME}/`;
  if (!value) return clientRoot;
  let target: URL;
  try {
    target = new URL(value, app.origin);
  } catch {
    return clientRoot;
  }
  const allowed =
    app.protocol === 'https:'
      ? target.protocol === 'https:' && target.host === app.host
      : target.origin === app.origin;
  return allowed ? target.href : clientRoot;
}

/**
 * Starts the new sign-in's session record (before the first call of the signed-in pages, so they all carry
 * its id), stores the provider, then redirects: inside the app without a reload, elsewhere with a full load.
 */
export function loginCallbackLoader({ request }: LoaderFunctionArgs) {
  ensureSessionRecord({ newSignIn: true });
  const url = new URL(request.url);
  const provider = url.searchParams.get('provider');
  if (provider) writeSession(storageKeys.oidcProvider, provider);
  const target = new URL(resolveRedirectUrl(url.searchParams.get('redirectUrl'), window.location));
  const insideApp =
    target.origin === window.location.origin &&
    (target.pathname === APP_BASENAME || target.pathname.startsWith(`${APP_BASENAME}/`));
  if (insideApp) {
    const path = target.pathname.slice(APP_BASENAME.length) || '/';
    return redirect(`${path}${target.search}${target.hash}`);
  }
  window.location.replace(target.href);
  // The page is being replaced; render nothing meanwhile.
  return null;
}
