import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, renderWithProviders } from '../../../test/render.tsx';
import {
  aMessage,
  COURSE,
  installFakeAnnouncementsApi,
  READER,
} from '../testing/fake-announcements-api.ts';
import { UnreadAnnouncementsBadge } from './unread-announcements-badge.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OTHER_COURSE = '33333333-3333-4333-8333-333333333333';

async function renderBadge(objectiveId = COURSE) {
  await renderWithProviders(
    <article>
      <h2>
        <a href="/learn/courses/x">Data literacy</a>
      </h2>
      <UnreadAnnouncementsBadge objectiveId={objectiveId} courseName="Data literacy" />
    </article>,
    { user: aUser({ id: READER }) },
  );
}

describe('the unread announcements badge', () => {
  it('shows the count as a button named for screen readers, and opens the announcements, read', async () => {
    const api = installFakeAnnouncementsApi({
      messages: [aMessage(1), aMessage(2), aMessage(3)],
      lastReadMessageId: aMessage(1).id,
    });
    await renderBadge();
    const badge = await screen.findByRole('button', { name: 'Unread announcements: 2' });
    expect(badge.textContent).toBe('2');

    fireEvent.click(badge);
    const dialog = await screen.findByRole('dialog', { name: /Messages/ });
    expect(await within(dialog).findByText('Message 3')).toBeDefined();
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        url: `/api/lms/v1/objectives/${COURSE}/announcements/read`,
        body: { messageId: aMessage(3).id },
      }),
    );
    // Read: the count on the card is gone; closing puts focus on the card's title link.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Unread announcements/ })).toBeNull(),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close messages' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Data literacy' })),
    );
  });

  it('shows nothing when all is read or the course has no channel', async () => {
    const api = installFakeAnnouncementsApi({
      messages: [aMessage(1)],
      lastReadMessageId: aMessage(1).id,
    });
    await renderBadge();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    await renderBadge(OTHER_COURSE);
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
