import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { GradeRevealPolicy, type GradingScale } from '@portal/contracts';
import { coverColorOf } from '@portal/domain';
import { anEnrollment } from '../../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { renderCourses } from '../../../components/course-list/testing/render-list-page.tsx';
import { CourseCard } from './course-card.tsx';

afterEach(cleanup);

// Noon UTC: the calendar date is the same in every time zone the tests may run in.
const NOW = new Date('2026-03-01T12:00:00Z');

const passFail: GradingScale = {
  id: '00000000-0000-4000-8000-00000000f001',
  maxScore: 100,
  name: 'Pass/Fail',
  description: null,
  normalizedPassingScore: 0.6,
  numberOfGrades: 2,
  objectiveGrades: [
    {
      id: '00000000-0000-4000-8000-00000000f002',
      name: 'Fail',
      color: '#C92A2A',
      normalizedMinScore: 0,
    },
    {
      id: '00000000-0000-4000-8000-00000000f003',
      name: 'Pass',
      color: '#2B8A3E',
      normalizedMinScore: 0.6,
    },
  ],
  passingGradeId: '00000000-0000-4000-8000-00000000f003',
};

async function renderCard(
  builder: ReturnType<typeof anEnrollment>,
  scale: GradingScale | null = null,
) {
  const aggregate = builder.build();
  await renderCourses(<CourseCard aggregate={aggregate} gradingScale={scale} now={NOW} />);
  const card = screen.getByRole('article', { name: aggregate.objective.name });
  return { aggregate, card: within(card) };
}

describe('CourseCard', () => {
  it('isolates the authored course name from the page’s direction', async () => {
    const { card } = await renderCard(anEnrollment().named('Data 101 (بيانات)'));
    expect(card.getByText('Data 101 (بيانات)').tagName).toBe('BDI');
  });

  it('shows a mandatory course that opens later, linking to its enrolment page', async () => {
    const { aggregate, card } = await renderCard(
      anEnrollment().named('Fire safety', 'HS-1').mandatory().availableFrom('2026-04-15T12:00:00Z'),
    );
    const title = card.getByRole('heading', { level: 2, name: 'Fire safety' });
    expect(within(title).getByRole('link').getAttribute('href')).toBe(
      `/courses/${aggregate.objective.id}/${aggregate.id}`,
    );
    expect(card.getByText('HS-1')).toBeTruthy();
    expect(card.getByText('Mandatory')).toBeTruthy();
    expect(card.getByRole('img', { name: 'Not available yet' })).toBeTruthy();
    expect(card.getByText('Available from Apr 15, 2026')).toBeTruthy();
    // The course's own colour, the same in every list and on its page.
    expect(card.getByTestId('course-cover-colour').style.backgroundColor).toBe(
      rgb(coverColorOf(aggregate.objective.id)),
    );
  });

  it('shows the due date of a course open now, and no lock', async () => {
    const { card } = await renderCard(
      anEnrollment().availableFrom('2026-01-01T12:00:00Z').due('2026-05-20T12:00:00Z'),
    );
    expect(card.getByText('Due May 20, 2026')).toBeTruthy();
    expect(card.queryByRole('img', { name: 'Not available yet' })).toBeNull();
    expect(card.queryByText('Mandatory')).toBeNull();
  });

  it('says "Not started" without dates', async () => {
    const { card } = await renderCard(anEnrollment());
    expect(card.getByText('Not started')).toBeTruthy();
    expect(card.queryByRole('progressbar')).toBeNull();
  });

  it('shows the start date and progress of a course in progress, linking to its content', async () => {
    const { aggregate, card } = await renderCard(
      anEnrollment().inProgress(0.35, '2026-02-01T12:00:00Z'),
    );
    expect(card.getByRole('link', { name: aggregate.objective.name }).getAttribute('href')).toBe(
      `/courses/${aggregate.objective.id}/view/content`,
    );
    expect(card.getByText('Started Feb 1, 2026')).toBeTruthy();
    const progress = card.getByRole('progressbar', { name: 'Progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('35');
  });

  it('shows the submission date and progress of a course in grading', async () => {
    const { card } = await renderCard(anEnrollment().inGrading('2026-02-05T12:00:00Z', 1));
    expect(card.getByText('Submitted Feb 5, 2026')).toBeTruthy();
    expect(card.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    expect(card.queryByText(/Grade:/)).toBeNull();
  });

  it('shows grade, score, details button and completion of a finished course', async () => {
    const { aggregate, card } = await renderCard(
      anEnrollment()
        .gradedOn(passFail.id)
        .finished(
          { grade: 'Pass', score: 85, maxScore: 100, normalizedScore: 0.85 },
          '2026-02-10T12:00:00Z',
        ),
      passFail,
    );
    expect(card.getByText('Grade: Pass')).toBeTruthy();
    const score = card.getByText('85%');
    expect(score.closest('[data-result]')?.getAttribute('data-result')).toBe('success');
    const details = card.getByRole('link', { name: `Go to details: ${aggregate.objective.name}` });
    expect(details.textContent).toBe('Go to details');
    expect(details.getAttribute('href')).toBe(`/courses/${aggregate.objective.id}`);
    expect(card.getByRole('link', { name: aggregate.objective.name }).getAttribute('href')).toBe(
      `/courses/${aggregate.objective.id}`,
    );
    expect(card.getByText('Completed Feb 10, 2026')).toBeTruthy();
  });

  it('colours a low score as danger', async () => {
    const { card } = await renderCard(
      anEnrollment().finished({
        passed: false,
        grade: 'Fail',
        score: 0.3,
        maxScore: 1,
        normalizedScore: 0.3,
      }),
      passFail,
    );
    expect(card.getByText('30%').closest('[data-result]')?.getAttribute('data-result')).toBe(
      'danger',
    );
  });

  it('says grading is in progress when a finished result has no pass/fail yet', async () => {
    const { card } = await renderCard(anEnrollment().finished({ passed: null }));
    expect(card.getByText('Grading in progress')).toBeTruthy();
    expect(card.getByRole('link', { name: /^Go to details/ })).toBeTruthy();
  });

  it('shows no result while the grade reveal policy hides it', async () => {
    const { card } = await renderCard(
      anEnrollment().gradeReveal(GradeRevealPolicy.never).finished({ passed: null }),
    );
    expect(card.queryByText('Grading in progress')).toBeNull();
    expect(card.queryByRole('link', { name: /^Go to details/ })).toBeNull();
    expect(card.getByText(/^Completed/)).toBeTruthy();
  });

  it('marks a draft course as coming soon and counts the activities of a tile course', async () => {
    const { card } = await renderCard(
      anEnrollment().draft().tiles(5).withImage('data:image/svg+xml,%3Csvg/%3E'),
    );
    expect(card.getByText('Coming soon')).toBeTruthy();
    expect(card.getByText('5 activities')).toBeTruthy();
    expect(card.queryByTestId('course-cover-colour')).toBeNull();
  });

  it("shows the course's colour instead of a broken image", async () => {
    const { aggregate, card } = await renderCard(
      anEnrollment().named('Fire safety').withImage('https://cdn.example.com/missing.png'),
    );
    const image = screen
      .getByRole('article', { name: 'Fire safety' })
      .querySelector<HTMLImageElement>('img[src="https://cdn.example.com/missing.png"]');
    expect(image).not.toBeNull();
    fireEvent.error(image!);
    expect(card.getByTestId('course-cover-colour').style.backgroundColor).toBe(
      rgb(coverColorOf(aggregate.objective.id)),
    );
    expect(screen.getByRole('article', { name: 'Fire safety' }).querySelector('img')).toBeNull();
  });
});

/** "#FFC699" as the DOM reports a style colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
