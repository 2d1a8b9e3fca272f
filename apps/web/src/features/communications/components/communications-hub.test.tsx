import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { LIVE_REGION_IDS } from '../../../lib/announcer.ts';
import { applyMessageEvent } from '../api/announcement-cache.ts';
import { aMessage, installFakeAnnouncementsApi } from '../testing/fake-announcements-api.ts';
import { hubQueryClient, openHub } from '../testing/open-hub.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const messageTexts = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('region', { name: 'Messages in Announcements' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the communications hub', () => {
  it('lists the channel and its messages oldest first, with the unread marker, as plain text', async () => {
    installFakeAnnouncementsApi({
      messages: [
        aMessage(1),
        aMessage(2, { text: '<b>not bold</b> שלום', edited: '2030-03-02T10:00:00.000Z' }),
        aMessage(3),
      ],
      lastReadMessageId: aMessage(1).id,
    });
    const dialog = await openHub();
    await within(dialog).findByText('Message 3');
    const channels = within(dialog).getByRole('navigation', { name: 'Channels' });
    expect(
      await within(channels).findByRole('button', { name: 'Announcements, unread: 2' }),
    ).toBeDefined();
    await within(dialog).findByText('Message 3');
    const texts = messageTexts(dialog);
    expect(texts[0]).toContain('Message 1');
    expect(texts[1]).toMatch(/^New.*Grace Hopper.*edited<b>not bold<\/b> שלום/);
    expect(texts[2]).toContain('Message 3');
    const body = within(dialog).getByText('<b>not bold</b> שלום');
    expect(body.getAttribute('dir')).toBe('auto');
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('Mar 2, 2030, 9:00 AM')).toBeDefined();
    // The learner may not post: no composer, no edit.
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('lets the reader react to an announcement, and a live edit keeps the counts', async () => {
    const api = installFakeAnnouncementsApi({
      messages: [aMessage(1, { reactions: [{ emoji: '🎉', count: 1, mine: false }] })],
    });
    const dialog = await openHub();
    const reactions = await within(dialog).findByRole('group', { name: 'Reactions' });
    fireEvent.click(within(reactions).getByRole('button', { name: '🎉 reactions: 1' }));
    const pressed = await within(reactions).findByRole('button', { name: '🎉 reactions: 2' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(api.messages[0]!.reactions).toEqual([{ emoji: '🎉', count: 2, mine: true }]);
    // A live edit (events carry no reactions) keeps what the reader sees.
    const { reactions: _perReader, ...shared } = api.messages[0]!;
    act(() =>
      applyMessageEvent(hubQueryClient(), {
        type: 'edited',
        message: { ...shared, text: 'Edited live', edited: '2030-03-01T10:00:00.000Z' },
      }),
    );
    await within(dialog).findByText('Edited live');
    expect(within(reactions).getByRole('button', { name: '🎉 reactions: 2' })).toBeDefined();
  });

  it('marks the newest message read, and one arriving live is said and marked read too', async () => {
    const api = installFakeAnnouncementsApi({ messages: [aMessage(1)] });
    const dialog = await openHub();
    await within(dialog).findByText('Message 1');
    await waitFor(() => expect(api.lastReadMessageId).toBe(aMessage(1).id));

    api.messages.push(aMessage(2, { text: 'Room changed' }));
    act(() => applyMessageEvent(hubQueryClient(), { type: 'created', message: api.messages[1]! }));
    expect(await within(dialog).findByText('Room changed')).toBeDefined();
    await waitFor(() => expect(api.lastReadMessageId).toBe(aMessage(2).id));
    await waitFor(() =>
      expect(document.getElementById(LIVE_REGION_IDS.polite)!.textContent).toBe(
        'New announcement from Grace Hopper: Room changed',
      ),
    );

    act(() =>
      applyMessageEvent(hubQueryClient(), {
        type: 'deleted',
        message: { ...api.messages[1]!, text: '', deleted: '2030-03-05T00:00:00.000Z' },
      }),
    );
    expect(await within(dialog).findByText('This announcement was deleted.')).toBeDefined();
    // The message before the deleted one is no news.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.getElementById(LIVE_REGION_IDS.polite)!.textContent).not.toContain('Message 1');
  });

  it('says "Chat is not available" when the server is down, and retries', async () => {
    const api = installFakeAnnouncementsApi({ messages: [aMessage(1)], failWith: 503 });
    const dialog = await openHub();
    expect(
      await within(dialog).findByText('Chat is not available. Please contact administrator.'),
    ).toBeDefined();
    expect(within(dialog).queryByText('Message 1')).toBeNull();
    api.failWith = null;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Message 1')).toBeDefined();
  });

  it('lets a poster write, see the server’s length and rate errors, edit and delete after confirming', async () => {
    const api = installFakeAnnouncementsApi({ messages: [aMessage(1)], canPost: true });
    const dialog = await openHub();
    const box = await within(dialog).findByRole('textbox', { name: 'New announcement' });
    fireEvent.change(box, { target: { value: 'Exam on Friday' } });
    expect(within(dialog).getByText('14 of 2,000 characters')).toBeDefined();

    api.rejectNextWrite = { status: 400, message: 'Maximum length is 2000' };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Maximum length is 2000')).toBeDefined();

    api.rejectNextWrite = { status: 429, message: 'Too many messages. Try again in a minute.' };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(
      await within(dialog).findByText('Too many messages. Try again in a minute.'),
    ).toBeDefined();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(messageTexts(dialog).at(-1)).toContain('Exam on Friday'));
    expect((box as HTMLTextAreaElement).value).toBe('');

    // Only one's own message has Edit and Delete.
    expect(within(dialog).getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const editor = within(dialog).getByRole('textbox', { name: 'Edit the announcement' });
    fireEvent.change(editor, { target: { value: 'Exam on Monday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageTexts(dialog).at(-1)).toContain('Exam on Monday'));
    expect(api.messages[1]!.text).toBe('Exam on Monday');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = within(dialog).getByRole('group', { name: 'Delete this announcement?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('This announcement was deleted.')).toBeDefined();
    expect(api.messages[1]!.deleted).not.toBeNull();
  });
});
