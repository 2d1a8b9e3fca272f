// The quizzes this tool serves (chosen by the launch's custom parameter `quiz`) and their pure grading.

export interface QuizOption {
  id: string;
  text: string;
}

export type Question =
  | { kind: 'single'; id: string; prompt: string; options: QuizOption[]; correct: string }
  | { kind: 'multiple'; id: string; prompt: string; options: QuizOption[]; correct: string[] }
  | { kind: 'text'; id: string; prompt: string; hint: string; accepted: string[] };

export interface Quiz {
  id: string;
  title: string;
  questions: Question[];
}

/** What a learner gave per question id: the chosen option ids, or the typed text as one entry. */
export type Answers = Record<string, string[]>;

export interface QuestionResult {
  questionId: string;
  correct: boolean;
  /** The learner's answer in words (option texts or the typed text); empty when unanswered. */
  given: string[];
  /** The right answer in words. */
  expected: string[];
}

export interface QuizResult {
  quizId: string;
  scoreGiven: number;
  scoreMaximum: number;
  questions: QuestionResult[];
}

export const DEFAULT_QUIZ_ID = 'web-basics';
export const TEXT_ANSWER_MAX_LENGTH = 200;

export const QUIZZES: readonly Quiz[] = [
  {
    id: 'web-basics',
    title: 'Web basics quiz',
    questions: [
      {
        kind: 'single',
        id: 'html',
        prompt: 'What does HTML describe?',
        options: [
          { id: 'structure', text: 'The structure and meaning of a page' },
          { id: 'styling', text: 'The colours and layout of a page' },
          { id: 'database', text: 'The tables of a database' },
        ],
        correct: 'structure',
      },
      {
        kind: 'multiple',
        id: 'http-methods',
        prompt: 'Which of these are HTTP request methods? Select all that apply.',
        options: [
          { id: 'get', text: 'GET' },
          { id: 'post', text: 'POST' },
          { id: 'fetch', text: 'FETCH' },
          { id: 'delete', text: 'DELETE' },
        ],
        correct: ['get', 'post', 'delete'],
      },
      {
        kind: 'text',
        id: 'alt-attribute',
        prompt: 'Which HTML attribute gives an image a text alternative for screen reader users?',
        hint: 'Type the attribute name.',
        accepted: ['alt', 'alt attribute'],
      },
      {
        kind: 'single',
        id: 'not-found',
        prompt: 'Which HTTP status code means "Not Found"?',
        options: [
          { id: '200', text: '200' },
          { id: '301', text: '301' },
          { id: '404', text: '404' },
          { id: '500', text: '500' },
        ],
        correct: '404',
      },
    ],
  },
  {
    id: 'security-basics',
    title: 'Security basics quiz',
    questions: [
      {
        kind: 'single',
        id: 'phishing',
        prompt:
          'An email asks you to confirm your password through a link. What is the safest reaction?',
        options: [
          { id: 'click', text: 'Follow the link and confirm the password' },
          { id: 'reply', text: 'Reply with the password' },
          { id: 'report', text: 'Do not follow the link and report the email' },
        ],
        correct: 'report',
      },
      {
        kind: 'multiple',
        id: 'passwords',
        prompt: 'Which habits make passwords safer? Select all that apply.',
        options: [
          { id: 'manager', text: 'Using a password manager' },
          { id: 'reuse', text: 'Reusing one strong password everywhere' },
          { id: 'long', text: 'Choosing long passphrases' },
          { id: 'share', text: 'Sharing passwords with trusted colleagues' },
        ],
        correct: ['manager', 'long'],
      },
      {
        kind: 'text',
        id: 'mfa',
        prompt: 'What does the abbreviation MFA stand for?',
        hint: 'Write the three words.',
        accepted: ['multi-factor authentication', 'multifactor authentication'],
      },
    ],
  },
];

export function findQuiz(id: string): Quiz | undefined {
  return QUIZZES.find((quiz) => quiz.id === id);
}

/** Case-, width- and space-insensitive form of a typed answer. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

function optionTexts(options: QuizOption[], ids: string[]): string[] {
  return ids.map((id) => options.find((option) => option.id === id)?.text ?? id);
}

function sameSet(given: string[], expected: string[]): boolean {
  const unique = new Set(given);
  return unique.size === expected.length && expected.every((id) => unique.has(id));
}

function gradeQuestion(question: Question, given: string[]): QuestionResult {
  switch (question.kind) {
    case 'single':
      return {
        questionId: question.id,
        correct: given.length === 1 && given[0] === question.correct,
        given: optionTexts(question.options, given),
        expected: optionTexts(question.options, [question.correct]),
      };
    case 'multiple':
      return {
        questionId: question.id,
        correct: sameSet(given, question.correct),
        given: optionTexts(question.options, given),
        expected: optionTexts(question.options, question.correct),
      };
    case 'text': {
      const typed = (given[0] ?? '').slice(0, TEXT_ANSWER_MAX_LENGTH);
      const accepted = new Set(question.accepted.map(normalizeText));
      return {
        questionId: question.id,
        correct: normalizeText(typed) !== '' && accepted.has(normalizeText(typed)),
        given: typed.trim() === '' ? [] : [typed.trim()],
        expected: question.accepted.slice(0, 1),
      };
    }
  }
}

/** One point per question; a multiple-choice question needs every right option and no wrong one. */
export function gradeQuiz(quiz: Quiz, answers: Answers): QuizResult {
  const questions = quiz.questions.map((question) =>
    gradeQuestion(question, answers[question.id] ?? []),
  );
  return {
    quizId: quiz.id,
    scoreGiven: questions.filter((result) => result.correct).length,
    scoreMaximum: quiz.questions.length,
    questions,
  };
}
