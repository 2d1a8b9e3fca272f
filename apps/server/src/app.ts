// buildApp(config): the composition root. Boot order: framework plugins → cross-cutting hooks → modules.
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import type { AppConfig } from './config.ts';
import type { AppContext } from './app-context.ts';
import { createDatabase, migrateToLatest, type DatabaseHandle } from './db/database.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { newId } from './lib/ids.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerOperationsRoutes } from './http/operations.routes.ts';
import { registerMetrics, type Metrics } from './http/metrics.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerCanonicalHost } from './http/canonical-host.ts';
import { registerSpaRoutes } from './http/spa.routes.ts';
import { registerCompression } from './http/compression.ts';
import { registerCsrfGuard } from './http/csrf.ts';
import { registerIdNormalisation } from './http/id-params.ts';
import { registerAuth } from './modules/auth/auth.routes.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { registerCoursesRoutes } from './modules/courses/courses.routes.ts';
import { registerEventsRoutes } from './modules/events/events.routes.ts';
import { registerEventsExportRoutes } from './modules/events/events-export.routes.ts';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { registerCalendarRoutes } from './modules/calendar/calendar.routes.ts';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { registerTutorRoutes } from './modules/tutor/tutor.routes.ts';
import { registerProfileRoutes } from './modules/profile/profile.routes.ts';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes.ts';
import { registerWorkflowsRoutes } from './modules/workflows/workflows.routes.ts';
import { registerTeamsRoutes } from './modules/teams/teams.routes.ts';
import { registerCertificatesRoutes } from './modules/certificates/certificates.routes.ts';
import { registerAnnouncementsRoutes } from './modules/announcements/announcements.routes.ts';
import { createLtiModule, type LtiModule } from './modules/lti/lti.module.ts';
import { registerLtiRoutes } from './modules/lti/lti.routes.ts';
import { registerToolsRoutes } from './modules/lti/tools.routes.ts';
import { createXapiOutboxRepository } from './modules/xapi/xapi-outbox.repository.ts';
import {
  createXapiOutboxWorker,
  type XapiOutboxWorker,
} from './modules/xapi/xapi-outbox-worker.ts';
import { createMailOutboxRepository } from './modules/mail/mail-outbox.repository.ts';
import { createMailWorker, type MailWorker } from './modules/mail/mail-worker.ts';
import { createKnowledgeLinkTokens } from './modules/knowledge-questions/knowledge-question-tokens.ts';
import { createKnowledgeQuestionsRepository } from './modules/knowledge-questions/knowledge-questions.repository.ts';
import { registerKnowledgeQuestionsRoutes } from './modules/knowledge-questions/knowledge-questions.routes.ts';
import { createKnowledgeQuestionsScheduler } from './modules/knowledge-questions/knowledge-questions-scheduler.ts';
import {
  createKnowledgeQuestionsService,
  type KnowledgeQuestionsService,
} from './modules/knowledge-questions/knowledge-questions.service.ts';
import { createCommandEngine, type CommandEngine } from './commands/command-engine.ts';
import { registerCommandRoutes } from './commands/command.routes.ts';
import { commandDefinitions } from './commands/command-definitions.ts';
import type { CommandDefinition } from './commands/command-types.ts';

export interface BuildAppOptions {
  clock?: Clock;
  /** An already-open database (tests share one per file); otherwise one is opened from config. */
  database?: DatabaseHandle;
  /** Extra command definitions (tests of the generic engine register their own). */
  extraCommands?: CommandDefinition[];
  /** Start the background workers: commands, and the xAPI outbox when an LRS is configured (default true). */
  startWorker?: boolean;
  /** The xAPI worker's HTTP client (tests count or break its requests). */
  xapiFetch?: typeof fetch;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  commands: CommandEngine;
  database: DatabaseHandle;
  lti: LtiModule;
  metrics: Metrics;
  /** Delivers the xAPI outbox to the LRS; undefined when XAPI_ENDPOINT is not set. */
  xapi: XapiOutboxWorker | undefined;
  /** Sends the mail outbox over SMTP; undefined when SMTP_URL is not set (mails stay pending). */
  mail: MailWorker | undefined;
  /** Knowledge questions by e-mail (the scheduler's `sendDue`, for tests and the CLI). */
  knowledgeQuestions: KnowledgeQuestionsService;
}

export const API_BODY_LIMIT = 256 * 1024;

/** Query parameters whose values are secrets (the password-reset link's token): never written to the log. */
const SECRET_QUERY = /([?&]token=)[^&#]*/gi;

/** Fastify's request log fields, with the values of secret query parameters replaced. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_QUERY, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Trusts the nearest `hops` proxies (proxy-addr's hop-count rule, as a function for Fastify's types). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            serializers: { req: serializeRequest },
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : newId();
    },
    bodyLimit: API_BODY_LIMIT,
    // Off unless configured: trusting every hop would let a client choose its own address (TRUST_PROXY).
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    forceCloseConnections: 'idle',
  });

  const database = options.database ?? createDatabase(config.database);
  if (!options.database) await migrateToLatest(database);
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    clock: options.clock ?? systemClock,
    log: app.log,
  };

  app.decorateRequest('principal', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, {
    global: false,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
  });
  registerErrorHandler(app);
  const metrics = registerMetrics(app, config);
  registerOperationsRoutes(app, ctx);
  registerCanonicalHost(app, config);
  registerCsrfGuard(app, config);
  registerIdNormalisation(app);

  const commands = createCommandEngine(ctx, [
    ...commandDefinitions(ctx),
    ...(options.extraCommands ?? []),
  ]);

  await registerAuth(app, ctx);
  registerUsersRoutes(app, ctx);
  registerCoursesRoutes(app, ctx);
  registerEventsRoutes(app, ctx);
  registerEventsExportRoutes(app, ctx);
  registerFeedbackRoutes(app, ctx);
  registerCalendarRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerTutorRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerCatalogRoutes(app, ctx);
  registerWorkflowsRoutes(app, ctx);
  registerTeamsRoutes(app, ctx);
  registerCertificatesRoutes(app, ctx);
  registerAnnouncementsRoutes(app, ctx, { postgresUrl: database.url });
  const knowledgeQuestions = createKnowledgeQuestionsService({
    db: ctx.db,
    repository: createKnowledgeQuestionsRepository(ctx.db),
    tokens: createKnowledgeLinkTokens(config.sessionSecret),
    clock: ctx.clock,
    publicUrl: config.publicUrl,
  });
  registerKnowledgeQuestionsRoutes(app, ctx, knowledgeQuestions);
  const lti = createLtiModule(ctx);
  await lti.keys.ensure(ctx.clock.now());
  await registerLtiRoutes(app, ctx, lti);
  registerToolsRoutes(app, ctx, lti);
  registerCommandRoutes(app, ctx, commands);
  await registerSpaRoutes(app, ctx);

  const xapi = config.xapi
    ? createXapiOutboxWorker({
        repository: createXapiOutboxRepository(ctx.db, ctx.dialect),
        config: config.xapi,
        clock: ctx.clock,
        log: app.log,
        fetch: options.xapiFetch,
      })
    : undefined;

  const smtpUrl = config.mail.smtpUrl;
  const mail = smtpUrl
    ? createMailWorker({
        repository: createMailOutboxRepository(ctx.db, ctx.dialect),
        config: { ...config.mail, smtpUrl },
        clock: ctx.clock,
        log: app.log,
      })
    : undefined;
  // Without SMTP the questions are mailed on demand (the CLI), so nothing piles up unread in the outbox.
  const knowledgeQuestionsScheduler = smtpUrl
    ? createKnowledgeQuestionsScheduler({ service: knowledgeQuestions, log: app.log })
    : undefined;

  if (options.startWorker ?? true) {
    commands.start();
    xapi?.start();
    mail?.start();
    knowledgeQuestionsScheduler?.start();
  }
  app.addHook('onClose', async () => {
    await commands.stop();
    await xapi?.stop();
    await mail?.stop();
    await knowledgeQuestionsScheduler?.stop();
    if (!options.database) await database.close();
  });

  return { app, ctx, commands, database, lti, metrics, xapi, mail, knowledgeQuestions };
}
