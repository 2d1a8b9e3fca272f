// The built-in tool's Fastify app: OIDC login, LTI launch (the quiz; proctoring start and end), quiz submit with AGS
// score, the proctoring steps and LtiStartAssessment, JWKS, the stylesheet and the proctoring script.
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ToolConfig } from './config.ts';
import { errorPage, sendPage, STYLESHEET, STYLESHEET_PATH, type PagePolicy } from './html.ts';
import { LaunchError, PlatformKeySets, verifyLaunch, type VerifiedLaunch } from './launch.ts';
import { LoginError, LoginFlow, STATE_TTL_MS, stateCookieName, type LoginStart } from './login.ts';
import { answerField, quizPage, resultPage, SESSION_FIELD } from './quiz-pages.ts';
import { DEFAULT_QUIZ_ID, findQuiz, type Answers, type Quiz } from './quizzes.ts';
import {
  PROCTORING_SCRIPT_PATH,
  proctoringEndPage,
  proctoringStartPage,
} from './proctoring-pages.ts';
import { PROCTORING_SCRIPT } from './proctoring-script.ts';
import {
  PROCTORING_STEPS,
  ProctoringRefusal,
  ProctoringSessions,
  type LogEntry,
  type ProctoringStep,
} from './proctoring-sessions.ts';
import { QuizSessions } from './sessions.ts';
import { loadToolKey } from './tool-key.ts';

type Fields = Record<string, unknown>;

function fieldsOf(value: unknown): Fields {
  return typeof value === 'object' && value !== null ? (value as Fields) : {};
}

function text(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function answersFrom(fields: Fields, quiz: Quiz): Answers {
  const answers: Answers = {};
  for (const question of quiz.questions) {
    const value = fields[answerField(question.id)];
    const values = Array.isArray(value) ? value : [value];
    answers[question.id] = values.filter((entry): entry is string => typeof entry === 'string');
  }
  return answers;
}

interface CookieSettings {
  path: string;
  secure: boolean;
}

function cookieSettings(publicUrl: string): CookieSettings {
  const url = new URL(publicUrl);
  return {
    path: `${url.pathname.replace(/\/+$/, '')}/launch`,
    secure: url.protocol === 'https:',
  };
}

/** HttpOnly; under https SameSite=None; Secure; Partitioned (works in the portal's iframe), else SameSite=Lax. */
function stateCookieOptions(settings: CookieSettings, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    path: settings.path,
    maxAge: maxAgeSeconds,
    sameSite: settings.secure ? ('none' as const) : ('lax' as const),
    secure: settings.secure,
    partitioned: settings.secure,
  };
}

export async function createToolApp(config: ToolConfig): Promise<FastifyInstance> {
  const key = await loadToolKey(config.keyFile);
  const logins = new LoginFlow(config.platforms, config.publicUrl);
  const keySets = new PlatformKeySets();
  const sessions = new QuizSessions(key);
  const proctoring = new ProctoringSessions(key);
  const cookies = cookieSettings(config.publicUrl);
  const app = Fastify({ logger: { level: config.logLevel }, bodyLimit: 64 * 1024 });
  await app.register(cookie);
  await app.register(formbody);

  const page = (
    reply: FastifyReply,
    status: number,
    content: Parameters<typeof sendPage>[2],
    policy?: PagePolicy,
  ) => sendPage(reply, status, content, config.frameAncestors, policy);
  const launchFailed = (reply: FastifyReply, message: string) =>
    page(
      reply,
      400,
      errorPage(
        'The quiz could not start',
        message,
        'Go back to the course and open the activity again. If this keeps happening, tell the course support.',
      ),
    );

  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return page(
      reply,
      status,
      errorPage(
        status === 500 ? 'Something went wrong' : 'The request could not be read',
        status === 500
          ? 'The quiz tool met an unexpected error.'
          : 'The quiz tool could not read this request.',
        'Go back to the course and open the activity again.',
      ),
    );
  });

  app.get('/', (_request, reply) =>
    page(reply, 200, {
      title: 'Quiz (built-in tool)',
      body: `<h1>Quiz (built-in tool)</h1>
<p>This is an LTI 1.3 tool. Open its quizzes from a course in your learning portal.</p>`,
    }),
  );

  app.get(STYLESHEET_PATH, (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(STYLESHEET),
  );

  app.get(PROCTORING_SCRIPT_PATH, (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(PROCTORING_SCRIPT),
  );

  app.get('/.well-known/jwks.json', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send({ keys: [key.publicJwk] }),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/login',
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      let login: LoginStart;
      try {
        login = logins.start({ ...fieldsOf(request.query), ...fieldsOf(request.body) });
      } catch (error) {
        if (error instanceof LoginError) return launchFailed(reply, error.message);
        throw error;
      }
      return reply
        .setCookie(
          stateCookieName(login.state),
          login.browserBinding,
          stateCookieOptions(cookies, STATE_TTL_MS / 1000),
        )
        .header('cache-control', 'no-store')
        .redirect(login.redirectUrl, 302);
    },
  });

  app.post('/launch', async (request, reply) => {
    const body = fieldsOf(request.body);
    const platformError = text(body, 'error');
    if (platformError) {
      const description = text(body, 'error_description');
      return launchFailed(
        reply,
        `The platform refused the launch: ${platformError}${description ? ` (${description})` : ''}.`,
      );
    }
    const state = text(body, 'state');
    if (!state) return launchFailed(reply, 'The launch carries no state.');
    const idToken = text(body, 'id_token');
    if (!idToken) return launchFailed(reply, 'The launch carries no id_token.');
    const login = logins.take(state, request.cookies[stateCookieName(state)]);
    if (login === 'unknown') {
      return launchFailed(reply, 'The launch state is unknown, already used or expired.');
    }
    if (login === 'no-cookie') {
      return launchFailed(
        reply,
        'The state cookie of this launch is missing or does not match (the browser may block cookies for this tool).',
      );
    }
    reply.clearCookie(stateCookieName(state), stateCookieOptions(cookies, 0));
    let launch: VerifiedLaunch;
    try {
      launch = await verifyLaunch(idToken, login, keySets);
    } catch (error) {
      if (error instanceof LaunchError) return launchFailed(reply, error.message);
      throw error;
    }
    if (launch.messageType === 'LtiStartProctoring') {
      const session = proctoring.open(login.platform, launch.claims);
      return page(reply, 200, proctoringStartPage(session), {
        platformOrigin: new URL(launch.claims.startAssessmentUrl).origin,
        camera: true,
      });
    }
    if (launch.messageType === 'LtiEndAssessment') {
      const ended = proctoring.end(login.platform, launch.claims);
      return page(
        reply,
        200,
        proctoringEndPage(launch.claims.resourceLinkTitle, ended, launch.claims.returnUrl),
      );
    }
    const claims = launch.claims;
    const quizId = claims.custom.quiz ?? DEFAULT_QUIZ_ID;
    const quiz = findQuiz(quizId);
    if (!quiz) return launchFailed(reply, `The activity asks for an unknown quiz "${quizId}".`);
    return page(reply, 200, quizPage(sessions.open(login.platform, claims, quiz)));
  });

  app.post('/submit', async (request, reply) => {
    const body = fieldsOf(request.body);
    const sessionId = text(body, SESSION_FIELD);
    const session = sessionId ? sessions.find(sessionId) : undefined;
    if (!session) {
      return page(
        reply,
        400,
        errorPage(
          'The quiz session has ended',
          'This quiz session is unknown or has expired, so the answers were not graded.',
          'Go back to the course and open the activity again.',
        ),
      );
    }
    // A retry only resends an earlier submission; without one, the posted answers are graded.
    const retried = text(body, 'retry') === '1' ? await sessions.retry(session) : undefined;
    const submission = retried ?? (await sessions.submit(session, answersFrom(body, session.quiz)));
    return page(reply, 200, resultPage(session, submission.result, submission.score));
  });

  const logJson = (log: LogEntry[]) =>
    log.map((entry) => ({ at: entry.at.toISOString(), event: entry.event }));
  const proctoringRefused = (reply: FastifyReply, error: unknown) => {
    if (error instanceof ProctoringRefusal) {
      return reply.code(error.status).send({ message: error.message });
    }
    throw error;
  };

  // The start page's steps and start, as JSON; the session id (32 random bytes, only in that page) is the secret.
  app.post('/proctoring/step', (request, reply) => {
    const body = fieldsOf(request.body);
    const sessionId = text(body, 'session');
    const step = text(body, 'step');
    if (!sessionId || !PROCTORING_STEPS.includes(step as ProctoringStep)) {
      return reply.code(400).send({ message: 'The request names no session or no known step.' });
    }
    try {
      const session = proctoring.completeStep(sessionId, step as ProctoringStep);
      return reply.header('cache-control', 'no-store').send({ log: logJson(session.log) });
    } catch (error) {
      return proctoringRefused(reply, error);
    }
  });

  app.post('/proctoring/start', async (request, reply) => {
    const sessionId = text(fieldsOf(request.body), 'session');
    if (!sessionId) return reply.code(400).send({ message: 'The request names no session.' });
    try {
      const { session, jwt } = await proctoring.startAssessment(sessionId);
      return reply.header('cache-control', 'no-store').send({
        jwt,
        startAssessmentUrl: session.claims.startAssessmentUrl,
        log: logJson(session.log),
      });
    } catch (error) {
      return proctoringRefused(reply, error);
    }
  });

  return app;
}
