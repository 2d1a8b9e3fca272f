import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { CHANNEL_PAGE_SIZE } from '@portal/contracts';
import { LIVE_REGION_IDS } from '../../../lib/announcer.ts';
import { applyMessageEvent, applyUnreadCounts } from '../api/announcement-cache.ts';
import {
  aChatMessage,
  aMessage,
  COURSE,
  DIRECT,
  DISCUSSION,
  installFakeAnnouncementsApi,
  READER,
} from '../testing/fake-announcements-api.ts';
import { hubChannels } from './communications-hub.tsx';
import { hubQueryClient, openHub } from '../testing/open-hub.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const channelList = (dialog: HTMLElement) =>
  within(dialog).findByRole('navigation', { name: 'Channels' });

describe('discussion and direct channels in the hub', () => {
  it('lists Announcements, Discussion and "Message the course staff" with unread counts', async () => {
    const api = installFakeAnnouncementsApi({ messages: [aMessage(1)] });
    api.channels.discussion.messages = [aChatMessage(1), aChatMessage(2)];
    api.channels.discussion.lastReadMessageId = aChatMessage(1).id;
    const dialog = await openHub();
    const list = await channelList(dialog);
    const discussion = await within(list).findByRole('button', { name: 'Discussion, unread: 1' });
    const names = within(list)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Announcements', 'Discussion, unread: 1', 'Message the course staff']);
    expect(
      within(list).getByRole('button', { name: 'Announcements' }).getAttribute('aria-current'),
    ).toBe('true');

    fireEvent.click(discussion);
    expect(await within(dialog).findByRole('heading', { name: 'Discussion' })).toBeDefined();
    expect(discussion.getAttribute('aria-current')).toBe('true');
    expect(within(dialog).getByRole('separator', { name: 'New' })).toBeDefined();
    // Viewing it reads it: the server's marker and the list's count follow.
    await waitFor(() => expect(api.channels.discussion.lastReadMessageId).toBe(aChatMessage(2).id));
    expect(await within(list).findByRole('button', { name: 'Discussion' })).toBeDefined();
  });

  it('shows no Discussion to someone who is not a member of the course', async () => {
    const api = installFakeAnnouncementsApi({ messages: [aMessage(1)], member: false });
    const dialog = await openHub();
    await within(dialog).findByText('Message 1');
    await waitFor(() =>
      expect(api.calls.some((call) => call.url.endsWith('/discussion'))).toBe(true),
    );
    expect(
      within(await channelList(dialog)).queryByRole('button', { name: /Discussion/ }),
    ).toBeNull();
  });

  it('renders formatting as elements and markup as inert text, and posts with the formatting hint', async () => {
    const api = installFakeAnnouncementsApi({ messages: [aMessage(1)] });
    api.channels.discussion.messages = [
      aChatMessage(1, {
        text: 'See **this** and [the docs](https://example.org/docs)\n- one\n- _two_',
      }),
      aChatMessage(2, {
        text: '<img src=x onerror="alert(1)"> [bad](javascript:alert(1)) <script>alert(2)</script>',
      }),
    ];
    const dialog = await openHub();
    fireEvent.click(
      await within(await channelList(dialog)).findByRole('button', { name: /Discussion/ }),
    );
    const log = await within(dialog).findByRole('region', { name: 'Messages in Discussion' });
    expect(within(log).getByText('this').tagName).toBe('STRONG');
    expect(within(log).getByText('two').tagName).toBe('EM');
    const link = within(log).getByText('the docs').closest('a')!;
    expect(link.textContent).toBe('the docs (opens in a new tab)');
    expect(link.getAttribute('href')).toBe('https://example.org/docs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(log).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    // The attempt stays text: no image, script or javascript: link.
    expect(log.querySelector('img, script')).toBeNull();
    expect(log.querySelector('a[href^="javascript"]')).toBeNull();
    expect(within(log).getByText(/<img src=x onerror="alert\(1\)">/)).toBeDefined();
    for (const body of log.querySelectorAll('[dir="auto"]')) expect(body.tagName).toBe('DIV');

    const box = within(dialog).getByRole('textbox', { name: 'New message' });
    expect(within(dialog).getByText(/Formatting: \*\*bold\*\*/)).toBeDefined();
    fireEvent.change(box, {
      target: { value: 'Thanks **Grace**, see [notes](https://example.org)' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(log).findByText('Grace')).tagName).toBe('STRONG');
    expect(within(log).getByText('notes').closest('a')!.getAttribute('href')).toBe(
      'https://example.org/',
    );
    expect(api.channels.discussion.messages.at(-1)!.text).toBe(
      'Thanks **Grace**, see [notes](https://example.org)',
    );
  });

  it('loads older pages on "Show older messages"', async () => {
    const api = installFakeAnnouncementsApi({ messages: [aMessage(1)] });
    api.channels.discussion.messages = Array.from({ length: CHANNEL_PAGE_SIZE + 2 }, (_, i) =>
      aChatMessage(i + 1, {
        text: `Chat ${i + 1}`,
        created: new Date(Date.UTC(2030, 2, 1, 0, i)).toISOString(),
      }),
    );
    const dialog = await openHub();
    fireEvent.click(
      await within(await channelList(dialog)).findByRole('button', { name: /Discussion/ }),
    );
    await within(dialog).findByText(`Chat ${CHANNEL_PAGE_SIZE + 2}`);
    expect(within(dialog).queryByText('Chat 1')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show older messages' }));
    expect(await within(dialog).findByText('Chat 1')).toBeDefined();
    expect(within(dialog).queryByRole('button', { name: 'Show older messages' })).toBeNull();
    expect(api.calls.some((call) => call.url.includes('?before='))).toBe(true);
  });

  it('opens the direct channel on first use, and a reply arrives live', async () => {
    const api = installFakeAnnouncementsApi({ messages: [aMessage(1)] });
    const dialog = await openHub();
    fireEvent.click(
      await within(await channelList(dialog)).findByRole('button', {
        name: 'Message the course staff',
      }),
    );
    expect(await within(dialog).findByText('No messages yet.')).toBeDefined();
    expect(api.channels.direct.exists).toBe(true);
    const reply = aChatMessage(9, { channelId: DIRECT, kind: 'direct', text: 'Hello _Ada_' });
    api.channels.direct.messages.push(reply);
    act(() => {
      applyMessageEvent(hubQueryClient(), { type: 'created', message: reply });
      applyUnreadCounts(hubQueryClient(), [
        { objectiveId: COURSE, channelId: DIRECT, unreadCount: 1, kind: 'direct' },
      ]);
    });
    expect((await within(dialog).findByText('Ada')).tagName).toBe('EM');
    await waitFor(() =>
      expect(document.getElementById(LIVE_REGION_IDS.polite)!.textContent).toBe(
        'New message from Grace Hopper: Hello _Ada_',
      ),
    );
    await waitFor(() => expect(api.channels.direct.lastReadMessageId).toBe(reply.id));
  });
  it('toggles reactions as pressed buttons with counts', async () => {
    const api = installFakeAnnouncementsApi({ messages: [aMessage(1)] });
    api.channels.discussion.messages = [
      aChatMessage(1, { reactions: [{ emoji: '👍', count: 2, mine: false }] }),
    ];
    const dialog = await openHub();
    fireEvent.click(
      await within(await channelList(dialog)).findByRole('button', { name: /Discussion/ }),
    );
    const reactions = await within(dialog).findByRole('group', { name: 'Reactions' });
    const thumbs = within(reactions).getByRole('button', { name: '👍 reactions: 2' });
    expect(thumbs.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(thumbs);
    const pressed = await within(reactions).findByRole('button', { name: '👍 reactions: 3' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(pressed);
    expect(
      (await within(reactions).findByRole('button', { name: '👍 reactions: 2' })).getAttribute(
        'aria-pressed',
      ),
    ).toBe('false');
    expect(
      within(reactions)
        .getByRole('button', { name: '🎉 reactions: 0' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
  });
});

describe('hubChannels', () => {
  const label = {
    announcements: 'Announcements',
    discussion: 'Discussion',
    direct: 'Message the course staff',
    directWith: (name: string) => `Direct messages: ${name}`,
  };
  const directOf = (id: string, learner: string, unreadCount: number) => ({
    id,
    kind: 'direct' as const,
    objectiveId: COURSE,
    courseName: 'Data literacy',
    title: learner,
    learner: { id: `${id.slice(0, -1)}0`, name: learner },
    unreadCount,
    lastMessage: null,
    canPost: true,
  });

  it('gives the staff one entry per learner’s direct channel of this course', () => {
    const entries = hubChannels({
      objectiveId: COURSE,
      userId: READER,
      announcementsUnread: 0,
      staff: true,
      discussion: { id: DISCUSSION, unreadCount: 2 },
      channels: [
        directOf(DIRECT, 'Ada Lovelace', 1),
        { ...directOf('77777777-7777-4777-8777-777777777777', 'Alan Turing', 0), objectiveId: 'x' },
      ],
      label,
    });
    expect(entries.map((entry) => [entry.label, entry.unreadCount])).toEqual([
      ['Announcements', 0],
      ['Discussion', 2],
      ['Direct messages: Ada Lovelace', 1],
    ]);
  });
});
