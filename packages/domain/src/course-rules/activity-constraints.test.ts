import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ActivityState,
  ResultsDisclosurePolicy,
  ReviewPolicy,
  WorkflowState,
  type ActivityConstraint,
} from '@portal/contracts';
import {
  DISABLED_REASONS,
  activityDisabledReason,
  activityStartBlockReason,
  disabledReasonMessageKey,
  isActivityResultDisclosed,
  isActivityStartable,
  isLockedItem,
  nextConstraintChange,
  pastDueNotice,
  type ActivityRuleContext,
} from './activity-constraints.ts';
import { anActivity } from './testing/activity-node-builder.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const past = '2026-03-01T00:00:00.000Z';
const future = '2026-04-01T00:00:00.000Z';
const ctx: ActivityRuleContext = {
  now,
  reviewMode: false,
  objectiveFinished: false,
  gradeRevealed: true,
};

describe('activityDisabledReason', () => {
  it.each([
    ['a ready activity', anActivity(), null],
    ['an expired activity', anActivity().withState(ActivityState.expired), null],
    ['a draft', anActivity().withState(ActivityState.draft), 'comingSoon'],
    ['an archived activity', anActivity().withState(ActivityState.archived), 'comingSoon'],
    ['a gate not yet open', anActivity().unavailable(), 'completePrevious'],
    [
      'grace period over, unstarted',
      anActivity().withConstraint({ gracePeriodUntil: past }),
      'gracePeriodOver',
    ],
    [
      'grace period over, in progress',
      anActivity()
        .withConstraint({ gracePeriodUntil: past })
        .withWorkflow(WorkflowState.inProgress),
      'gracePeriodOver',
    ],
    [
      'grace period over, finished: reviewable',
      anActivity().withConstraint({ gracePeriodUntil: past }).withWorkflow(WorkflowState.finished),
      null,
    ],
    ['grace period ahead', anActivity().withConstraint({ gracePeriodUntil: future }), null],
    [
      'accessible-until passed',
      anActivity().withConstraint({ accessibleUntil: past }),
      'accessibleUntilPassed',
    ],
    [
      'accessible-until passed, even when finished',
      anActivity().withConstraint({ accessibleUntil: past }).withWorkflow(WorkflowState.finished),
      'accessibleUntilPassed',
    ],
    ['before startFrom', anActivity().withConstraint({ startFrom: future }), 'beforeStart'],
    ['after startFrom', anActivity().withConstraint({ startFrom: past }), null],
    [
      'after startUntil, unstarted',
      anActivity().withConstraint({ startUntil: past }),
      'startDeadlinePassed',
    ],
    [
      'after startUntil, started',
      anActivity().withConstraint({ startUntil: past }).withWorkflow(WorkflowState.inProgress),
      null,
    ],
    ['due passed is informational', anActivity().withConstraint({ due: past }), null],
    ['content unavailable', anActivity().contentUnavailable(), 'constraint'],
    [
      'review policy never, finished',
      anActivity()
        .withConstraint({ reviewPolicy: ReviewPolicy.never })
        .withWorkflow(WorkflowState.finished),
      'reviewHidden',
    ],
    [
      'review policy never, still in progress',
      anActivity()
        .withConstraint({ reviewPolicy: ReviewPolicy.never })
        .withWorkflow(WorkflowState.inProgress),
      null,
    ],
    [
      'submitted: in grading hides review',
      anActivity().withWorkflow(WorkflowState.submitted),
      'reviewHidden',
    ],
    [
      'results never disclosed hide review',
      anActivity()
        .withConstraint({ resultsDisclosurePolicy: ResultsDisclosurePolicy.never })
        .withWorkflow(WorkflowState.finished),
      'reviewHidden',
    ],
    // Priority: every earlier reason wins over every later one.
    [
      'draft wins over everything',
      anActivity()
        .withState(ActivityState.draft)
        .unavailable()
        .contentUnavailable()
        .withConstraint({
          gracePeriodUntil: past,
          accessibleUntil: past,
          startFrom: future,
          startUntil: past,
        }),
      'comingSoon',
    ],
    [
      'gate wins over time constraints',
      anActivity().unavailable().withConstraint({ gracePeriodUntil: past, accessibleUntil: past }),
      'completePrevious',
    ],
    [
      'grace period wins over accessible-until',
      anActivity().withConstraint({ gracePeriodUntil: past, accessibleUntil: past }),
      'gracePeriodOver',
    ],
    [
      'accessible-until wins over before start',
      anActivity().withConstraint({ accessibleUntil: past, startFrom: future }),
      'accessibleUntilPassed',
    ],
    [
      'before start wins over start deadline',
      anActivity().withConstraint({ startFrom: future, startUntil: past }),
      'beforeStart',
    ],
    [
      'start deadline wins over content unavailable',
      anActivity().contentUnavailable().withConstraint({ startUntil: past }),
      'startDeadlinePassed',
    ],
    [
      'review hidden wins over content unavailable',
      anActivity().contentUnavailable().withWorkflow(WorkflowState.inGrading),
      'reviewHidden',
    ],
  ])('%s', (_, builder, expected) => {
    expect(activityDisabledReason(builder.build(), ctx)).toBe(expected);
  });

  it.each([
    [
      'afterSubmission, finished',
      ReviewPolicy.afterSubmission,
      WorkflowState.finished,
      true,
      null,
      null,
    ],
    [
      'afterSubmission, in progress in review mode',
      ReviewPolicy.afterSubmission,
      WorkflowState.inProgress,
      true,
      null,
      'reviewHidden',
    ],
    [
      'afterRevealingResults, grade revealed',
      ReviewPolicy.afterRevealingResults,
      WorkflowState.finished,
      true,
      null,
      null,
    ],
    [
      'afterRevealingResults, grade hidden',
      ReviewPolicy.afterRevealingResults,
      WorkflowState.finished,
      false,
      null,
      'reviewHidden',
    ],
    [
      'afterRevealingResults, reveal date ahead',
      ReviewPolicy.afterRevealingResults,
      WorkflowState.finished,
      true,
      future,
      'reviewHidden',
    ],
    [
      'afterRevealingResults, reveal date passed',
      ReviewPolicy.afterRevealingResults,
      WorkflowState.finished,
      true,
      past,
      null,
    ],
    ['unknown review policy', 99, WorkflowState.finished, true, null, 'reviewHidden'],
  ] as const)(
    'review mode: %s',
    (_, reviewPolicy, state, gradeRevealed, revealResultsFrom, expected) => {
      const node = anActivity()
        .withConstraint({ reviewPolicy, revealResultsFrom })
        .withWorkflow(state)
        .build();
      expect(
        activityDisabledReason(node, {
          ...ctx,
          reviewMode: true,
          objectiveFinished: true,
          gradeRevealed,
        }),
      ).toBe(expected);
    },
  );

  it('in review mode an item without a workflow has no reason but is locked once the course is finished', () => {
    const node = anActivity().build();
    const review = { ...ctx, reviewMode: true, objectiveFinished: true };
    expect(activityDisabledReason(node, review)).toBeNull();
    expect(isLockedItem(node, review)).toBe(true);
    expect(isLockedItem(anActivity().withWorkflow(WorkflowState.finished).build(), review)).toBe(
      false,
    );
  });

  it('flips at the exact constraint instants', () => {
    const at = new Date(past);
    const before = new Date(at.getTime() - 1);
    const startFrom = anActivity().withConstraint({ startFrom: past }).build();
    expect(activityDisabledReason(startFrom, { ...ctx, now: before })).toBe('beforeStart');
    expect(activityDisabledReason(startFrom, { ...ctx, now: at })).toBeNull();
    const until = anActivity().withConstraint({ accessibleUntil: past }).build();
    expect(activityDisabledReason(until, { ...ctx, now: before })).toBeNull();
    expect(activityDisabledReason(until, { ...ctx, now: at })).toBe('accessibleUntilPassed');
  });
});

describe('isActivityResultDisclosed', () => {
  const constraint = (values: Partial<ActivityConstraint>): ActivityConstraint => ({
    ...anActivity().withConstraint(values).build().activityConstraint!,
  });
  it.each([
    ['no constraint', null, null, null, true],
    [
      'always',
      constraint({ resultsDisclosurePolicy: ResultsDisclosurePolicy.always }),
      null,
      null,
      true,
    ],
    [
      'never',
      constraint({ resultsDisclosurePolicy: ResultsDisclosurePolicy.never }),
      WorkflowState.finished,
      1,
      false,
    ],
    [
      'afterDate passed',
      constraint({
        resultsDisclosurePolicy: ResultsDisclosurePolicy.afterDate,
        resultsDisclosureFrom: past,
      }),
      null,
      null,
      true,
    ],
    [
      'afterDate ahead',
      constraint({
        resultsDisclosurePolicy: ResultsDisclosurePolicy.afterDate,
        resultsDisclosureFrom: future,
      }),
      null,
      null,
      false,
    ],
    [
      'afterScore reached',
      constraint({
        resultsDisclosurePolicy: ResultsDisclosurePolicy.afterScore,
        resultsDisclosureAbove: 0.6,
      }),
      null,
      0.6,
      true,
    ],
    [
      'afterScore below',
      constraint({
        resultsDisclosurePolicy: ResultsDisclosurePolicy.afterScore,
        resultsDisclosureAbove: 0.6,
      }),
      null,
      0.59,
      false,
    ],
    [
      'afterScore without score',
      constraint({
        resultsDisclosurePolicy: ResultsDisclosurePolicy.afterScore,
        resultsDisclosureAbove: 0.6,
      }),
      null,
      null,
      false,
    ],
    [
      'afterFinish finished',
      constraint({ resultsDisclosurePolicy: ResultsDisclosurePolicy.afterFinish }),
      WorkflowState.finished,
      null,
      true,
    ],
    [
      'afterFinish in progress',
      constraint({ resultsDisclosurePolicy: ResultsDisclosurePolicy.afterFinish }),
      WorkflowState.inProgress,
      null,
      false,
    ],
  ] as const)('%s', (_, value, state, best, expected) => {
    expect(isActivityResultDisclosed(value, state === null ? null : { state }, best, now)).toBe(
      expected,
    );
  });
});

const isoArbitrary = fc
  .integer({ min: -1000, max: 1000 })
  .map((minutes) => new Date(now.getTime() + minutes * 60_000).toISOString());
const nodeArbitrary = fc
  .record({
    state: fc.constantFrom(1, 2, 3, 4),
    available: fc.boolean(),
    contentAvailable: fc.boolean(),
    workflowState: fc.constantFrom(null, 1, 2, 3, 4, 5, 6),
    startFrom: fc.option(isoArbitrary),
    startUntil: fc.option(isoArbitrary),
    accessibleUntil: fc.option(isoArbitrary),
    gracePeriodUntil: fc.option(isoArbitrary),
    reviewPolicy: fc.constantFrom(null, 0, 1, 2, 3),
  })
  .map((values) => {
    let builder = anActivity().withState(values.state).withConstraint({
      startFrom: values.startFrom,
      startUntil: values.startUntil,
      accessibleUntil: values.accessibleUntil,
      gracePeriodUntil: values.gracePeriodUntil,
      reviewPolicy: values.reviewPolicy,
    });
    if (!values.available) builder = builder.unavailable();
    if (!values.contentAvailable) builder = builder.contentUnavailable();
    if (values.workflowState !== null) builder = builder.withWorkflow(values.workflowState);
    return builder.build();
  });

describe('isActivityStartable', () => {
  it('agrees with the disabled reason for activities the learner has not started', () => {
    fc.assert(
      fc.property(nodeArbitrary, (node) => {
        node.activityWorkflowAggregate.lastActivityWorkflow = null;
        expect(isActivityStartable(node, now)).toBe(activityDisabledReason(node, ctx) === null);
      }),
    );
  });

  it('is refused exactly when a start block reason exists, and that reason is a known one', () => {
    fc.assert(
      fc.property(nodeArbitrary, (node) => {
        const reason = activityStartBlockReason(node, now);
        expect(reason === null).toBe(isActivityStartable(node, now));
        if (reason !== null) expect(DISABLED_REASONS).toContain(reason);
      }),
    );
  });

  it('is never startable when a disabled item is not a review', () => {
    fc.assert(
      fc.property(nodeArbitrary, (node) => {
        const reason = activityDisabledReason(node, ctx);
        if (reason !== null && reason !== 'reviewHidden')
          expect(isActivityStartable(node, now)).toBe(false);
        if (reason !== null) expect(isLockedItem(node, ctx)).toBe(true);
      }),
    );
  });
});

describe('pastDueNotice', () => {
  const later = '2026-03-12T00:00:00.000Z';

  it('notes a due date that has passed while the grace period still runs, naming its end', () => {
    const node = anActivity().withConstraint({ due: past, gracePeriodUntil: later }).build();
    expect(pastDueNotice(node, now)).toEqual({ due: past, gracePeriodUntil: later });
    // Informational only: the activity stays open.
    expect(activityDisabledReason(node, ctx)).toBeNull();
    expect(isActivityStartable(node, now)).toBe(true);
  });

  it('notes a passed due date without a grace period, and one for work in progress', () => {
    expect(pastDueNotice(anActivity().withConstraint({ due: past }).build(), now)).toEqual({
      due: past,
      gracePeriodUntil: null,
    });
    const started = anActivity()
      .withConstraint({ due: past })
      .withWorkflow(WorkflowState.inProgress)
      .build();
    expect(pastDueNotice(started, now)?.due).toBe(past);
  });

  it('says nothing before the due date, for submitted work, or once the grace period has ended', () => {
    expect(pastDueNotice(anActivity().withConstraint({ due: future }).build(), now)).toBeNull();
    const submitted = anActivity()
      .withConstraint({ due: past })
      .withWorkflow(WorkflowState.finished)
      .build();
    expect(pastDueNotice(submitted, now)).toBeNull();
    const over = anActivity().withConstraint({
      due: '2026-02-01T00:00:00.000Z',
      gracePeriodUntil: past,
    });
    expect(pastDueNotice(over.build(), now)).toBeNull();
    expect(pastDueNotice(anActivity().build(), now)).toBeNull();
  });
});

describe('disabledReasonMessageKey', () => {
  it('gives each reason its own key', () => {
    const keys = DISABLED_REASONS.map(disabledReasonMessageKey);
    expect(new Set(keys).size).toBe(DISABLED_REASONS.length);
    expect(disabledReasonMessageKey('completePrevious')).toBe('activityDisabled.completePrevious');
  });
});

describe('nextConstraintChange', () => {
  it('finds the soonest future constraint time anywhere in the tree', () => {
    const tree = anActivity()
      .withConstraint({ startFrom: past, due: '2026-03-10T12:30:00.000Z' })
      .withChildren(
        anActivity().withConstraint({ accessibleUntil: '2026-03-20T00:00:00.000Z' }),
        anActivity().withChildren(
          anActivity().withConstraint({ revealResultsFrom: '2026-03-11T00:00:00.000Z' }),
          anActivity().withConstraint({ gracePeriodUntil: '2026-03-10T12:00:00.000Z' }),
        ),
      )
      .buildRoot();
    expect(nextConstraintChange(tree, now)?.toISOString()).toBe('2026-03-11T00:00:00.000Z');
  });

  it('is null when nothing lies ahead', () => {
    expect(
      nextConstraintChange(anActivity().withChildren(anActivity()).buildRoot(), now),
    ).toBeNull();
  });

  it('returns a time after now that is no later than any future constraint time', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            startFrom: fc.option(isoArbitrary),
            startUntil: fc.option(isoArbitrary),
            resultsDisclosureFrom: fc.option(isoArbitrary),
          }),
          { maxLength: 6 },
        ),
        (constraints) => {
          const tree = anActivity()
            .withChildren(...constraints.map((values) => anActivity().withConstraint(values)))
            .buildRoot();
          const times = constraints
            .flatMap((values) => [
              values.startFrom,
              values.startUntil,
              values.resultsDisclosureFrom,
            ])
            .filter((value): value is string => value !== null)
            .map((value) => Date.parse(value))
            .filter((time) => time > now.getTime());
          const next = nextConstraintChange(tree, now);
          if (times.length === 0) expect(next).toBeNull();
          else expect(next?.getTime()).toBe(Math.min(...times));
        },
      ),
    );
  });
});
