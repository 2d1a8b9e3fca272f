// The profile page against a mocked server (fetch): personal info, the clock, choosing, detecting, saving.
import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import type { CurrentUser, UserUnits } from '@portal/contracts';
import { setClientConfig } from '../../lib/client-config.ts';
import profileCatalogue from '../../i18n/locales/en-US/profile.json';
import { ProfilePage } from './profile-page.tsx';
import type * as TimeZoneDetection from './time-zone-detection.ts';

vi.mock('./time-zone-detection.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof TimeZoneDetection>()),
  // The browser's zone is the machine's; the test decides it instead.
  browserTimeZone: () => 'Europe/Madrid',
}));

const USER_ID = '7b0d3f5e-4c1a-4a51-9c55-2d7f0f6a1b01';
const NOW = new Date('2025-03-10T09:00:00.000Z');

const user: CurrentUser = {
  id: USER_ID,
  email: 'ada@acme.test',
  username: 'ada@acme.test',
  first_name: 'Ada',
  middle_name: 'King',
  last_name: 'Lovelace',
  name: 'Ada King Lovelace',
  timezone: 'Tokyo Standard Time',
  tenant_id: '7b0d3f5e-4c1a-4a51-9c55-2d7f0f6a1b02',
  department_name: null,
  external_id: null,
  roles: ['Learner'],
  locale: null,
};

const units: UserUnits = {
  items: [
    { is_primary: false, unit: { id: '7b0d3f5e-4c1a-4a51-9c55-2d7f0f6a1b03', name: 'Analytics' } },
    { is_primary: true, unit: { id: '7b0d3f5e-4c1a-4a51-9c55-2d7f0f6a1b04', name: 'Research' } },
  ],
};

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

let calls: Call[];
let timeZoneAnswer: (body: { timezone: string }) => Response;

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function fakeServer(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = String(input);
  const method = init.method ?? 'GET';
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, url, headers: init.headers as Record<string, string>, body });
  if (method === 'GET' && url === '/api/platform/v1/users/me')
    return Promise.resolve(jsonResponse(user));
  if (method === 'GET' && url === `/api/platform/v1/users/${USER_ID}/units`) {
    return Promise.resolve(jsonResponse(units));
  }
  if (method === 'POST' && url === `/api/platform/v1/users/${USER_ID}/timezone`) {
    return Promise.resolve(timeZoneAnswer(body as { timezone: string }));
  }
  return Promise.resolve(jsonResponse({ code: 'not_found', message: 'No route' }, 404));
}

async function renderPage(): Promise<void> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    ns: ['profile', 'common'],
    defaultNS: 'common',
    resources: { 'en-US': { profile: profileCatalogue, common: {} } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* env="test": no transitions or portals, so dropdowns and toasts render at once. */}
        <MantineProvider env="test">
          <Notifications />
          <Suspense fallback={<p>Loading</p>}>{children}</Suspense>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  render(wrap(<ProfilePage />));
  await screen.findByRole('heading', { level: 1, name: 'Ada King Lovelace' });
}

async function openTimeZoneTab(): Promise<void> {
  const personalInfo = screen.getByRole('tab', { name: 'Personal info' });
  personalInfo.focus();
  // Tabs are reachable by keyboard: the arrow key moves to and activates the next tab.
  fireEvent.keyDown(personalInfo, { key: 'ArrowRight' });
  const timeZoneTab = screen.getByRole('tab', { name: 'Preferred time zone' });
  await waitFor(() => expect(timeZoneTab.getAttribute('aria-selected')).toBe('true'));
  expect(document.activeElement).toBe(timeZoneTab);
}

function clockText(): string {
  const panel = screen.getByRole('tabpanel', { name: 'Preferred time zone' });
  return within(panel).getByText((_, element) => element?.tagName === 'TIME').textContent ?? '';
}

beforeEach(() => {
  calls = [];
  timeZoneAnswer = ({ timezone }) => jsonResponse({ ...user, timezone });
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
  vi.stubGlobal('fetch', vi.fn(fakeServer));
  // jsdom lacks what Mantine's dropdown measures with.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView ??= () => undefined;
  setClientConfig({});
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it('shows the full name, e-mail, primary unit and the privacy-policy link', async () => {
    setClientConfig({ privacyPolicyUrl: 'https://acme.test/privacy' });
    await renderPage();
    expect(document.title).toBe('Profile | Learner portal');
    expect(screen.getByText('Email: ada@acme.test')).toBeTruthy();
    expect(await screen.findByText('Primary unit: Research')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Privacy policy/ });
    expect(link.getAttribute('href')).toBe('https://acme.test/privacy');
  });

  it('has no privacy-policy link when none is configured', async () => {
    await renderPage();
    await screen.findByText('Primary unit: Research');
    expect(screen.queryByRole('link', { name: /Privacy policy/ })).toBeNull();
  });

  it('shows the date and time in the saved zone and refreshes it every minute', async () => {
    await renderPage();
    await openTimeZoneTab();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveProperty(
      'value',
      '(UTC+09:00) Osaka, Sapporo, Tokyo',
    );
    expect(clockText()).toBe('Mar 10, 2025, 6:00 PM');
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(clockText()).toBe('Mar 10, 2025, 6:00 PM');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(clockText()).toBe('Mar 10, 2025, 6:01 PM');
  });

  it('finds a zone by searching, saves it and confirms with a toast', async () => {
    await renderPage();
    await openTimeZoneTab();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);

    const input = screen.getByRole('combobox', { name: 'Time zone' });
    // As a person types: focus, then change (Mantine treats changes to an unfocused input as autofill).
    input.focus();
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'Berlin' } });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.click(
      await screen.findByRole('option', {
        name: '(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna',
      }),
    );
    expect(clockText()).toBe('Mar 10, 2025, 10:00 AM');

    fireEvent.click(save);
    expect(await screen.findByText('The time zone was set')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ timezone: 'W. Europe Standard Time' });
    expect(post?.headers['x-requested-with']).toBe('XMLHttpRequest');
    // The answer replaces the cached user, so the new zone counts as saved.
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
  });

  it('detects the browser zone as the closest list entry', async () => {
    await renderPage();
    await openTimeZoneTab();
    fireEvent.click(screen.getByRole('button', { name: 'Detect my time zone' }));
    const label = '(UTC+01:00) Brussels, Copenhagen, Madrid, Paris';
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveProperty('value', label);
    expect(screen.getByText(`Detected ${label}. Save to keep it.`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The time zone was set');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      timezone: 'Romance Standard Time',
    });
  });

  it('says the time zone could not be set when the server refuses it', async () => {
    timeZoneAnswer = () =>
      jsonResponse(
        {
          code: 'invalid_request',
          message: 'The request is not valid.',
          errors: { timezone: ['Choose a time zone from the list.'] },
        },
        400,
      );
    await renderPage();
    await openTimeZoneTab();
    fireEvent.click(screen.getByRole('button', { name: 'Detect my time zone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The time zone could not be set. Choose one from the list.'),
    ).toBeTruthy();
    expect(screen.queryByText('The time zone was set')).toBeNull();
  });
});
