import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { notifications } from '@mantine/notifications';
import type { LearnerSettings } from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { stubEnrolmentApi } from '../../features/enrolment/testing/fake-enrolment-api.ts';
import { initI18n } from '../../i18n/i18n.ts';
import { aUser } from '../../test/render.tsx';
import { AppProviders } from '../providers.tsx';
import { createQueryClient } from '../query-client.ts';
import { createRoutes } from '../router.tsx';
import { SELF_REGISTERED_TOAST_DELAY_MS } from './use-self-registered-toast.ts';

const settings: LearnerSettings = {
  featureFlags: {
    'learner.dashboard': false,
    'platform.research': false,
    'platform.knowledgeModels': false,
  },
  navigation: {
    catalog: true,
    rooms: false,
    researchProjects: false,
    knowledgeModels: false,
    calendar: false,
  },
  pluginItems: [],
  feedback: { learner: { visible: true } },
  tutor: { enabled: false, defaultKnowledgeModelId: null },
  copyright: '© 2026 Demo Academy',
  supportUrl: null,
};

const platform = {
  '/api/platform/v1/users/me': aUser(),
  '/api/platform/v1/users/me/permissions': [{ name: 'ObjectiveWorkflow.Create', scope_id: null }],
  '/api/platform/v1/users/me/licensed-features': ['LMS'],
  '/api/platform/v1/users/me/navigation': [{ id: 'learn', name: 'Learner portal', url: '/learn' }],
  '/api/platform/v1/settings/learner': settings,
};

const aggregate = anEnrollment().offeredInCatalog().named('Intro to Data').build();

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the shell runs occflow=addToMyCourses', () => {
  it('on a cold start after sign-up: adds the course, greets with the course toast only', async () => {
    stubEnrolmentApi({ aggregate, hasAccess: false, otherGets: platform });
    const router = renderAt(
      `/courses?occflow=addToMyCourses&objectiveId=${aggregate.objective.id}&selfRegistered=1`,
    );

    expect(
      await screen.findByText('Intro to Data was added to your courses.', {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/courses');
    expect(router.state.location.search).toBe('');
    // Well past the greeting's delay: the "account created" toast never comes.
    await act(
      () => new Promise((resolve) => setTimeout(resolve, SELF_REGISTERED_TOAST_DELAY_MS * 3)),
    );
    expect(screen.queryByText('Your account has been created')).toBeNull();
  });

  it('still greets a new account that came without a course', async () => {
    stubEnrolmentApi({ aggregate, hasAccess: false, otherGets: platform });
    const router = renderAt('/profile?selfRegistered=1');
    expect(
      await screen.findByText('Your account has been created', {}, { timeout: 8000 }),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText(/was added to your courses/)).toBeNull();
  });
});
