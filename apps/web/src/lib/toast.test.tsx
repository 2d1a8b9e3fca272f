import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { initI18n } from '../i18n/i18n.ts';
import { ANNOUNCEMENT_LIFETIME_MS, LIVE_REGION_IDS, liveRegion } from './announcer.ts';
import { showToast } from './toast.ts';

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  cleanup();
  notifications.clean();
});

function renderToasts() {
  render(
    <MantineProvider env="test">
      <Notifications />
    </MantineProvider>,
  );
}

describe('showToast', () => {
  it('says a critical toast through the assertive region that was there before it', async () => {
    const region = liveRegion('assertive');
    renderToasts();
    showToast({ kind: 'critical', message: 'The course is archived.' });
    const toast = await screen.findByText('The course is archived.');
    await waitFor(() => expect(region.textContent).toBe('The course is archived.'));
    expect(document.getElementById(LIVE_REGION_IDS.assertive)).toBe(region);
    expect(region.getAttribute('aria-live')).toBe('assertive');
    // The toast itself is no live region: screen readers hear the text once.
    const element = toast.closest('[data-toast-kind="critical"]')!;
    expect(element.getAttribute('role')).not.toMatch(/alert|status/);
    expect(element.getAttribute('aria-live')).toBeNull();
  });

  it('clears the region once the toast has been said', async () => {
    vi.useFakeTimers();
    try {
      const region = liveRegion('polite');
      showToast({ kind: 'info', message: 'Saved.' });
      vi.advanceTimersByTime(200);
      expect(region.textContent).toBe('Saved.');
      vi.advanceTimersByTime(ANNOUNCEMENT_LIFETIME_MS);
      expect(region.textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says other toasts politely, with their title', async () => {
    renderToasts();
    showToast({ kind: 'success', title: 'Welcome', message: 'Your account has been created.' });
    await screen.findByText('Your account has been created.');
    await waitFor(() =>
      expect(liveRegion('polite').textContent).toBe('Welcome. Your account has been created.'),
    );
  });
});
