import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import {
  ActivityType,
  GradeRevealPolicy,
  type CertificateRecord,
  type CurrentUser,
  type EnrollmentAggregate,
} from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { anActivity } from '../../../../../packages/domain/src/course-rules/testing/activity-node-builder.ts';
import { renderListPage } from '../../components/course-list/testing/render-list-page.tsx';
import { CourseDetailsPage } from '../course-details/course-details-page.tsx';
import {
  installFakeCourseApi,
  type FakeCourseData,
  type RecordedRequest,
} from '../course-details/testing/fake-course-api.ts';
import { pointsOf } from './course-certificates.tsx';

const NOW = new Date('2026-03-01T12:00:00Z');
const USER_ID = '7b0d3f5e-4c1a-4a51-9c55-2d7f0f6a1b01';
const user: CurrentUser = {
  id: USER_ID,
  email: 'ada@acme.test',
  username: 'ada@acme.test',
  first_name: 'Ada',
  middle_name: null,
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  timezone: null,
  tenant_id: '7b0d3f5e-4c1a-4a51-9c55-2d7f0f6a1b02',
  department_name: null,
  external_id: null,
  roles: ['Learner'],
  locale: null,
};
let requests: RecordedRequest[];
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  writeText.mockReset().mockResolvedValue(undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function certificateOf(
  course: EnrollmentAggregate,
  number: string,
  overrides: Partial<CertificateRecord> = {},
): CertificateRecord {
  return {
    id: `4c8f4a39-95c5-4f4e-9d8e-1f6c0a1b2c${number.slice(-2).toLowerCase().padStart(2, '0')}`,
    certificateNumber: number,
    certificateTemplate: { name: 'Classic' },
    objectiveId: course.objective.id,
    userId: USER_ID,
    objectiveName: course.objective.name,
    objectiveCode: null,
    created: '2026-02-20T12:00:00.000Z',
    expirationDate: null,
    status: 'valid',
    revoked: null,
    certificatePdfUrl: `/api/lms/v1/certificate-records/${number}/pdf`,
    certificatePngUrl: `/api/lms/v1/certificate-records/${number}/png`,
    externalUrl: null,
    normalizedPassingScore: 0.6,
    objectiveRecord: null,
    ...overrides,
  };
}

async function renderDetails(course: EnrollmentAggregate, data: Partial<FakeCourseData>) {
  const workflowId = course.objectiveWorkflowAggregate.lastObjectiveWorkflow!.id;
  const root = anActivity('Root').withChildren(anActivity('One')).buildRoot();
  requests = installFakeCourseApi({
    aggregates: [course],
    user,
    trees: { [workflowId]: { ...root, type: ActivityType.composite, normalizedPassingScore: 0.6 } },
    ...data,
  });
  return renderListPage(<CourseDetailsPage objectiveId={course.objective.id} />, {
    path: '/courses/:objectiveId/view/details',
    url: `/courses/${course.objective.id}/view/details`,
    namespaces: ['courseDetails', 'courseList', 'certificates'],
  });
}

const finishedCourse = (score: number, maxScore: number) =>
  anEnrollment()
    .named('Responsible AI', 'RAI-1')
    .gradeReveal(GradeRevealPolicy.afterFinish)
    .finished({ grade: 'B', score, maxScore, normalizedScore: score / maxScore, passed: true })
    .build();

describe('Certificates section of the course details (spec §2)', () => {
  it('shows the current results and the certificates, newest first, with view, downloads and expiry', async () => {
    const course = finishedCourse(8, 10);
    const newer = certificateOf(course, 'AAAA-BBBB-CCCC-DD01', {
      created: '2026-02-20T12:00:00.000Z',
      expirationDate: '2027-02-20T12:00:00.000Z',
    });
    const older = certificateOf(course, 'AAAA-BBBB-CCCC-DD02', {
      created: '2025-01-10T12:00:00.000Z',
      expirationDate: '2026-01-10T12:00:00.000Z',
      status: 'expired',
    });
    const { router } = await renderDetails(course, { certificates: [newer, older] });

    const section = within(
      (await screen.findByRole('heading', { level: 2, name: 'Certificates' })).closest('section')!,
    );
    const results = within(section.getByTestId('certificate-results'));
    expect(results.getByText('80% (8 out of 10 points)')).toBeTruthy();
    expect(results.getByText('B')).toBeTruthy();
    expect(results.getByText('60%')).toBeTruthy();

    const query = requests.find(
      (request) => request.url.pathname === '/api/lms/v1/certificate-records/query',
    )!;
    expect(JSON.parse(query.url.searchParams.get('filter')!)).toEqual([
      ['objectiveId', '=', course.objective.id],
      'and',
      ['userId', '=', USER_ID],
    ]);
    expect(query.url.searchParams.get('sort')).toContain('"desc":true');

    const items = section.getAllByRole('listitem');
    expect(
      items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Certificate AAAA-BBBB-CCCC-DD01', 'Certificate AAAA-BBBB-CCCC-DD02']);
    const first = within(items[0]!);
    expect(first.queryByText('This certificate has expired')).toBeNull();
    expect(within(items[1]!).getByText('This certificate has expired')).toBeTruthy();
    expect(first.getByRole('img', { name: 'Your certificate for Responsible AI' })).toBeTruthy();
    expect(first.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      newer.certificatePdfUrl,
    );
    expect(first.getByRole('link', { name: 'Download image' }).getAttribute('href')).toBe(
      newer.certificatePngUrl,
    );

    fireEvent.click(first.getByRole('link', { name: 'View certificate' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/courses/${course.objective.id}/certificate/AAAA-BBBB-CCCC-DD01`,
      ),
    );
  });

  it('copies the public link of an internal certificate, the external URL otherwise, and says when there is none', async () => {
    const course = finishedCourse(8, 10);
    const external = { certificatePdfUrl: null, certificatePngUrl: null };
    await renderDetails(course, {
      certificates: [
        certificateOf(course, 'AAAA-BBBB-CCCC-DD01'),
        certificateOf(course, 'AAAA-BBBB-CCCC-DD02', {
          ...external,
          externalUrl: 'https://badges.example/42',
        }),
        certificateOf(course, 'AAAA-BBBB-CCCC-DD03', external),
      ],
    });
    const items = await screen.findAllByRole('listitem');
    const copy = (index: number) =>
      fireEvent.click(within(items[index]!).getByRole('button', { name: 'Copy link' }));

    copy(0);
    expect(await screen.findByText('The link was copied')).toBeTruthy();
    expect(writeText).toHaveBeenLastCalledWith(
      `${window.location.origin}/learn/certificate/AAAA-BBBB-CCCC-DD01`,
    );
    notifications.clean();

    copy(1);
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('https://badges.example/42'));
    expect(within(items[1]!).queryByRole('link', { name: 'Download PDF' })).toBeNull();

    writeText.mockClear();
    copy(2);
    expect(await screen.findByText('The link could not be copied')).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('leaves out the points when the maximum is 1, and the section when there is no certificate', async () => {
    const course = finishedCourse(0.9, 1);
    await renderDetails(course, { certificates: [certificateOf(course, 'AAAA-BBBB-CCCC-DD01')] });
    const results = within(await screen.findByTestId('certificate-results'));
    expect(results.getByText('90%')).toBeTruthy();
    expect(results.queryByText(/points/)).toBeNull();
    cleanup();

    await renderDetails(finishedCourse(8, 10), { certificates: [] });
    await screen.findByRole('heading', { level: 1, name: 'Responsible AI' });
    await waitFor(() =>
      expect(
        requests.some((request) => request.url.pathname.endsWith('certificate-records/query')),
      ).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: 'Certificates' })).toBeNull();
  });

  it('pointsOf hides points without a maximum or with a maximum of 1', () => {
    expect(pointsOf({ score: 8, maxScore: 10 })).toEqual({ score: 8, max: 10 });
    expect(pointsOf({ score: 1, maxScore: 1 })).toBeNull();
    expect(pointsOf({ score: null, maxScore: 10 })).toBeNull();
    expect(pointsOf(null)).toBeNull();
  });
});
