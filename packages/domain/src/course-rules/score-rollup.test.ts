import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rollUp, type RollUpNode } from './score-rollup.ts';

function leaf(
  progress: number,
  normalizedScore: number | null,
  options: Partial<RollUpNode> = {},
): RollUpNode {
  return {
    optional: false,
    scoreWeight: 1,
    finished: progress >= 1,
    progress,
    normalizedScore,
    children: [],
    ...options,
  };
}
function composite(children: RollUpNode[], options: Partial<RollUpNode> = {}): RollUpNode {
  return {
    optional: false,
    scoreWeight: 1,
    finished: false,
    progress: 0,
    normalizedScore: null,
    children,
    ...options,
  };
}

describe('rollUp', () => {
  it.each([
    [
      'a leaf keeps its values',
      leaf(0.4, 0.7),
      { progress: 0.4, normalizedScore: 0.7, finished: false },
    ],
    ['a leaf is clamped', leaf(1.3, -0.2), { progress: 1, normalizedScore: 0, finished: true }],
    [
      'mean progress, weighted score',
      composite([leaf(1, 1, { scoreWeight: 3 }), leaf(0, null)]),
      { progress: 0.5, normalizedScore: 0.75, finished: false },
    ],
    [
      'all done',
      composite([leaf(1, 1), leaf(1, 0.5)]),
      { progress: 1, normalizedScore: 0.75, finished: true },
    ],
    [
      'optional parts count neither for progress nor score nor finishing',
      composite([leaf(1, 1), leaf(0, null, { optional: true })]),
      { progress: 1, normalizedScore: 1, finished: true },
    ],
    [
      'zero-weight parts count for progress, not for score',
      composite([leaf(1, 1), leaf(1, 0, { scoreWeight: 0 })]),
      { progress: 1, normalizedScore: 1, finished: true },
    ],
    [
      'no score anywhere',
      composite([leaf(0.5, null), leaf(0, null)]),
      { progress: 0.25, normalizedScore: null, finished: false },
    ],
    [
      'only optional children: all of them count for progress',
      composite([leaf(1, 1, { optional: true }), leaf(0, null, { optional: true })]),
      { progress: 0.5, normalizedScore: null, finished: false },
    ],
    [
      'three levels',
      composite([
        composite([leaf(1, 1), leaf(1, 0)]),
        composite([leaf(1, 1), leaf(0, null, { optional: true })], { scoreWeight: 2 }),
      ]),
      { progress: 1, normalizedScore: (0.5 + 2) / 3, finished: true },
    ],
  ])('%s', (_, node, expected) => {
    const result = rollUp(node);
    expect(result.progress).toBeCloseTo(expected.progress, 10);
    if (expected.normalizedScore === null) expect(result.normalizedScore).toBeNull();
    else expect(result.normalizedScore).toBeCloseTo(expected.normalizedScore, 10);
    expect(result.finished).toBe(expected.finished);
  });

  const leafArbitrary = fc.record({
    optional: fc.boolean(),
    scoreWeight: fc.constantFrom(0, 0.5, 1, 2, 5),
    finished: fc.boolean(),
    progress: fc.double({ min: -1, max: 2, noNaN: true }),
    normalizedScore: fc.option(fc.double({ min: -1, max: 2, noNaN: true })),
    children: fc.constant([] as RollUpNode[]),
  });
  const { tree } = fc.letrec<{ tree: RollUpNode }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leafArbitrary,
      fc.record({
        optional: fc.boolean(),
        scoreWeight: fc.constantFrom(0, 1, 2),
        finished: fc.boolean(),
        progress: fc.constant(0),
        normalizedScore: fc.constant(null),
        children: fc.array(tie('tree'), { minLength: 1, maxLength: 4 }),
      }),
    ),
  }));

  it('always yields progress and score within 0..1', () => {
    fc.assert(
      fc.property(tree, (node) => {
        const result = rollUp(node);
        expect(result.progress).toBeGreaterThanOrEqual(0);
        expect(result.progress).toBeLessThanOrEqual(1);
        if (result.normalizedScore !== null) {
          expect(result.normalizedScore).toBeGreaterThanOrEqual(0);
          expect(result.normalizedScore).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('ignores optional and zero-weight children when scoring', () => {
    fc.assert(
      fc.property(tree, fc.double({ min: 0, max: 1, noNaN: true }), (node, score) => {
        const base = composite([leaf(1, score)]);
        const withExtra = composite([
          ...base.children,
          { ...node, optional: true },
          { ...node, optional: false, scoreWeight: 0 },
        ]);
        expect(rollUp(withExtra).normalizedScore).toBeCloseTo(rollUp(base).normalizedScore!, 10);
      }),
    );
  });

  it('does not depend on the order of children', () => {
    fc.assert(
      fc.property(fc.array(tree, { minLength: 1, maxLength: 5 }), (children) => {
        const forward = rollUp(composite(children));
        const backward = rollUp(composite([...children].reverse()));
        expect(backward.progress).toBeCloseTo(forward.progress, 10);
        expect(backward.finished).toBe(forward.finished);
        if (forward.normalizedScore === null) expect(backward.normalizedScore).toBeNull();
        else expect(backward.normalizedScore).toBeCloseTo(forward.normalizedScore, 10);
      }),
    );
  });
});
