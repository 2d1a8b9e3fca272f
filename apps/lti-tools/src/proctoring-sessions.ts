// Proctoring sessions of the built-in tool (LTI Proctoring Services 1.0): one per verified LtiStartProctoring, in
// memory; the learner's steps in order (identity, rules, camera), a session log, and the LtiStartAssessment JWT the
// tool signs with its own key once all three steps are done.
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { PlatformRegistration } from './config.ts';
import {
  AP_CLAIM,
  LTI_CLAIM,
  type EndAssessmentClaims,
  type StartProctoringClaims,
} from './launch.ts';
import { ExpiringStore } from './memory-store.ts';
import type { ToolKey } from './tool-key.ts';

export const PROCTORING_STEPS = ['identity', 'rules', 'camera'] as const;
export type ProctoringStep = (typeof PROCTORING_STEPS)[number];

export type LogEvent = 'launched' | ProctoringStep | 'started' | 'ended';

export interface LogEntry {
  at: Date;
  event: LogEvent;
}

export const LOG_TEXT: Record<LogEvent, string> = {
  launched: 'Proctoring session opened',
  identity: 'Identity confirmed',
  rules: 'Exam rules accepted',
  camera: 'Camera on',
  started: 'Exam started',
  ended: 'Exam finished',
};

export interface ProctoringSession {
  id: string;
  platform: PlatformRegistration;
  claims: StartProctoringClaims;
  log: LogEntry[];
  started: boolean;
  ended: boolean;
}

/** A request the session refuses; `status` is the HTTP status the route answers. */
export class ProctoringRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** The message lifetime: the platform must accept the LtiStartAssessment within five minutes. */
const START_ASSESSMENT_TTL_SECONDS = 300;
const SESSION_TTL_MS = 6 * 60 * 60 * 1000;
const MAX_SESSIONS = 10_000;

function attemptKey(
  platform: PlatformRegistration,
  sub: string,
  resourceLinkId: string,
  attemptNumber: number,
): string {
  return JSON.stringify([platform.issuer, platform.clientId, sub, resourceLinkId, attemptNumber]);
}

export class ProctoringSessions {
  private readonly store = new ExpiringStore<ProctoringSession>(SESSION_TTL_MS, MAX_SESSIONS);
  /** The latest session of one (platform, user, resource link, attempt), for the end page. */
  private readonly byAttempt = new ExpiringStore<string>(SESSION_TTL_MS, MAX_SESSIONS);

  constructor(
    private readonly key: ToolKey,
    private readonly now: () => Date = () => new Date(),
  ) {}

  open(platform: PlatformRegistration, claims: StartProctoringClaims): ProctoringSession {
    const session: ProctoringSession = {
      id: randomBytes(32).toString('base64url'),
      platform,
      claims,
      log: [{ at: this.now(), event: 'launched' }],
      started: false,
      ended: false,
    };
    this.store.set(session.id, session);
    this.byAttempt.set(
      attemptKey(platform, claims.sub, claims.resourceLinkId, claims.attemptNumber),
      session.id,
    );
    return session;
  }

  find(id: string): ProctoringSession | undefined {
    return this.store.get(id);
  }

  private get(id: string): ProctoringSession {
    const session = this.find(id);
    if (!session) {
      throw new ProctoringRefusal(404, 'This proctoring session is unknown or has expired.');
    }
    if (session.ended) throw new ProctoringRefusal(409, 'This proctoring session has ended.');
    return session;
  }

  private done(session: ProctoringSession, event: LogEvent): boolean {
    return session.log.some((entry) => entry.event === event);
  }

  /** Records one step; the steps come in order, and repeating a done step changes nothing. */
  completeStep(id: string, step: ProctoringStep): ProctoringSession {
    const session = this.get(id);
    if (session.started) throw new ProctoringRefusal(409, 'The exam has already started.');
    if (this.done(session, step)) return session;
    const missing = PROCTORING_STEPS.slice(0, PROCTORING_STEPS.indexOf(step)).find(
      (earlier) => !this.done(session, earlier),
    );
    if (missing) {
      throw new ProctoringRefusal(409, `Complete the step "${LOG_TEXT[missing]}" first.`);
    }
    session.log.push({ at: this.now(), event: step });
    return session;
  }

  /**
   * Starts the exam once all steps are done: logs it and signs the LtiStartAssessment message. A second start
   * of the same session (double click, a replayed request) is refused.
   */
  async startAssessment(id: string): Promise<{ session: ProctoringSession; jwt: string }> {
    const session = this.get(id);
    const missing = PROCTORING_STEPS.find((step) => !this.done(session, step));
    if (missing) {
      throw new ProctoringRefusal(409, `Complete the step "${LOG_TEXT[missing]}" first.`);
    }
    if (session.started) throw new ProctoringRefusal(409, 'The exam has already started.');
    session.started = true;
    session.log.push({ at: this.now(), event: 'started' });
    return { session, jwt: await this.signStartAssessment(session) };
  }

  /** Ends the attempt's latest session (LtiEndAssessment); undefined when this tool does not know it. */
  end(platform: PlatformRegistration, claims: EndAssessmentClaims): ProctoringSession | undefined {
    if (claims.attemptNumber === undefined) return undefined;
    const id = this.byAttempt.get(
      attemptKey(platform, claims.sub, claims.resourceLinkId, claims.attemptNumber),
    );
    const session = id ? this.store.get(id) : undefined;
    if (!session) return undefined;
    // The platform echoes the start's session_data: another value is another session.
    if (claims.sessionData !== undefined && claims.sessionData !== session.claims.sessionData) {
      return undefined;
    }
    if (!session.ended) {
      session.ended = true;
      session.log.push({ at: this.now(), event: 'ended' });
    }
    return session;
  }

  private signStartAssessment(session: ProctoringSession): Promise<string> {
    const { claims, platform } = session;
    const user = claims.user;
    const verifiedUser: Record<string, string> = {};
    if (user.givenName) verifiedUser.given_name = user.givenName;
    if (user.familyName) verifiedUser.family_name = user.familyName;
    if (user.name) verifiedUser.name = user.name;
    if (user.email) verifiedUser.email = user.email;
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({
      nonce: randomUUID(),
      [`${LTI_CLAIM}message_type`]: 'LtiStartAssessment',
      [`${LTI_CLAIM}version`]: '1.3.0',
      [`${LTI_CLAIM}deployment_id`]: claims.deploymentId,
      [`${LTI_CLAIM}resource_link`]: { id: claims.resourceLinkId },
      [`${AP_CLAIM}session_data`]: claims.sessionData,
      [`${AP_CLAIM}attempt_number`]: claims.attemptNumber,
      [`${AP_CLAIM}verified_user`]: verifiedUser,
    })
      .setProtectedHeader({ alg: 'RS256', kid: this.key.kid, typ: 'JWT' })
      .setIssuer(platform.clientId)
      .setAudience(platform.issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + START_ASSESSMENT_TTL_SECONDS)
      .sign(this.key.privateKey);
  }
}
