import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { analyticsEventSchema } from '@portal/contracts';
import { i18next } from '../../../i18n/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FeedbackWidget } from './feedback-widget.tsx';

let posted: unknown[];
let status: number;

beforeEach(() => {
  posted = [];
  status = 202;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/events' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return new Response(
          JSON.stringify(status === 202 ? { accepted: 1 } : { code: 'x', message: 'x' }),
          {
            status,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openForm() {
  await renderWithProviders(<FeedbackWidget />);
  await i18next.loadNamespaces('feedback');
  fireEvent.click(await screen.findByRole('button', { name: 'Send feedback' }));
  return screen.findByRole('dialog', { name: 'Share your feedback' });
}

describe('FeedbackWidget', () => {
  it('shows the missing rating and comment first, then sends the feedback with its context', async () => {
    const dialog = await openForm();
    const form = within(dialog);
    expect(form.getAllByRole('checkbox')).toHaveLength(12);

    fireEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(form.getAllByText('Field is required')).toHaveLength(2);
    expect(document.activeElement).toBe(form.getByRole('radio', { name: 'Very poor' }));
    expect(posted).toEqual([]);

    fireEvent.click(form.getByRole('radio', { name: 'Good' }));
    fireEvent.click(form.getByRole('checkbox', { name: 'Results' }));
    fireEvent.click(form.getByRole('checkbox', { name: 'Other' }));
    const comment = form.getByRole('textbox', { name: /Comment/ });
    fireEvent.change(comment, { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(form.getByText('Maximum length is 1,000')).toBeTruthy();
    expect(document.activeElement).toBe(comment);
    expect(posted).toEqual([]);

    fireEvent.change(comment, { target: { value: '  Results are hard to find.  ' } });
    fireEvent.click(form.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toHaveLength(1);
    const event = analyticsEventSchema.parse(posted[0]);
    expect(event).toMatchObject({
      name: 'product_feedback',
      properties: { grade: 4, details: ['results', 'other'], comment: 'Results are hard to find.' },
      context: { role: 'learner', locale: 'en-US' },
    });
  });

  it('keeps the answers and says so when the feedback cannot be sent', async () => {
    status = 500;
    const dialog = await openForm();
    const form = within(dialog);
    fireEvent.click(form.getByRole('radio', { name: 'Excellent' }));
    fireEvent.change(form.getByRole('textbox', { name: /Comment/ }), {
      target: { value: 'Great' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(
      await form.findByText('Your feedback could not be sent. Please try again.'),
    ).toBeTruthy();
    expect(form.getByRole('textbox', { name: /Comment/ })).toHaveProperty('value', 'Great');
  });
});
