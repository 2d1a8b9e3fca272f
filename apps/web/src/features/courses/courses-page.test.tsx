import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MAX_FILTER_TEXT_LENGTH, NIL_ID, type Showcase, type Term } from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { CoursesPage } from './courses-page.tsx';
import { enrolledFiltersStorageKey } from './components/enrolled-courses.tsx';
import {
  courseListFilters,
  fakeLearner,
  installFakeLms,
  type FakeLmsData,
  type RecordedRequest,
} from '../../components/course-list/testing/fake-lms.ts';
import {
  currentSearch,
  renderCourses,
} from '../../components/course-list/testing/render-list-page.tsx';

const AUTUMN: Term = { id: '11111111-1111-4111-8111-111111111111', name: 'Autumn 2026' };
const SPRING: Term = { id: '22222222-2222-4222-8222-222222222222', name: 'Spring 2027' };
const UNUSED_TERM: Term = { id: '55555555-5555-4555-8555-555555555555', name: 'Winter 2025' };
const showcase = (id: string, name: string, order: number): Showcase => ({
  id,
  name,
  code: name.toLowerCase(),
  description: null,
  objectivesCount: 1,
  order,
});
const DATA_AI = showcase('33333333-3333-4333-8333-333333333333', 'Data & AI', 1);
const LEADERSHIP = showcase('44444444-4444-4444-8444-444444444444', 'Leadership', 2);
const UNCATEGORIZED = showcase(NIL_ID, 'Uncategorized', 3);
const GONE = '99999999-9999-4999-8999-999999999999';
const ENROLLED_FILTERS_STORAGE_KEY = enrolledFiltersStorageKey(fakeLearner.id);

function catalogue(): FakeLmsData {
  return {
    aggregates: [
      anEnrollment()
        .named('Fire safety', 'HS-1')
        .mandatory()
        .selfEnrolled(false)
        .inTerm(AUTUMN.id)
        .build(),
      anEnrollment()
        .named('SQL basics', 'DB-101')
        .inTerm(SPRING.id)
        .inShowcases({ id: DATA_AI.id, name: DATA_AI.name })
        .inProgress(0.4)
        .build(),
      anEnrollment()
        .named('Leading teams', 'LD-200')
        .inShowcases({ id: LEADERSHIP.id, name: LEADERSHIP.name })
        .finished({ score: 9, maxScore: 10, normalizedScore: 0.9 })
        .build(),
    ],
    terms: [AUTUMN, SPRING, UNUSED_TERM],
    showcases: [DATA_AI, LEADERSHIP, UNCATEGORIZED],
    catalogEnabled: true,
  };
}

let requests: RecordedRequest[];

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store that outlives the rendered tree.
  notifications.clean();
  vi.unstubAllGlobals();
});

async function renderPage(url = '/courses', data: FakeLmsData = catalogue()) {
  requests = installFakeLms(data);
  const view = await renderCourses(<CoursesPage />, url);
  await screen.findByRole('heading', { level: 1, name: 'My courses' });
  return view;
}

const courseTitles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('CoursesPage', () => {
  it('lists the enrolled courses by name with the page title', async () => {
    await renderPage();
    await waitFor(() =>
      expect(courseTitles()).toEqual(['Fire safety', 'Leading teams', 'SQL basics']),
    );
    expect(screen.getByText('Showing 3 of 3 courses')).toBeTruthy();
    expect(document.title).toBe('My courses | Learner portal');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it('removes unknown ids from the URL, keeps the rest and says so', async () => {
    const { router } = await renderPage(
      `/courses?term=${AUTUMN.id},${GONE}&collection=${GONE}&courseProgress=done`,
    );
    await waitFor(() => expect(courseTitles()).toEqual(['Fire safety']));
    expect(
      await screen.findByText('Some filters are no longer available and were removed.'),
    ).toBeTruthy();
    expect(currentSearch(router).toString()).toBe(`term=${AUTUMN.id}`);
    expect(courseListFilters(requests).at(-1)).toContainEqual(['termId', '=', AUTUMN.id]);
    expect(screen.getByRole('button', { name: 'Filters, 1 active' })).toBeTruthy();
  });

  it('drops invalid filters silently when none remain', async () => {
    const { router } = await renderPage(
      `/courses?collection=${GONE}&coursePriority=urgent&selfRegistered=true`,
    );
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
    expect(currentSearch(router).toString()).toBe('selfRegistered=true');
    expect(screen.queryByText('Some filters are no longer available and were removed.')).toBeNull();
  });

  it('keeps only the filter keys (and the one-shot flags) in the address, silently', async () => {
    const { router } = await renderPage(
      '/courses?foo=bar&utm_source=x&keyword=sql&occflow=other&selfRegistered=true',
    );
    await waitFor(() => expect(currentSearch(router).has('utm_source')).toBe(false));
    expect(currentSearch(router).toString()).toBe('occflow=other&selfRegistered=true&keyword=sql');
    await waitFor(() => expect(courseTitles()).toEqual(['SQL basics']));
    expect(screen.queryByText('Some filters are no longer available and were removed.')).toBeNull();
  });

  it('drops unknown keys also when the address names no filter', async () => {
    const { router } = await renderPage('/courses?utm_source=newsletter');
    await waitFor(() => expect(currentSearch(router).toString()).toBe(''));
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
  });

  it('takes no more search text than the server accepts, typed or from the address', async () => {
    const long = 'sql'.repeat(300);
    const { router } = await renderPage(`/courses?keyword=${long}`);
    const box = await screen.findByRole<HTMLInputElement>('searchbox', { name: 'Search courses' });
    expect(box.maxLength).toBe(MAX_FILTER_TEXT_LENGTH);
    await waitFor(() =>
      expect(currentSearch(router).get('keyword')).toBe(long.slice(0, MAX_FILTER_TEXT_LENGTH)),
    );
    const searched = JSON.stringify(courseListFilters(requests).at(-1));
    expect(searched).toContain(`"${long.slice(0, MAX_FILTER_TEXT_LENGTH)}"`);
    expect(searched).not.toContain(long.slice(0, MAX_FILTER_TEXT_LENGTH + 1));
    expect(screen.queryByText('Your courses could not be loaded')).toBeNull();
  });

  it('restores the remembered filters when the URL has none, and writes them to the URL', async () => {
    window.localStorage.setItem(
      ENROLLED_FILTERS_STORAGE_KEY,
      JSON.stringify(`collection=${LEADERSHIP.id},${GONE}&keyword=leading`),
    );
    const { router } = await renderPage();
    await waitFor(() => expect(courseTitles()).toEqual(['Leading teams']));
    expect(currentSearch(router).get('collection')).toBe(LEADERSHIP.id);
    expect(currentSearch(router).get('keyword')).toBe('leading');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search courses' }).value).toBe(
      'leading',
    );
    expect(screen.getByRole('checkbox', { name: 'Leadership' })).toHaveProperty('checked', true);
    expect(screen.queryByText('Some filters are no longer available and were removed.')).toBeNull();
  });

  it('never applies filters remembered for another user of the same browser', async () => {
    const previousUser = enrolledFiltersStorageKey('00000000-0000-4000-8000-0000000b0b0b');
    window.localStorage.setItem(previousUser, JSON.stringify('keyword=gdpr'));
    // The unscoped key of earlier versions belongs to nobody in particular either.
    window.localStorage.setItem('courses.enrolled.filters', JSON.stringify('keyword=gdpr'));
    const { router } = await renderPage();
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
    expect(currentSearch(router).get('keyword')).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search courses' }).value).toBe(
      '',
    );
  });

  it('searches after the pause, lower-cased and left-trimmed, and logs the search', async () => {
    const { router } = await renderPage();
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search courses' }), {
      target: { value: '  SQL' },
    });
    expect(currentSearch(router).get('keyword')).toBeNull();
    await waitFor(() => expect(courseTitles()).toEqual(['SQL basics']), { timeout: 2000 });
    expect(currentSearch(router).get('keyword')).toBe('sql');
    const event = requests.find((request) => request.url.pathname === '/api/events');
    expect(event?.body).toMatchObject({ name: 'my_courses_search', properties: { search: 'sql' } });
    expect(JSON.parse(window.localStorage.getItem(ENROLLED_FILTERS_STORAGE_KEY) ?? '""')).toBe(
      'keyword=sql',
    );
  });

  it('filters from the drawer, counts active values and clears them', async () => {
    const { router } = await renderPage();
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Filters' }));
    // Only terms that occur in the learner's courses, and "No term" because one course has none.
    const terms = within(drawer.getByRole('group', { name: 'Term' }));
    expect(terms.getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual([
      AUTUMN.id,
      SPRING.id,
      NIL_ID,
    ]);
    expect(terms.getByRole('checkbox', { name: 'No term' })).toBeTruthy();

    fireEvent.click(drawer.getByRole('checkbox', { name: 'Completed' }));
    await waitFor(() => expect(courseTitles()).toEqual(['Leading teams']));
    fireEvent.click(drawer.getByRole('checkbox', { name: 'Not started' }));
    await waitFor(() => expect(courseTitles()).toEqual(['Fire safety', 'Leading teams']));
    fireEvent.click(drawer.getByRole('checkbox', { name: 'Optional' }));
    await waitFor(() => expect(courseTitles()).toEqual(['Leading teams']));
    expect(currentSearch(router).get('courseProgress')).toBe('completed,notStarted');
    expect(currentSearch(router).get('coursePriority')).toBe('optional');
    expect(screen.getByRole('button', { name: 'Filters, 3 active' })).toBeTruthy();

    fireEvent.click(drawer.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
    expect(currentSearch(router).toString()).toBe('');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    fireEvent.click(drawer.getByRole('button', { name: 'Close filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
  });

  it('filters by collection chips', async () => {
    const { router } = await renderPage();
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
    const chips = within(screen.getByRole('group', { name: 'Collections' }));
    fireEvent.click(chips.getByRole('checkbox', { name: 'Uncategorized' }));
    await waitFor(() => expect(courseTitles()).toEqual(['Fire safety']));
    fireEvent.click(chips.getByRole('checkbox', { name: 'Data & AI' }));
    await waitFor(() => expect(courseTitles()).toEqual(['Fire safety', 'SQL basics']));
    expect(currentSearch(router).get('collection')).toBe(`${NIL_ID},${DATA_AI.id}`);
  });

  it('offers to clear filters when nothing matches', async () => {
    const { router } = await renderPage('/courses?keyword=astronomy');
    expect(
      await screen.findByRole('heading', { name: 'No courses match your search' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
    expect(currentSearch(router).get('keyword')).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search courses' }).value).toBe(
      '',
    );
  });

  it('loads 24 courses at a time', async () => {
    const data = catalogue();
    data.aggregates = Array.from({ length: 30 }, (_, index) =>
      anEnrollment()
        .named(`Course ${String(index + 1).padStart(2, '0')}`)
        .build(),
    );
    await renderPage('/courses', data);
    await waitFor(() => expect(courseTitles()).toHaveLength(24));
    expect(screen.getByText('Showing 24 of 30 courses')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more courses' }));
    await waitFor(() => expect(courseTitles()).toHaveLength(30));
    expect(screen.getByText('Showing 30 of 30 courses')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more courses' })).toBeNull();
  });

  it('points a learner without courses to the catalog', async () => {
    await renderPage('/courses', { ...catalogue(), aggregates: [] });
    expect(await screen.findByRole('heading', { name: 'You have no courses yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to catalog' }).getAttribute('href')).toBe(
      '/catalog',
    );
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('tells a learner without courses that the catalog is not available when it is turned off', async () => {
    await renderPage('/courses', { ...catalogue(), aggregates: [], catalogEnabled: false });
    expect(await screen.findByRole('heading', { name: 'You have no courses yet' })).toBeTruthy();
    expect(
      screen.getByText(
        'The course catalog is not available. Please contact your administrator to be enrolled in courses.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to catalog' })).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
