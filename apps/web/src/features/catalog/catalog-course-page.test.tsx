import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { WorkflowState, type EnrollmentAggregate } from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import {
  commandStatusResponse,
  installFakeLms,
  type FakeLmsData,
  type RecordedRequest,
} from '../../components/course-list/testing/fake-lms.ts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { CatalogCoursePage } from './catalog-course-page.tsx';

const SELF_ENROLLMENTS = '/api/lms/v1/create-self-enrollments';
const UNKNOWN_COURSE = '99999999-9999-4999-8999-999999999999';

function offeredCourse(): EnrollmentAggregate {
  const aggregate = anEnrollment()
    .named('Statistics', 'ST-1')
    .offeredInCatalog()
    .inShowcases(
      { id: '33333333-3333-4333-8333-333333333333', name: 'Data & AI' },
      { id: '44444444-4444-4444-8444-444444444444', name: 'Research' },
    )
    .withImage('data:image/svg+xml,%3Csvg/%3E')
    .build();
  aggregate.objective.description = 'Means, medians and the rest.';
  aggregate.objective.about =
    '<h1>What you learn</h1><p onclick="steal()">Sampling <b>done right</b>.</p><script>steal()</script>';
  return aggregate;
}

let requests: RecordedRequest[];

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

async function renderCoursePage(objectiveId: string, data: FakeLmsData) {
  requests = installFakeLms(data);
  return renderListPage(<CatalogCoursePage objectiveId={objectiveId} />, {
    path: '/catalog/:objectiveId',
    url: `/catalog/${objectiveId}`,
    namespaces: ['catalog', 'courseList'],
  });
}

const commandRequests = () =>
  requests.filter((request) => request.url.pathname === SELF_ENROLLMENTS);

describe('CatalogCoursePage', () => {
  it('shows the course: name, code, collections, cover, description and sanitised About', async () => {
    const course = offeredCourse();
    await renderCoursePage(course.objective.id, { aggregates: [course] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeTruthy();
    expect(document.title).toBe('Statistics | Catalog | Learner portal');
    expect(screen.getByText('ST-1')).toBeTruthy();
    const collections = within(screen.getByRole('list', { name: 'Collections' }));
    expect(collections.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Data & AI',
      'Research',
    ]);
    expect(screen.getByText('Means, medians and the rest.')).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe(course.objective.imageUrl);
    expect(screen.getByRole('link', { name: 'Back to catalog' }).getAttribute('href')).toBe(
      '/catalog',
    );

    const about = within(screen.getByRole('region', { name: 'About' }));
    expect(about.getByRole('heading', { level: 3, name: 'What you learn' })).toBeTruthy();
    expect(about.getByText('done right')).toBeTruthy();
    expect(document.body.innerHTML).not.toMatch(/steal\(\)/);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const query = requests.find((request) => request.url.pathname.endsWith('/query'));
    expect(JSON.parse(query?.url.searchParams.get('filter') ?? 'null')).toEqual([
      'objective.id',
      '=',
      course.objective.id,
    ]);
  });

  it('adds the course to My Courses in one click and then shows it as enrolled', async () => {
    const course = offeredCourse();
    await renderCoursePage(course.objective.id, { aggregates: [course] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to my courses' }));

    expect(await screen.findByText('The course was added to your courses.')).toBeTruthy();
    const enrolled = await screen.findByRole('button', { name: 'Enrolled' });
    expect(enrolled).toHaveProperty('disabled', true);
    const myCourses = screen.getByRole('link', { name: 'Go to My courses' });
    expect(myCourses.getAttribute('href')).toBe('/courses');
    await waitFor(() => expect(document.activeElement).toBe(myCourses));
    expect(screen.queryByRole('button', { name: 'Add to my courses' })).toBeNull();

    expect(commandRequests()).toHaveLength(1);
    const [command] = commandRequests();
    expect(command?.method).toBe('POST');
    expect(command?.headers.prefer).toBe('respond-sync');
    expect(command?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      objectiveAccessId: course.objectiveAccess.id,
    });
  });

  it('shows the first error of a refused enrolment as a critical toast and keeps the button', async () => {
    const course = offeredCourse();
    await renderCoursePage(course.objective.id, {
      aggregates: [course],
      selfEnrollment: (body) =>
        commandStatusResponse(body.objectiveAccessId, 2, {
          ObjectiveAccessId: ['The course is available from Jan 15, 2099.', 'Second reason'],
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to my courses' }));
    const toast = (await screen.findByText(/The course is available from Jan 15, 2099\./)).closest(
      '[data-toast-kind="critical"]',
    )!;
    expect(toast.textContent).toContain('The course is available from Jan 15, 2099.');
    expect(toast.textContent).not.toContain('Second reason');
    expect(screen.getByRole('button', { name: 'Add to my courses' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.queryByRole('button', { name: 'Enrolled' })).toBeNull();
  });

  it.each([
    ['mandatory', anEnrollment().offeredInCatalog().mandatory()],
    ['self-enrolled', anEnrollment().offeredInCatalog().selfEnrolled()],
    ['started', anEnrollment().offeredInCatalog().withWorkflow(WorkflowState.inProgress)],
  ])('shows a %s course as enrolled with a way to My Courses', async (_, builder) => {
    const course = builder.named('Fire safety').build();
    await renderCoursePage(course.objective.id, { aggregates: [course] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fire safety' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enrolled' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Go to My courses' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to my courses' })).toBeNull();
  });

  it('shows the unavailable-course page for a course the learner has no row of', async () => {
    await renderCoursePage(UNKNOWN_COURSE, { aggregates: [offeredCourse()] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Course is not available' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'You do not have the necessary access rights to open or enroll in this course or program.',
      ),
    ).toBeTruthy();
    expect(document.title).toBe('Course is not available | Learner portal');
    expect(screen.queryByRole('button', { name: 'Add to my courses' })).toBeNull();
  });

  it('shows the unavailable-course page for a row outside the catalog, without asking for an invalid id', async () => {
    const hidden = { ...offeredCourse(), showInCatalog: false };
    await renderCoursePage(hidden.objective.id, { aggregates: [hidden] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Course is not available' }),
    ).toBeTruthy();
    cleanup();

    await renderCoursePage('not-a-course', { aggregates: [hidden] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Course is not available' }),
    ).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
