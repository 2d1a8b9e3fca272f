import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderListPage } from '../../../components/course-list/testing/render-list-page.tsx';
import { AboutSection, IFRAME_OBSERVER_OPTIONS } from './about-section.tsx';

// A controllable IntersectionObserver: tests decide when an element comes into view.
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve(element: Element) {
    this.observed = this.observed.filter((item) => item !== element);
  }
  disconnect() {
    this.observed = [];
  }
  reveal(element: Element) {
    this.callback(
      [{ target: element, isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    if (init?.method === 'HEAD' && url.pathname === '/files/guide.docx') {
      return new Response(null, { status: 200, headers: { 'content-length': '1572864' } });
    }
    if (url.pathname === '/files/login.pdf') return new Response(null, { status: 401 });
    if (url.pathname === '/files/secret.pdf') return new Response(null, { status: 403 });
    if (url.pathname === '/files/broken.pdf') return new Response(null, { status: 500 });
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderAbout(html: string) {
  return renderListPage(<AboutSection html={html} />, {
    path: '/courses/:objectiveId',
    url: '/courses/c1',
    namespaces: ['courseDetails'],
  });
}

describe('AboutSection', () => {
  it('renders nothing when no visible content is left after sanitising', async () => {
    await renderAbout('<script>alert(1)</script><p> </p>');
    expect(screen.queryByRole('region', { name: 'About' })).toBeNull();
  });

  it('sanitises the HTML, nests headings under the section and gives each an anchor link', async () => {
    await renderAbout(
      '<h1>What you learn</h1><p onclick="steal()">Safe <b>text</b></p><script>steal()</script><h2>What you learn</h2>',
    );
    const about = within(await screen.findByRole('region', { name: 'About' }));
    const headings = about.getAllByRole('heading', { level: 3 });
    expect(headings).toHaveLength(1);
    const [first] = headings;
    expect(first?.id).toMatch(/^about-.+-what-you-learn$/);
    // The anchor's name is not part of the heading's name.
    expect(about.getByRole('heading', { level: 3, name: 'What you learn' })).toBe(first);
    const anchor = about.getAllByRole('link', { name: 'Link to section What you learn' })[0];
    expect(anchor?.getAttribute('href')).toBe(`#${first?.id}`);
    expect(about.getByRole('heading', { level: 4 }).id).toBe(`${first?.id}-2`);
    expect(document.body.innerHTML).not.toMatch(/steal\(\)/);
  });

  it('loads an iframe only once it comes near the viewport, with the spec threshold and margin', async () => {
    await renderAbout(
      '<p>Video</p><iframe src="https://video.example/embed/1"></iframe><iframe src="javascript:alert(1)"></iframe>',
    );
    await screen.findByRole('region', { name: 'About' });
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    const frame = frames[0]!;
    expect(frame.getAttribute('src')).toBeNull();
    expect(frame.title).toBe('Embedded content 1');
    const observer = FakeObserver.instances.at(-1)!;
    expect(observer.options).toEqual({ threshold: 0.1, rootMargin: '100px 0px 0px 0px' });
    expect(IFRAME_OBSERVER_OPTIONS).toEqual(observer.options);
    expect(observer.observed).toContain(frame);
    act(() => observer.reveal(frame));
    expect(frame.getAttribute('src')).toBe('https://video.example/embed/1');
  });

  it('opens images in a gallery with previous/next, arrow keys, a position and Escape', async () => {
    await renderAbout('<p><img src="/a.png" alt="Chart A"><img src="/b.png" alt="Chart B"></p>');
    const open = await screen.findByRole('button', { name: 'Open image 2 of 2 in the gallery' });
    fireEvent.click(open);
    const dialog = within(await screen.findByRole('dialog', { name: 'Image gallery' }));
    expect(dialog.getByText('Image 2 of 2')).toBeTruthy();
    expect(dialog.getByRole('img', { name: 'Chart B' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Next image' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(dialog.getByText('Image 2 of 2')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(dialog.getByText('Image 1 of 2')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Previous image' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(dialog.getByText('Image 1 of 2')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Next image' }));
    expect(dialog.getByText('Image 2 of 2')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus is back on the image the gallery was opened from.
    await waitFor(() => expect(document.activeElement).toBe(open));

    fireEvent.keyDown(screen.getByRole('button', { name: 'Open image 1 of 2 in the gallery' }), {
      key: 'Enter',
    });
    expect(await screen.findByText('Image 1 of 2')).toBeTruthy();
  });

  it('names the full-screen view of a table after its caption', async () => {
    await renderAbout(
      '<table><caption>Course plan</caption><tbody><tr><td>Week 1</td><td>Basics</td></tr></tbody></table>',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show table in full screen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Course plan' }));
    expect(dialog.getByRole('cell', { name: 'Basics' })).toBeTruthy();
  });

  it('says "bytes" for a small attachment, and "byte" for one', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), window.location.origin);
      const length = url.pathname === '/files/one.csv' ? '1' : '295';
      return new Response(null, { status: 200, headers: { 'content-length': length } });
    });
    await renderAbout(
      '<p><a href="/files/worksheet.csv">Worksheet</a> <a href="/files/one.csv">Tiny</a></p>',
    );
    expect(await screen.findByText('(295 bytes)')).toBeTruthy();
    expect(await screen.findByText('(1 byte)')).toBeTruthy();
  });

  it('shows a table in full screen', async () => {
    await renderAbout('<table><tbody><tr><td>Week 1</td><td>Basics</td></tr></tbody></table>');
    fireEvent.click(await screen.findByRole('button', { name: 'Show table in full screen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Table 1' }));
    expect(dialog.getByRole('cell', { name: 'Basics' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('blocks file links to other hosts and shows the size of allowed attachments', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderAbout(
      '<p><a href="/files/guide.docx">Guide</a> <a href="https://evil.example/x.pdf">Other PDF</a> <a href="https://example.org/page">Web page</a></p>',
    );
    await screen.findByRole('region', { name: 'About' });
    expect(await screen.findByText('(1.5 MB)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Guide' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Other PDF' })).toBeNull();
    expect(screen.getByText('Other PDF').getAttribute('href')).toBeNull();
    expect(screen.getByRole('link', { name: 'Web page' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /View PDF/ })).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('https://evil.example/x.pdf'));
    const head = fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'HEAD');
    expect(String(head?.[0])).toMatch(/\/files\/guide\.docx$/);
  });

  it.each([
    ['login.pdf', 'Please log in to view this file'],
    ['secret.pdf', 'You do not have permission to view this file'],
    ['broken.pdf', 'Failed to load PDF'],
  ])('opens the PDF viewer on demand and explains a failed %s', async (file, message) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderAbout(`<p><a href="/files/${file}">Handbook</a></p>`);
    const view = await screen.findByRole('button', { name: 'View PDF Handbook' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(file) && true)).toBe(true);
    const gets = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => String(url).endsWith(file) && (init as RequestInit)?.method !== 'HEAD',
      );
    expect(gets()).toHaveLength(0);
    fireEvent.click(view);
    expect(view.getAttribute('aria-expanded')).toBe('true');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(gets()).toHaveLength(1);
  });
});
