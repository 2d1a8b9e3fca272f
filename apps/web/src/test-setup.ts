import { afterEach } from 'vitest';
import { configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { setClientConfig } from './lib/client-config.ts';

// The web project runs without isolation (vite.config.ts: one jsdom and one module graph per worker, about
// three times faster): each file starts as in a fresh window — empty storage, the root URL, a bare document.
window.localStorage.clear();
window.sessionStorage.clear();
window.history.replaceState(null, '', '/');
document.documentElement.removeAttribute('lang');
document.documentElement.removeAttribute('dir');
document.body.replaceChildren();
// Mantine's notifications live in a module-level store: no toast of an earlier file is left showing or queued.
notifications.clean();

// Unit tests run as the test environment with an analytics key, so the screens' events are sent (spec §7);
// lib/analytics.test.ts checks the other environments.
setClientConfig({ environment: 'test', analyticsKey: 'unit-test-key' });
// jsdom lacks matchMedia, which Mantine reads for the colour scheme.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The live regions of lib/announcer.ts repeat what toasts and pages show; text queries look at the page
// itself (tests of announcements read the regions directly).
// Five seconds for findBy/waitFor: the first test of a file also loads its modules, slow on a busy CI machine.
configure({ defaultIgnore: 'script, style, [data-announcer]', asyncUtilTimeout: 5000 });

// The regions live in document.body, outside the rendered trees: each test starts without them.
afterEach(() => {
  for (const region of document.querySelectorAll('[data-announcer]')) region.remove();
});
