import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { i18next } from '../../../i18n/i18n.ts';
import { LIVE_REGION_IDS } from '../../../lib/announcer.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { anEnrollment } from '../../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { TutorPanel } from './tutor-panel.tsx';

const enrolment = anEnrollment().named('Data literacy').build();
const COURSE = enrolment.objective.id;
const AGGREGATE = enrolment.objectiveWorkflowAggregate.id;
const COURSE_MODEL = '33333333-3333-4333-8333-333333333333';
const DEFAULT_MODEL = '44444444-4444-4444-8444-444444444444';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: { method: string; url: string; body?: unknown; signal?: AbortSignal | null }[];
let history: unknown[];
let failQuestions: number | null;
/** The generative answer the stream gives (null: a retrieval answer), and a gate before its end. */
let generated: { status: string; text: string; pieces: string[] } | null;
let releaseDone: (() => void) | null;
let gate: Promise<void> | null;

const passage = {
  id: '55555555-5555-4555-8555-555555555555',
  objectiveId: COURSE,
  axis: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  title: 'Reading charts',
  text: 'A histogram shows how often each value occurs.',
};

beforeEach(() => {
  calls = [];
  history = [];
  failQuestions = null;
  generated = null;
  gate = null;
  releaseDone = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        signal: init?.signal,
      });
      if (url.endsWith(`/users/me/objectives/${COURSE}/objective-workflow-aggregate`))
        return json(enrolment);
      if (url.endsWith(`/objective-workflow-aggregates/${AGGREGATE}/knowledge-model`))
        return json({ knowledgeModelId: COURSE_MODEL });
      if (url.startsWith('/api/lms/v1/tutor/history') && method === 'GET')
        return json({ items: history });
      if (url.startsWith('/api/lms/v1/tutor/history') && method === 'DELETE') {
        history = [];
        return new Response(null, { status: 204 });
      }
      if (url === '/api/lms/v1/tutor/questions/stream' && method === 'POST') {
        if (failQuestions !== null)
          return json({ code: 'x', message: 'Daily limit reached (6).' }, failQuestions);
        const answer = {
          id: `q${history.length}`,
          question: JSON.parse(String(init!.body)).question,
          passages: [passage],
          created: '2030-03-01T09:00:00.000Z',
          generation: generated
            ? {
                status: generated.status,
                text: generated.text,
                citations: generated.status === 'answered' ? [passage.id] : [],
              }
            : null,
        };
        history.push(answer);
        const pieces = generated?.pieces ?? [];
        const encoder = new TextEncoder();
        const line = (event: unknown) => encoder.encode(`${JSON.stringify(event)}\n`);
        const waitFor = gate;
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            // As fetch does: an aborted request errors its body.
            init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
            controller.enqueue(line({ type: 'passages', passages: [passage] }));
            for (const text of pieces) controller.enqueue(line({ type: 'delta', text }));
            if (waitFor) await waitFor;
            controller.enqueue(line({ type: 'done', answer }));
            controller.close();
          },
        });
        return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
      }
      return json({ code: 'not_found', message: 'no' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderAt(path: string, defaultKnowledgeModelId: string | null = DEFAULT_MODEL) {
  await renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <TutorPanel
        opened
        onClose={() => undefined}
        defaultKnowledgeModelId={defaultKnowledgeModelId}
      />
    </MemoryRouter>,
  );
  await i18next.loadNamespaces('tutor');
  return screen.findByRole('dialog', { name: 'Tutor' });
}

describe('TutorPanel', () => {
  it("asks the course's knowledge model inside a course, lists the passage with its link and announces it", async () => {
    const dialog = within(await renderAt(`/courses/${COURSE}/view/content`));
    fireEvent.click(await dialog.findByRole('button', { name: 'Ask' }));
    expect(await dialog.findByText('Enter a question.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(dialog.getByRole('textbox', { name: 'Your question' }), {
      target: { value: 'What does a histogram show?' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask' }));
    const link = await dialog.findByRole('link', { name: 'Reading charts' });
    expect(link.getAttribute('href')).toBe(`/courses/${COURSE}/view/content/${passage.axis}`);
    expect(dialog.getByText(passage.text)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.url).toBe(
      '/api/lms/v1/tutor/questions/stream',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      knowledgeModelId: COURSE_MODEL,
      question: 'What does a histogram show?',
    });
    await waitFor(() =>
      expect(document.getElementById(LIVE_REGION_IDS.polite)?.textContent).toBe(
        'Passages found: 1. Reading charts',
      ),
    );
  });

  it('shows the composed answer as it arrives, busy until complete, then announces it with its cited source', async () => {
    generated = {
      status: 'answered',
      text: 'A histogram shows how often each value occurs [1].',
      pieces: ['A histogram shows ', 'how often each value occurs [1].'],
    };
    gate = new Promise((resolve) => (releaseDone = resolve));
    const dialog = within(await renderAt(`/courses/${COURSE}/view/content`));
    fireEvent.change(await dialog.findByRole('textbox', { name: 'Your question' }), {
      target: { value: 'What does a histogram show?' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask' }));
    const streaming = await dialog.findByText('A histogram shows how often each value occurs [1].');
    expect(streaming.closest('[aria-busy="true"]')).not.toBeNull();
    expect(streaming.getAttribute('dir')).toBe('auto');
    // Tokens are not announced: only the complete answer is.
    expect(document.getElementById(LIVE_REGION_IDS.polite)?.textContent ?? '').toBe('');

    releaseDone!();
    const source = await dialog.findByRole('link', { name: '[1] Reading charts' });
    expect(source.getAttribute('href')).toBe(`/courses/${COURSE}/view/content/${passage.axis}`);
    expect(dialog.getByText('Sources')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    await waitFor(() =>
      expect(document.getElementById(LIVE_REGION_IDS.polite)?.textContent).toBe(
        'A histogram shows how often each value occurs [1].',
      ),
    );
  });

  it('stops the answer being composed when the tutor closes, without reporting a failure', async () => {
    generated = { status: 'answered', text: 'Partial [1].', pieces: ['Partial '] };
    gate = new Promise(() => undefined);
    const dialog = within(await renderAt('/courses'));
    fireEvent.change(await dialog.findByRole('textbox', { name: 'Your question' }), {
      target: { value: 'histogram' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask' }));
    expect(await dialog.findByText('Partial')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.signal?.aborted).toBe(false);
    cleanup();
    expect(post.signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.getElementById(LIVE_REGION_IDS.assertive)?.textContent ?? '').toBe('');
  });

  it('says when the course does not cover the question, and falls back to the passages when the tutor failed', async () => {
    generated = { status: 'notCovered', text: '', pieces: [] };
    const dialog = within(await renderAt('/courses'));
    const ask = async (text: string) => {
      fireEvent.change(await dialog.findByRole('textbox', { name: 'Your question' }), {
        target: { value: text },
      });
      fireEvent.click(dialog.getByRole('button', { name: 'Ask' }));
    };
    await ask('unicorns?');
    expect(await dialog.findByText('The course does not cover this question.')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Reading charts' })).toBeTruthy();
    await waitFor(() =>
      expect(document.getElementById(LIVE_REGION_IDS.polite)?.textContent).toBe(
        'The course does not cover this question.',
      ),
    );

    generated = { status: 'failed', text: '', pieces: [] };
    await ask('histogram');
    expect(
      await dialog.findByText(
        'The tutor could not write an answer right now. Here are the passages from the course.',
      ),
    ).toBeTruthy();
    expect(dialog.getAllByRole('link', { name: 'Reading charts' })).toHaveLength(2);
  });

  it('uses the default knowledge model outside a course, and says so when there is none', async () => {
    await renderAt('/courses');
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes(`knowledgeModelId=${DEFAULT_MODEL}`))).toBe(
        true,
      ),
    );
    cleanup();
    const dialog = within(await renderAt('/profile', null));
    expect(
      await dialog.findByText(
        'There is no course to answer from on this page. Open one of your courses and ask there.',
      ),
    ).toBeTruthy();
  });

  it('clears the history only after confirmation', async () => {
    history = [
      { id: 'q0', question: 'Earlier question', passages: [], created: '2030-03-01T08:00:00.000Z' },
    ];
    const dialog = within(await renderAt('/courses'));
    expect(await dialog.findByText('Earlier question')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Clear history' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Clear history' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Clear' }));
    expect(await dialog.findByText('No questions yet.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toContain(DEFAULT_MODEL);
  });

  it("shows the spec's unavailable text when the tutor fails, and the server's words at the daily limit", async () => {
    failQuestions = 500;
    const dialog = within(await renderAt('/courses'));
    const ask = async () => {
      fireEvent.change(await dialog.findByRole('textbox', { name: 'Your question' }), {
        target: { value: 'charts' },
      });
      fireEvent.click(dialog.getByRole('button', { name: 'Ask' }));
    };
    await ask();
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Chat is not available. Please contact administrator.',
    );
    failQuestions = 429;
    await ask();
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toBe('Daily limit reached (6).'),
    );
  });
});
