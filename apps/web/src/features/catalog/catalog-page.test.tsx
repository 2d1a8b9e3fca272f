import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { NIL_ID, type Showcase, type Term } from '@portal/contracts';
import { catalogRule } from '@portal/domain';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import {
  courseListFilters,
  installFakeLms,
  type FakeLmsData,
  type RecordedRequest,
} from '../../components/course-list/testing/fake-lms.ts';
import {
  currentSearch,
  renderListPage,
} from '../../components/course-list/testing/render-list-page.tsx';
import { CatalogPage } from './catalog-page.tsx';

const AUTUMN: Term = { id: '11111111-1111-4111-8111-111111111111', name: 'Autumn 2026' };
const SPRING: Term = { id: '22222222-2222-4222-8222-222222222222', name: 'Spring 2027' };
const showcase = (id: string, name: string, order: number): Showcase => ({
  id,
  name,
  code: name.toLowerCase(),
  description: null,
  objectivesCount: 1,
  order,
});
const DATA_AI = showcase('33333333-3333-4333-8333-333333333333', 'Data & AI', 1);
const UNCATEGORIZED = showcase(NIL_ID, 'Uncategorized', 2);
const GONE = '99999999-9999-4999-8999-999999999999';

const enrolledCourse = anEnrollment().named('Fire safety', 'HS-1').mandatory().build();
const statistics = anEnrollment()
  .named('Statistics', 'ST-1')
  .offeredInCatalog()
  .inTerm(AUTUMN.id)
  .inShowcases({ id: DATA_AI.id, name: DATA_AI.name })
  .build();
const negotiation = anEnrollment()
  .named('Negotiation', 'NG-2')
  .offeredInCatalog()
  .inTerm(SPRING.id)
  .build();
const astronomy = anEnrollment()
  .named('Astronomy', 'AS-3')
  .offeredInCatalog()
  .availableFrom('2099-01-15T12:00:00Z')
  .build();

function catalogue(): FakeLmsData {
  return {
    aggregates: [enrolledCourse, statistics, negotiation, astronomy],
    terms: [AUTUMN, SPRING],
    catalogShowcases: [DATA_AI, UNCATEGORIZED],
  };
}

let requests: RecordedRequest[];

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

async function renderPage(url = '/catalog', data: FakeLmsData = catalogue()) {
  requests = installFakeLms(data);
  const view = await renderListPage(<CatalogPage />, {
    path: '/catalog',
    url,
    namespaces: ['catalog', 'courseList'],
  });
  await screen.findByRole('heading', { level: 1, name: 'Catalog' });
  return view;
}

const courseTitles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('CatalogPage', () => {
  it('lists the offered courses by name, linking each to its catalog page', async () => {
    await renderPage();
    await waitFor(() => expect(courseTitles()).toEqual(['Astronomy', 'Negotiation', 'Statistics']));
    expect(document.title).toBe('Catalog | Learner portal');
    expect(screen.getByText('Showing 3 of 3 courses')).toBeTruthy();
    const card = within(screen.getByRole('article', { name: 'Statistics' }));
    expect(card.getByRole('link', { name: 'Statistics' }).getAttribute('href')).toBe(
      `/catalog/${statistics.objective.id}`,
    );
    expect(card.getByText('ST-1')).toBeTruthy();
    const later = within(screen.getByRole('article', { name: 'Astronomy' }));
    expect(later.getByRole('img', { name: 'Not available yet' })).toBeTruthy();
    expect(later.getByText('Available from Jan 15, 2099')).toBeTruthy();
    // Every list request carries the catalog rule.
    expect(courseListFilters(requests).at(-1)).toContainEqual(catalogRule);
  });

  it('searches the catalog after the pause and keeps the search in the URL only', async () => {
    const { router } = await renderPage();
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalog' }), {
      target: { value: ' NEGO' },
    });
    await waitFor(() => expect(courseTitles()).toEqual(['Negotiation']), { timeout: 2000 });
    expect(currentSearch(router).get('keyword')).toBe('nego');
    expect(window.localStorage.length).toBe(0);
    expect(requests.some((request) => request.url.pathname === '/api/events')).toBe(false);
  });

  it('offers only term and collection groups in the drawer', async () => {
    const { router } = await renderPage();
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(drawer.queryByRole('group', { name: 'Progress' })).toBeNull();
    expect(drawer.queryByRole('group', { name: 'Priority' })).toBeNull();
    const terms = within(drawer.getByRole('group', { name: 'Term' }));
    expect(terms.getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual([
      AUTUMN.id,
      SPRING.id,
      NIL_ID,
    ]);
    fireEvent.click(terms.getByRole('checkbox', { name: 'Spring 2027' }));
    await waitFor(() => expect(courseTitles()).toEqual(['Negotiation']));
    expect(currentSearch(router).get('term')).toBe(SPRING.id);
    expect(drawer.getByRole('group', { name: 'Collection' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters, 1 active' })).toBeTruthy();
  });

  it('filters by collection chips', async () => {
    await renderPage();
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
    const chips = within(screen.getByRole('group', { name: 'Collections' }));
    fireEvent.click(chips.getByRole('checkbox', { name: 'Data & AI' }));
    await waitFor(() => expect(courseTitles()).toEqual(['Statistics']));
  });

  it('drops unknown ids and enrolled-only groups from the URL and says so', async () => {
    const { router } = await renderPage(
      `/catalog?term=${AUTUMN.id},${GONE}&courseProgress=completed&occflow=x`,
    );
    await waitFor(() => expect(courseTitles()).toEqual(['Statistics']));
    expect(
      await screen.findByText('Some filters are no longer available and were removed.'),
    ).toBeTruthy();
    expect(currentSearch(router).toString()).toBe(`occflow=x&term=${AUTUMN.id}`);
  });

  it('says when no catalog course matches, and clears the filters', async () => {
    const { router } = await renderPage('/catalog?keyword=chemistry');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No courses match your search' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(courseTitles()).toHaveLength(3));
    expect(currentSearch(router).get('keyword')).toBeNull();
  });

  it('says when the catalog offers nothing', async () => {
    await renderPage('/catalog', { ...catalogue(), aggregates: [enrolledCourse] });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'There are no courses in the catalog' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My courses' }).getAttribute('href')).toBe(
      '/courses',
    );
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
