// Renders a component inside the app's real providers (Mantine, Query, i18n) for component tests.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/contracts';
import { initI18n } from '../i18n/i18n.ts';
import { currentUserQuery } from '../lib/platform-queries.ts';
import { theme } from '../app/theme.ts';

export function aUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ada@example.com',
    username: 'ada',
    first_name: 'Ada',
    middle_name: null,
    last_name: 'Lovelace',
    name: 'Ada Lovelace',
    timezone: 'UTC',
    tenant_id: '00000000-0000-4000-8000-0000000000aa',
    department_name: null,
    external_id: null,
    roles: ['Learner'],
    locale: null,
    ...overrides,
  };
}

/** Renders with providers; `user` seeds the current-user query as the root loader would. */
export async function renderWithProviders(ui: ReactElement, options: { user?: CurrentUser } = {}) {
  await initI18n('en-US');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  if (options.user) queryClient.setQueryData(currentUserQuery().queryKey, options.user);
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}
