// Quiz sessions (one per verified launch, in memory) and their single submission: grade once, send the score, retry.
import { randomBytes } from 'node:crypto';
import { ScoreNotSent, sendScore } from './ags.ts';
import type { PlatformRegistration } from './config.ts';
import { AGS_SCORE_SCOPE, type LaunchClaims } from './launch.ts';
import { ExpiringStore } from './memory-store.ts';
import { gradeQuiz, type Answers, type Quiz, type QuizResult } from './quizzes.ts';
import type { ToolKey } from './tool-key.ts';

export type ScoreState =
  | { status: 'sending'; done: Promise<void> }
  | { status: 'sent' }
  | { status: 'failed'; reason: string }
  | { status: 'unavailable'; reason: string };

export interface Submission {
  result: QuizResult;
  score: ScoreState;
}

export interface ToolSession {
  id: string;
  platform: PlatformRegistration;
  claims: LaunchClaims;
  quiz: Quiz;
  submission: Submission | undefined;
}

const SESSION_TTL_MS = 3 * 60 * 60 * 1000;
const MAX_SESSIONS = 10_000;

export class QuizSessions {
  private readonly store = new ExpiringStore<ToolSession>(SESSION_TTL_MS, MAX_SESSIONS);

  constructor(private readonly key: ToolKey) {}

  open(platform: PlatformRegistration, claims: LaunchClaims, quiz: Quiz): ToolSession {
    const session: ToolSession = {
      id: randomBytes(32).toString('base64url'),
      platform,
      claims,
      quiz,
      submission: undefined,
    };
    this.store.set(session.id, session);
    return session;
  }

  find(id: string): ToolSession | undefined {
    return this.store.get(id);
  }

  /**
   * Grades the answers and sends the score, once per session: a later call (double click, reload) waits for
   * the first one and returns its submission; answers given then are ignored.
   */
  async submit(session: ToolSession, answers: Answers): Promise<Submission> {
    if (!session.submission) {
      const result = gradeQuiz(session.quiz, answers);
      session.submission = { result, score: this.startSending(session, result) };
    }
    return this.settled(session.submission);
  }

  /** Sends the score again after a failure; does nothing once it was sent (or while it is being sent). */
  async retry(session: ToolSession): Promise<Submission | undefined> {
    const submission = session.submission;
    if (!submission) return undefined;
    if (submission.score.status === 'failed') {
      submission.score = this.startSending(session, submission.result);
    }
    return this.settled(submission);
  }

  private async settled(submission: Submission): Promise<Submission> {
    if (submission.score.status === 'sending') await submission.score.done;
    return submission;
  }

  private startSending(session: ToolSession, result: QuizResult): ScoreState {
    const { lineItemUrl, agsScopes, sub } = session.claims;
    if (!lineItemUrl || !agsScopes.includes(AGS_SCORE_SCOPE)) {
      return {
        status: 'unavailable',
        reason: 'the course did not allow this quiz to report scores for this activity.',
      };
    }
    const done = sendScore(this.key, {
      platform: session.platform,
      lineItemUrl,
      userId: sub,
      scoreGiven: result.scoreGiven,
      scoreMaximum: result.scoreMaximum,
    }).then(
      () => this.finish(session, { status: 'sent' }),
      (error: unknown) =>
        this.finish(session, {
          status: 'failed',
          reason: error instanceof ScoreNotSent ? error.message : 'The score could not be sent.',
        }),
    );
    return { status: 'sending', done };
  }

  private finish(session: ToolSession, score: ScoreState): void {
    if (session.submission) session.submission.score = score;
  }
}
