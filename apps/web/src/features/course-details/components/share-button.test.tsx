import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderListPage } from '../../../components/course-list/testing/render-list-page.tsx';
import { ShareButton } from './share-button.tsx';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderShare(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  await renderListPage(<ShareButton link="https://portal.example/learn/courses/c1" />, {
    path: '/',
    url: '/',
    namespaces: ['courseDetails'],
  });
}

describe('ShareButton', () => {
  it('copies the link, says so and shows the check icon for 10 seconds', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    await renderShare(writeText);
    vi.useFakeTimers();
    const share = screen.getByRole('button', { name: 'Share' });
    await act(async () => {
      fireEvent.click(share);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('https://portal.example/learn/courses/c1');
    expect(screen.getByText('Link copied to clipboard')).toBeTruthy();
    expect(screen.getByTestId('share-copied-icon')).toBeTruthy();
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.getByTestId('share-copied-icon')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('share-copied-icon')).toBeNull();
  });

  it('reports a link that could not be copied', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderShare(() => Promise.reject(new Error('denied')));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const toast = await screen.findByText(/The link could not be copied/);
    expect(toast.closest('[data-toast-kind="critical"]')).not.toBeNull();
    expect(screen.queryByTestId('share-copied-icon')).toBeNull();
  });
});
