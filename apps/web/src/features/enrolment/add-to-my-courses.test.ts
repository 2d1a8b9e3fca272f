import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENROLMENT_POLL_ATTEMPTS, ENROLMENT_POLL_INTERVAL_MS } from '@portal/contracts';
import { anEnrollment } from '../../../../../packages/domain/src/testing/enrollment-builder.ts';
import { addToMyCourses } from './add-to-my-courses.ts';
import { stepsOf, stubEnrolmentApi } from './testing/fake-enrolment-api.ts';

const ACCESS_LOOKUP = 'GET /api/lms/v1/users/me/objectives/{id}/objective-access';
const AGGREGATES = 'GET /api/lms/v1/objective-workflow-aggregates/query';
const CREATE_ACCESS = 'POST /api/lms/v1/create-objective-accesses';
const SELF_ENROL = 'POST /api/lms/v1/create-self-enrollments';

const offered = () => anEnrollment().offeredInCatalog().named('Intro to Data', 'DATA-1').build();

let ids = 0;
const newId = () => `10000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

/** Steps with the course id replaced, so expectations read like the design. */
const steps = (calls: Parameters<typeof stepsOf>[0], objectiveId: string) =>
  stepsOf(calls).map((step) => step.replace(objectiveId, '{id}'));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('addToMyCourses', () => {
  it('self-enrols through the existing objective access and names the course', async () => {
    const aggregate = offered();
    const { calls } = stubEnrolmentApi({ aggregate, hasAccess: true });

    const outcome = await addToMyCourses(aggregate.objective.id, { newId });

    expect(outcome).toEqual({ kind: 'enrolled', courseName: 'Intro to Data' });
    expect(steps(calls, aggregate.objective.id)).toEqual([ACCESS_LOOKUP, AGGREGATES, SELF_ENROL]);
    const query = calls[1]!.query;
    expect(JSON.parse(query.get('filter') ?? '')).toEqual([
      'objective.id',
      '=',
      aggregate.objective.id,
    ]);
    const enrol = calls[2]!;
    expect(enrol.body).toEqual({
      id: expect.stringMatching(/^10000000-/),
      objectiveAccessId: aggregate.objectiveAccess.id,
    });
    expect(enrol.headers.prefer).toBe('respond-sync');
  });

  it('creates the objective access when the learner has none, then polls 1500 ms apart until the aggregate exists', async () => {
    const aggregate = offered();
    const { calls } = stubEnrolmentApi({
      aggregate,
      hasAccess: false,
      emptyPollsBeforeAggregate: 3,
    });

    const running = addToMyCourses(aggregate.objective.id, { newId });
    await vi.advanceTimersByTimeAsync(0);
    expect(steps(calls, aggregate.objective.id)).toEqual([
      ACCESS_LOOKUP,
      CREATE_ACCESS,
      AGGREGATES,
    ]);
    expect(calls[1]!.body).toEqual({
      id: expect.stringMatching(/^10000000-/),
      objectiveId: aggregate.objective.id,
    });
    expect(calls[1]!.headers.prefer).toBe('respond-sync');

    // Not a moment earlier than the interval.
    await vi.advanceTimersByTimeAsync(ENROLMENT_POLL_INTERVAL_MS - 1);
    expect(steps(calls, aggregate.objective.id).filter((s) => s === AGGREGATES)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(steps(calls, aggregate.objective.id).filter((s) => s === AGGREGATES)).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(2 * ENROLMENT_POLL_INTERVAL_MS);
    await expect(running).resolves.toEqual({ kind: 'enrolled', courseName: 'Intro to Data' });
    expect(steps(calls, aggregate.objective.id)).toEqual([
      ACCESS_LOOKUP,
      CREATE_ACCESS,
      AGGREGATES,
      AGGREGATES,
      AGGREGATES,
      AGGREGATES,
      SELF_ENROL,
    ]);
  });

  it('gives up after 15 attempts when the aggregate never appears, without enrolling', async () => {
    const aggregate = offered();
    const { calls } = stubEnrolmentApi({
      aggregate,
      hasAccess: true,
      emptyPollsBeforeAggregate: Infinity,
    });

    const running = addToMyCourses(aggregate.objective.id, { newId });
    let settled = false;
    void running.then(() => (settled = true));
    // 15 attempts have 14 pauses between them; one millisecond before the last attempt it still waits.
    await vi.advanceTimersByTimeAsync(
      (ENROLMENT_POLL_ATTEMPTS - 1) * ENROLMENT_POLL_INTERVAL_MS - 1,
    );
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    await expect(running).resolves.toEqual({ kind: 'aggregateNotFound' });
    const polls = steps(calls, aggregate.objective.id).filter((step) => step === AGGREGATES);
    expect(polls).toHaveLength(ENROLMENT_POLL_ATTEMPTS);
    expect(steps(calls, aggregate.objective.id)).not.toContain(SELF_ENROL);
    // Nothing more happens afterwards.
    await vi.advanceTimersByTimeAsync(10 * ENROLMENT_POLL_INTERVAL_MS);
    expect(calls).toHaveLength(1 + ENROLMENT_POLL_ATTEMPTS);
  });

  it.each([
    ['self-enrolled', anEnrollment().offeredInCatalog().selfEnrolled()],
    ['mandatory', anEnrollment().offeredInCatalog().mandatory()],
    ['started', anEnrollment().offeredInCatalog().inProgress()],
    ['finished', anEnrollment().offeredInCatalog().finished()],
  ])('does not enrol again a course that is already %s', async (_state, builder) => {
    const aggregate = builder.named('Intro to Data').build();
    const { calls } = stubEnrolmentApi({ aggregate, hasAccess: true });

    await expect(addToMyCourses(aggregate.objective.id, { newId })).resolves.toEqual({
      kind: 'enrolled',
      courseName: 'Intro to Data',
    });
    expect(steps(calls, aggregate.objective.id)).toEqual([ACCESS_LOOKUP, AGGREGATES]);
  });

  describe('failure paths: the first message of the error body', () => {
    it('the access lookup fails with something other than 404', async () => {
      const aggregate = offered();
      const { calls } = stubEnrolmentApi({
        aggregate,
        hasAccess: true,
        accessLookup: {
          kind: 'httpError',
          status: 403,
          body: { code: 'forbidden', message: 'You may not enrol in courses.' },
        },
      });
      await expect(addToMyCourses(aggregate.objective.id, { newId })).resolves.toEqual({
        kind: 'failed',
        message: 'You may not enrol in courses.',
      });
      expect(steps(calls, aggregate.objective.id)).toEqual([ACCESS_LOOKUP]);
    });

    it('creating the objective access is refused (the course is not public)', async () => {
      const aggregate = offered();
      const { calls } = stubEnrolmentApi({
        aggregate,
        hasAccess: false,
        createObjectiveAccess: {
          kind: 'commandFailed',
          errors: { ObjectiveId: ['The course is not in the open catalog.', 'Second message'] },
        },
      });
      await expect(addToMyCourses(aggregate.objective.id, { newId })).resolves.toEqual({
        kind: 'failed',
        message: 'The course is not in the open catalog.',
      });
      expect(steps(calls, aggregate.objective.id)).toEqual([ACCESS_LOOKUP, CREATE_ACCESS]);
    });

    it('creating the objective access is rejected as a bad request', async () => {
      const aggregate = offered();
      stubEnrolmentApi({
        aggregate,
        hasAccess: false,
        createObjectiveAccess: {
          kind: 'httpError',
          status: 400,
          body: { code: 'invalid_request', message: 'The request is not valid.' },
        },
      });
      await expect(addToMyCourses(aggregate.objective.id, { newId })).resolves.toEqual({
        kind: 'failed',
        message: 'The request is not valid.',
      });
    });

    it('the aggregate query fails', async () => {
      const aggregate = offered();
      const { calls } = stubEnrolmentApi({
        aggregate,
        hasAccess: true,
        aggregatesQuery: {
          kind: 'httpError',
          status: 400,
          body: { code: 'invalid_filter', message: 'Field "objective.id" cannot be filtered.' },
        },
      });
      await expect(addToMyCourses(aggregate.objective.id, { newId })).resolves.toEqual({
        kind: 'failed',
        message: 'Field "objective.id" cannot be filtered.',
      });
      expect(steps(calls, aggregate.objective.id)).toEqual([ACCESS_LOOKUP, AGGREGATES]);
    });

    it.each([
      ['archived', 'The course is archived.'],
      ['not in the catalog', 'The course is not in your catalog.'],
      ['not yet available', 'The course is available from 2026-09-01.'],
    ])('self-enrolment is refused: %s', async (_reason, message) => {
      const aggregate = offered();
      stubEnrolmentApi({
        aggregate,
        hasAccess: true,
        createSelfEnrollment: { kind: 'commandFailed', errors: { ObjectiveAccessId: [message] } },
      });
      await expect(addToMyCourses(aggregate.objective.id, { newId })).resolves.toEqual({
        kind: 'failed',
        message,
      });
    });

    it('self-enrolment fails on the server', async () => {
      const aggregate = offered();
      stubEnrolmentApi({
        aggregate,
        hasAccess: true,
        createSelfEnrollment: { kind: 'httpError', status: 500, body: 'not json' },
      });
      await expect(addToMyCourses(aggregate.objective.id, { newId })).resolves.toEqual({
        kind: 'failed',
        message: 'Internal error. Please refresh the page and try again.',
      });
    });

    it('the network is down: no message of its own, so the caller shows the generic text', async () => {
      const aggregate = offered();
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      );
      await expect(addToMyCourses(aggregate.objective.id, { newId })).resolves.toEqual({
        kind: 'failed',
        message: null,
      });
    });
  });
});
