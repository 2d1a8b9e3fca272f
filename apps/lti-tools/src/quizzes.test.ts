// Pure quiz grading: each question type, partial answers, an empty submission and tampered answers.
import { describe, expect, it } from 'vitest';
import { findQuiz, gradeQuiz, normalizeText, QUIZZES, type Quiz } from './quizzes.ts';

const webBasics = findQuiz('web-basics')!;
const allRight = {
  html: ['structure'],
  'http-methods': ['get', 'post', 'delete'],
  'alt-attribute': ['alt'],
  'not-found': ['404'],
};

function correctness(quiz: Quiz, answers: Record<string, string[]>) {
  return gradeQuiz(quiz, answers).questions.map((q) => [q.questionId, q.correct]);
}

describe('quiz grading', () => {
  it('gives one point per right answer', () => {
    const result = gradeQuiz(webBasics, allRight);
    expect(result).toMatchObject({ quizId: 'web-basics', scoreGiven: 4, scoreMaximum: 4 });
    expect(result.questions.every((q) => q.correct)).toBe(true);
  });

  it('grades single choice by the one chosen option', () => {
    expect(correctness(webBasics, { html: ['styling'] })[0]).toEqual(['html', false]);
    expect(correctness(webBasics, { html: ['structure'] })[0]).toEqual(['html', true]);
    // Two values for a radio group (a tampered form) are wrong, even if one is right.
    expect(correctness(webBasics, { html: ['structure', 'styling'] })[0]).toEqual(['html', false]);
  });

  it('needs every right option and no wrong one in multiple choice', () => {
    const grade = (given: string[]) =>
      gradeQuiz(webBasics, { 'http-methods': given }).questions[1]!.correct;
    expect(grade(['get', 'post', 'delete'])).toBe(true);
    expect(grade(['delete', 'get', 'post', 'get'])).toBe(true);
    expect(grade(['get', 'post'])).toBe(false);
    expect(grade(['get', 'post', 'delete', 'fetch'])).toBe(false);
    expect(grade(['get', 'post', 'delete', 'unknown-option'])).toBe(false);
  });

  it('matches short text answers without regard to case and spaces', () => {
    const grade = (typed: string) =>
      gradeQuiz(webBasics, { 'alt-attribute': [typed] }).questions[2]!.correct;
    expect(grade('alt')).toBe(true);
    expect(grade('  ALT ')).toBe(true);
    expect(grade('Alt Attribute')).toBe(true);
    expect(grade('title')).toBe(false);
    expect(grade('   ')).toBe(false);
    const security = findQuiz('security-basics')!;
    expect(
      gradeQuiz(security, { mfa: ['Multi-Factor  Authentication'] }).questions[2]!.correct,
    ).toBe(true);
    expect(normalizeText(' Ａlt\tText ')).toBe('alttext');
  });

  it('scores partial answers and reports given and expected answers in words', () => {
    const result = gradeQuiz(webBasics, {
      html: ['structure'],
      'http-methods': ['get'],
      'alt-attribute': ['title'],
      'not-found': ['404'],
    });
    expect(result.scoreGiven).toBe(2);
    expect(result.questions[1]).toEqual({
      questionId: 'http-methods',
      correct: false,
      given: ['GET'],
      expected: ['GET', 'POST', 'DELETE'],
    });
    expect(result.questions[2]).toMatchObject({ given: ['title'], expected: ['alt'] });
  });

  it('scores an empty submission as zero with every question unanswered', () => {
    const result = gradeQuiz(webBasics, {});
    expect(result.scoreGiven).toBe(0);
    expect(result.scoreMaximum).toBe(4);
    expect(result.questions.map((q) => q.given)).toEqual([[], [], [], []]);
  });

  it('has two quizzes of three or four questions with all three question types', () => {
    expect(QUIZZES.map((quiz) => quiz.title)).toEqual(['Web basics quiz', 'Security basics quiz']);
    for (const quiz of QUIZZES) {
      expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
      expect(quiz.questions.length).toBeLessThanOrEqual(4);
      expect(new Set(quiz.questions.map((q) => q.kind))).toEqual(
        new Set(['single', 'multiple', 'text']),
      );
    }
    expect(findQuiz('nope')).toBeUndefined();
  });
});
