import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ObjectiveGrade } from '@portal/contracts';
import {
  formatScorePercent,
  gradeForScore,
  isAwaitingGrading,
  resultColor,
  scorePercent,
} from './grading.ts';

const grade = (name: string, normalizedMinScore: number): ObjectiveGrade => ({
  id: `00000000-0000-4000-8000-00000000000${name.length}`,
  name,
  color: '#000000',
  normalizedMinScore,
});

// Deliberately unsorted: the rule must not depend on the order the server sends.
const aToF = {
  objectiveGrades: [
    grade('C', 0.7),
    grade('F', 0),
    grade('A', 0.9),
    grade('E', 0.5),
    grade('B', 0.8),
  ],
};

describe('gradeForScore', () => {
  it.each([
    [0, 'F'],
    [0.49, 'F'],
    [0.5, 'E'],
    [0.69, 'E'],
    [0.7, 'C'],
    [0.8, 'B'],
    [0.9, 'A'],
    [1, 'A'],
  ])('gives a normalized score of %s the grade %s', (score, expected) => {
    expect(gradeForScore(aToF, score)?.name).toBe(expected);
  });

  it('gives the lowest grade when the score meets no threshold', () => {
    const scale = { objectiveGrades: [grade('Pass', 0.6), grade('Merit', 0.8)] };
    expect(gradeForScore(scale, 0.1)?.name).toBe('Pass');
  });

  it('has no grade on an empty scale', () => {
    expect(gradeForScore({ objectiveGrades: [] }, 0.5)).toBeNull();
  });

  it('never gives a grade whose threshold is above the score unless none is met', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (score) => {
        const result = gradeForScore(aToF, score);
        expect(result).not.toBeNull();
        expect(result!.normalizedMinScore).toBeLessThanOrEqual(score);
        const better = aToF.objectiveGrades.filter(
          (g) => g.normalizedMinScore <= score && g.normalizedMinScore > result!.normalizedMinScore,
        );
        expect(better).toEqual([]);
      }),
    );
  });
});

describe('scorePercent and formatScorePercent', () => {
  it.each([
    [{ score: 0.85, maxScore: 1, normalizedScore: 0.85 }, '85%'],
    [{ score: 0.29, maxScore: 1, normalizedScore: null }, '29%'],
    [{ score: 17, maxScore: 20, normalizedScore: 0.85 }, '85%'],
    [{ score: 17, maxScore: 20, normalizedScore: null }, '85%'],
    [{ score: 2, maxScore: 3, normalizedScore: 0.6667 }, '67%'],
    [{ score: null, maxScore: null, normalizedScore: null }, null],
  ])('shows %j as %s', (result, expected) => {
    expect(formatScorePercent(result)).toBe(expected);
  });

  it('is a whole number between 0 and 100 for in-range scores', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 2, max: 1000 }),
        (n, max) => {
          const percent = scorePercent({ score: n * max, maxScore: max, normalizedScore: n });
          expect(Number.isInteger(percent)).toBe(true);
          expect(percent).toBeGreaterThanOrEqual(0);
          expect(percent).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});

describe('resultColor', () => {
  it.each([
    [{ score: 20, maxScore: 20, normalizedScore: 1 }, 'success'],
    [{ score: 0, maxScore: 0, normalizedScore: 0 }, 'success'],
    [{ score: 16, maxScore: 20, normalizedScore: 0.8 }, 'success'],
    [{ score: 15, maxScore: 20, normalizedScore: 0.79 }, 'accent'],
    [{ score: 8, maxScore: 20, normalizedScore: 0.4 }, 'accent'],
    [{ score: 7, maxScore: 20, normalizedScore: 0.39 }, 'danger'],
    [{ score: 7, maxScore: 20, normalizedScore: null }, 'danger'],
    [{ score: 9, maxScore: 10, normalizedScore: null }, 'success'],
  ] as const)('colours %j as %s', (result, expected) => {
    expect(resultColor(result)).toBe(expected);
  });

  it('never ranks a higher score below a lower one', () => {
    const rank = { danger: 0, accent: 1, success: 2 } as const;
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const colour = (n: number) =>
            resultColor({ score: n * 50, maxScore: 100, normalizedScore: n });
          expect(rank[colour(low)]).toBeLessThanOrEqual(rank[colour(high)]);
        },
      ),
    );
  });
});

describe('isAwaitingGrading', () => {
  it.each([
    [{ passed: null, finished: '2026-03-01T10:00:00Z' }, true],
    [{ passed: true, finished: '2026-03-01T10:00:00Z' }, false],
    [{ passed: false, finished: '2026-03-01T10:00:00Z' }, false],
    [{ passed: null, finished: null }, false],
  ])('%j awaiting grading: %s', (record, expected) => {
    expect(isAwaitingGrading(record)).toBe(expected);
  });
});
