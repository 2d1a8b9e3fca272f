// /embedded-frame: the app inside another app's frame asks the parent to log out, re-login, navigate or redirect.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '@mantine/core';
import { APP_BASENAME } from '../paths.ts';

export type FrameMessage =
  | { type: 'logout' }
  | { type: 'relogin' }
  | { type: 'navigate'; url: string }
  | { type: 'redirect'; url: string };

/** The message for the query flags: logout, relogin, navigate=<url>, else a plain redirect. */
export function frameMessageFor(search: URLSearchParams, defaultUrl: string): FrameMessage {
  if (search.has('logout')) return { type: 'logout' };
  if (search.has('relogin')) return { type: 'relogin' };
  const navigate = search.get('navigate');
  if (navigate) return { type: 'navigate', url: navigate };
  return { type: 'redirect', url: search.get('redirectUrl') ?? defaultUrl };
}

export function Component() {
  const { t } = useTranslation('common');
  useEffect(() => {
    const message = frameMessageFor(
      new URLSearchParams(window.location.search),
      `${APP_BASENAME}/`,
    );
    // Only our own parent may read it: same origin.
    window.parent.postMessage(message, window.location.origin);
  }, []);
  return (
    <main>
      <VisuallyHidden>
        <h1>{t('appName')}</h1>
      </VisuallyHidden>
    </main>
  );
}
