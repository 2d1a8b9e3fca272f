// The e-mail answer page against a stubbed server (fetch): it POSTs the link's token once on load and shows the
// server's verdict, the recorded result on replay, the text question's form, "module not found", link errors
// and the unsubscribe link.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { KnowledgeQuestionAnswerResult } from '@portal/contracts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { EmailResponsePage, reviewModulePath } from './email-response-page.tsx';

const OBJECTIVE = '00000000-0000-4000-8000-00000000a001';
const base = {
  objectiveId: OBJECTIVE,
  activityId: 'act-1',
  activityPathId: 'p1/p2',
  moduleExists: true,
  kind: 'choice' as const,
  prompt: 'Which average resists outliers?',
};
const verdict = (
  overrides: Partial<Extract<KnowledgeQuestionAnswerResult, { answer: string }>> = {},
): KnowledgeQuestionAnswerResult => ({
  ...base,
  status: 'recorded',
  answer: 'The mean',
  correct: false,
  correctAnswer: 'The median',
  explanation: 'The median depends on the order of values only.',
  answeredAt: '2030-03-01T09:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers POSTs with the given responses in turn; records the requests. */
function stubServer(...responses: Response[]) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return responses.shift() ?? json({ code: 'unexpected' }, 500);
    }),
  );
  return requests;
}

const open = (search: string) =>
  renderListPage(<EmailResponsePage />, {
    path: '/email-response-callback',
    url: `/email-response-callback?${search}`,
    namespaces: ['knowledgeQuestions'],
  });

describe('/email-response-callback', () => {
  it('POSTs the link once and shows the verdict, the explanation and Review module', async () => {
    const requests = stubServer(json(verdict()));
    await open('token=abc.def&activityId=act-1&activityPathId=p1%2Fp2&answerId=mean');
    expect(await screen.findByText('Incorrect')).toBeTruthy();
    expect(screen.getByText('The median')).toBeTruthy();
    expect(screen.getByText('The median depends on the order of values only.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review module' }).getAttribute('href')).toBe(
      `/courses/redirect/${OBJECTIVE}?activityId=act-1&activityPathId=p1%2Fp2`,
    );
    expect(requests).toEqual([
      {
        url: '/api/lms/v1/knowledge-question-answers',
        method: 'POST',
        body: {
          token: 'abc.def',
          activityId: 'act-1',
          activityPathId: 'p1/p2',
          answerId: 'mean',
        },
      },
    ]);
  });

  it('shows the recorded result of a link opened again', async () => {
    stubServer(json(verdict({ status: 'replayed', correct: true, answer: 'The median' })));
    await open('token=abc.def');
    expect(await screen.findByText('Already answered')).toBeTruthy();
    expect(screen.getByText('Correct')).toBeTruthy();
  });

  it('asks a text question in a form and sends the typed answer', async () => {
    const requests = stubServer(
      json({ ...base, kind: 'text', prompt: 'Name the spread measure.', status: 'awaitingAnswer' }),
      json(verdict({ correct: true, answer: 'SD', correctAnswer: 'standard deviation' })),
    );
    await open('token=abc.def');
    const input = await screen.findByRole('textbox', { name: /Your answer/ });
    fireEvent.change(input, { target: { value: ' SD ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Correct')).toBeTruthy();
    // The form is gone: focus moves to the verdict.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Correct' }));
    expect(requests[1]!.body).toEqual({ token: 'abc.def', answerText: 'SD' });
  });

  it('says "module not found" and offers no review when the module was removed', async () => {
    stubServer(json(verdict({ moduleExists: false })));
    await open('token=abc.def');
    expect(await screen.findByText('Incorrect')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getAllByText('Module not found. It may have been removed from the course.').length,
      ).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('link', { name: 'Review module' })).toBeNull();
  });

  it.each([
    ['knowledge_link_expired', 400, 'This link has expired'],
    ['knowledge_link_invalid', 400, 'This link is not valid'],
    ['knowledge_link_other_user', 403, 'This question was sent to another account'],
  ])('explains the %s error', async (code, status, title) => {
    stubServer(json({ code, message: 'x' }, status));
    await open('token=abc.def');
    expect((await screen.findByRole('alert')).textContent).toContain(title);
  });

  it('refuses a link without a token without calling the server', async () => {
    const requests = stubServer();
    await open('answerId=mean');
    expect((await screen.findByRole('alert')).textContent).toContain('This link is not valid');
    expect(requests).toEqual([]);
  });

  it('unsubscribes from the unsubscribe link', async () => {
    const requests = stubServer(json({ objectiveId: OBJECTIVE }));
    await open('unsubscribe=abc.def');
    expect(
      await screen.findByText('You will no longer get questions from this course by e-mail.'),
    ).toBeTruthy();
    expect(requests[0]!.url).toBe('/api/lms/v1/knowledge-question-unsubscriptions?token=abc.def');
    expect(screen.getByRole('link', { name: 'Open the course' }).getAttribute('href')).toBe(
      `/courses/${OBJECTIVE}`,
    );
  });

  it('builds the review link through the redirect screen', () => {
    expect(reviewModulePath(verdict())).toBe(
      `/courses/redirect/${OBJECTIVE}?activityId=act-1&activityPathId=p1%2Fp2`,
    );
  });
});
