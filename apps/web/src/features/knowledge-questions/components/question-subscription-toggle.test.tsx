// The course details' "Questions by e-mail" switch against a stubbed server: hidden where the server says the
// learner is not enrolled (404) or the course has no questions; switching sends PUT or DELETE.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderListPage } from '../../../components/course-list/testing/render-list-page.tsx';
import { QuestionSubscriptionToggle } from './question-subscription-toggle.tsx';

const OBJECTIVE = '00000000-0000-4000-8000-00000000a001';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubServer(state: { status?: number; optedIn: boolean; hasQuestions: boolean }) {
  const methods: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      methods.push(method);
      if (state.status) return json({ code: 'objective_not_found', message: 'x' }, state.status);
      if (method === 'PUT') state.optedIn = true;
      if (method === 'DELETE') state.optedIn = false;
      return json({
        objectiveId: OBJECTIVE,
        optedIn: state.optedIn,
        hasQuestions: state.hasQuestions,
      });
    }),
  );
  return methods;
}

const open = () =>
  renderListPage(<QuestionSubscriptionToggle objectiveId={OBJECTIVE} />, {
    path: '/courses/:id',
    url: `/courses/${OBJECTIVE}`,
    namespaces: ['knowledgeQuestions'],
  });

describe('QuestionSubscriptionToggle', () => {
  it('opts in and out with PUT and DELETE', async () => {
    const methods = stubServer({ optedIn: false, hasQuestions: true });
    await open();
    const toggle = await screen.findByRole('switch', { name: /Questions by e-mail/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(methods).toEqual(['GET', 'PUT', 'DELETE']);
  });

  it.each([
    ['the learner is not enrolled', { status: 404, optedIn: false, hasQuestions: false }],
    ['the course has no questions', { optedIn: false, hasQuestions: false }],
  ])('stays hidden when %s', async (_case, state) => {
    const methods = stubServer(state);
    await open();
    await waitFor(() => expect(methods).toEqual(['GET']));
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
