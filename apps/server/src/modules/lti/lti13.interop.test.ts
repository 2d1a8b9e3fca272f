// Interoperability with an independent LTI 1.3 tool: ltijs on 127.0.0.1 accepts the portal's real launch
// (resource-form → login → auth → form_post), rejects a replayed id_token and a launch without its state
// cookie, and its AGS submitScore (client-credentials token, then the score) lands in the learner's record.
import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrollmentAggregateSchema,
  GradeRevealPolicy,
  resourceFormSchema,
} from '@portal/contracts';
import { clientHeaders } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import {
  createBrowser,
  createListeningTestApp,
  signInAs,
  type Browser,
  type ListeningTestApp,
} from '../../test/sign-in.ts';
import { anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';
import { LtijsMemoryDb } from './testing/ltijs-memory-db.ts';
import { anLti13Tool, anLtiCourse } from './testing/lti-fixtures.ts';
import type { LtiToolRecord } from './tools.repository.ts';

// ltijs 5.9.9 is CommonJS without types: the part of its API this test uses.
interface LtijsContext {
  context: { id: string };
  resource: { id: string };
  roles: string[];
  endpoint?: { lineitem?: string; lineitems?: string; scope?: string[] };
}
interface LtijsIdToken {
  iss: string;
  user: string;
  clientId: string;
  platformContext: LtijsContext;
}
interface LtijsResponse {
  locals: { token: LtijsIdToken; context: LtijsContext; ltik: string };
  status(code: number): LtijsResponse;
  json(body: unknown): void;
}
interface LtijsRequest {
  body: Record<string, unknown>;
}
type LtijsHandler = (request: LtijsRequest, response: LtijsResponse) => Promise<void>;
interface LtijsProvider {
  setup(key: string, database: { plugin: LtijsMemoryDb }, options: Record<string, unknown>): void;
  deploy(options: { serverless: true; silent: true }): Promise<true>;
  close(options: { silent: true }): Promise<true>;
  onConnect(
    callback: (token: LtijsIdToken, request: LtijsRequest, response: LtijsResponse) => void,
  ): void;
  registerPlatform(platform: {
    url: string;
    name: string;
    clientId: string;
    authenticationEndpoint: string;
    accesstokenEndpoint: string;
    authConfig: { method: 'JWK_SET'; key: string };
  }): Promise<unknown>;
  app: RequestListener & { post(path: string, handler: LtijsHandler): void };
  Grade: {
    submitScore(
      idtoken: LtijsIdToken,
      lineItemId: string,
      score: Record<string, unknown>,
    ): Promise<Record<string, unknown>>;
  };
}
const ltijs = createRequire(import.meta.url)('ltijs') as { Provider: LtijsProvider };
const tool = ltijs.Provider;

/** What the tool's onConnect answers (and records) for an accepted launch. */
interface Connection {
  iss: string;
  clientId: string;
  user: string;
  resourceLinkId: string;
  contextId: string;
  roles: string[];
  lineItem: string | null;
  ltik: string;
}
interface LtijsError {
  status: number;
  details: { message: string };
}

const connections: Connection[] = [];
let toolServer: Server;
let toolUrl: string;

/** ltijs set up once per process (its Provider is a singleton), served on 127.0.0.1 by our own listener. */
beforeAll(async () => {
  tool.setup(
    `ltijs-key-${randomUUID()}`,
    { plugin: new LtijsMemoryDb() },
    { appRoute: '/launch', loginRoute: '/login', keysetRoute: '/keys', cookies: { secure: false } },
  );
  tool.onConnect((token, _request, response) => {
    const connection: Connection = {
      iss: token.iss,
      clientId: token.clientId,
      user: token.user,
      resourceLinkId: token.platformContext.resource.id,
      contextId: token.platformContext.context.id,
      roles: token.platformContext.roles,
      lineItem: token.platformContext.endpoint?.lineitem ?? null,
      ltik: response.locals.ltik,
    };
    connections.push(connection);
    response.json(connection);
  });
  // The tool's grading action: its page posts {scoreGiven} with the ltik; ltijs fetches a token and scores.
  tool.app.post('/grade', async (request, response) => {
    const { token, context } = response.locals;
    try {
      const sent = await tool.Grade.submitScore(token, context.endpoint!.lineitem!, {
        scoreGiven: Number(request.body.scoreGiven),
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      });
      response.json({ sent });
    } catch (error) {
      const failed = error as Error & { response?: { statusCode: number; body: string } };
      response.status(502).json({ error: failed.message, platform: failed.response?.body });
    }
  });
  await tool.deploy({ serverless: true, silent: true });
  toolServer = createServer(tool.app);
  await new Promise<void>((resolve) => toolServer.listen(0, '127.0.0.1', resolve));
  toolUrl = `http://127.0.0.1:${(toolServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => toolServer.close(resolve));
  await tool.close({ silent: true });
});

const UNESCAPE: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (value: string) => value.replace(/&(amp|lt|gt|quot|#39);/g, (e) => UNESCAPE[e]!);

/** The auto-post page of the authorization endpoint: its form's action and hidden fields. */
function autoPostForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`No auto-post form in: ${html}`);
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [
      unescape(m[1]!),
      unescape(m[2]!),
    ]),
  );
  return { action: unescape(action), fields };
}

describe.each(await testDialects())('LTI 1.3 interoperability with ltijs on %s', (dialect) => {
  let portal: ListeningTestApp;
  let registered: LtiToolRecord;
  let learner: string;
  let cookie: string;
  let objectiveId: string;
  let workflowId: string;
  let rootWorkflowId: string;

  beforeAll(async () => {
    portal = await createListeningTestApp(dialect);
    const { db } = portal.ctx;
    const tenantId = await aTenant(db);
    registered = await anLti13Tool(portal.lti, tenantId, {
      name: 'ltijs',
      toolUrl,
      jwksUrl: `${toolUrl}/keys`,
      loginUrl: `${toolUrl}/login`,
      redirectUris: [`${toolUrl}/launch`],
    });
    await tool.registerPlatform({
      url: portal.lti.urls.issuer,
      name: `Portal on ${dialect}`,
      clientId: registered.clientId!,
      authenticationEndpoint: portal.lti.urls.authorization,
      accesstokenEndpoint: portal.lti.urls.token,
      authConfig: { method: 'JWK_SET', key: portal.lti.urls.jwks },
    });
    const course = await anLtiCourse(db, portal.lti, tenantId, registered);
    objectiveId = course.objectiveId;
    learner = await aUser(db, tenantId);
    cookie = await signInAs(portal, learner);
    const { aggregateId } = await anEnrolment(db, { tenantId, userId: learner, objectiveId })
      .selfEnrolled()
      .revealGrades(GradeRevealPolicy.none)
      .create();
    const command = (type: string, body: Record<string, unknown>) =>
      runCommand(portal, type, cookie, { id: randomUUID(), ...body });
    workflowId = (
      await command('start-objective-workflows', { objectiveWorkflowAggregateId: aggregateId })
    ).entityId!;
    rootWorkflowId = (
      await command('start-activity-workflows', {
        objectiveWorkflowId: workflowId,
        activityPartIds: [],
      })
    ).entityId!;
  });

  afterAll(async () => {
    await portal.close();
  });

  /** A browser signed in to the portal (127.0.0.1 ports share cookies, as in a real browser). */
  function aSignedInBrowser(): Browser {
    const browser = createBrowser();
    const split = cookie.indexOf('=');
    browser.jar.set(cookie.slice(0, split), cookie.slice(split + 1));
    return browser;
  }

  /**
   * The launch up to the form_post: the web app's resource-form (session cookie, sets the binding cookie),
   * its fields posted to the tool's login URL, the tool's redirect followed to the portal's auth endpoint.
   */
  async function authResponse(browser: Browser) {
    const formUrl = `${portal.baseUrl}/api/lms/v1/objective-workflows/${workflowId}/resource-form/${rootWorkflowId}`;
    const formResponse = await browser.request(formUrl, { headers: clientHeaders() });
    expect(formResponse.status).toBe(200);
    const form = resourceFormSchema.parse(JSON.parse(formResponse.body));
    expect(form.action).toBe(`${toolUrl}/login`);
    const login = await browser.request(form.action, { form: form.fields });
    expect(login.status).toBe(302);
    expect(login.location).toMatch(new RegExp(`^${portal.lti.urls.authorization}\\?`));
    const auth = await browser.request(login.location!);
    expect(auth.status).toBe(200);
    const posted = autoPostForm(auth.body);
    expect(posted.action).toBe(`${toolUrl}/launch`);
    expect(Object.keys(posted.fields).sort()).toEqual(['id_token', 'state']);
    const stateCookie = `state${posted.fields.state}`;
    expect(browser.jar.has(stateCookie)).toBe(true);
    return { ...posted, stateCookie };
  }

  /** The whole launch as a browser runs it; answers what the tool's onConnect saw. */
  async function launch(browser = aSignedInBrowser()): Promise<Connection> {
    const posted = await authResponse(browser);
    const accepted = await browser.request(posted.action, { form: posted.fields });
    expect(accepted.status, accepted.body).toBe(302);
    const page = await browser.request(accepted.location!);
    expect(page.status, page.body).toBe(200);
    return JSON.parse(page.body) as Connection;
  }

  const placement = () =>
    portal.ctx.db
      .selectFrom('ltiResourceLinks as l')
      .innerJoin('ltiLineItems as li', 'li.resourceLinkId', 'l.id')
      .innerJoin('ltiSubjects as s', (join) =>
        join.onRef('s.toolId', '=', 'l.toolId').on('s.userId', '=', learner),
      )
      .select(['l.id as resourceLinkId', 'li.id as lineItemId', 's.sub'])
      .where('l.objectiveId', '=', objectiveId)
      .executeTakeFirstOrThrow();

  it("ltijs accepts the launch: its onConnect sees the placement's resource link and the learner's sub", async () => {
    const before = connections.length;
    const seen = await launch();
    const { resourceLinkId, lineItemId, sub } = await placement();
    expect(seen).toEqual({
      iss: portal.lti.urls.issuer,
      clientId: registered.clientId,
      user: sub,
      resourceLinkId,
      contextId: objectiveId,
      roles: expect.arrayContaining(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner']),
      lineItem: portal.lti.urls.lineItem(objectiveId, lineItemId),
      ltik: expect.any(String),
    });
    expect(sub).not.toBe(learner);
    expect(connections.slice(before)).toEqual([seen]);
  });

  it('ltijs rejects the same id_token posted again (nonce already received)', async () => {
    const browser = aSignedInBrowser();
    const posted = await authResponse(browser);
    const stateCookie = browser.jar.get(posted.stateCookie)!;
    const first = await browser.request(posted.action, { form: posted.fields });
    expect(first.status, first.body).toBe(302);
    const before = connections.length;
    // The replay carries the tool's state cookie again, so only the nonce can stop it.
    browser.jar.set(posted.stateCookie, stateCookie);
    const replay = await browser.request(posted.action, { form: posted.fields });
    expect(replay.status).toBe(401);
    expect((JSON.parse(replay.body) as LtijsError).details.message).toBe('NONCE_ALREADY_RECEIVED');
    expect(replay.location).toBeNull();
    expect(connections.length).toBe(before);
  });

  it("ltijs rejects a launch without the tool's state cookie", async () => {
    const browser = aSignedInBrowser();
    const posted = await authResponse(browser);
    browser.jar.delete(posted.stateCookie);
    const before = connections.length;
    const response = await browser.request(posted.action, { form: posted.fields });
    expect(response.status).toBe(401);
    expect((JSON.parse(response.body) as LtijsError).details.message).toBe(
      'MISSING_VALIDATION_COOKIE',
    );
    expect(response.location).toBeNull();
    expect(connections.length).toBe(before);
  });

  it("a score ltijs posts through AGS (submitScore) lands in the learner's record", async () => {
    const browser = aSignedInBrowser();
    const { ltik } = await launch(browser);
    const graded = await browser.request(`${toolUrl}/grade`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ltik}` },
      form: { scoreGiven: '8' },
    });
    expect(graded.status, graded.body).toBe(200);
    const { lineItemId, sub } = await placement();
    // ltijs read scoreMaximum from the portal's line item (lineitem scope) before posting the score.
    expect(JSON.parse(graded.body)).toMatchObject({
      sent: { scoreGiven: 8, scoreMaximum: 10, userId: sub },
    });

    const aggregate = await fetch(
      `${portal.baseUrl}/api/lms/v1/users/me/objectives/${objectiveId}/objective-workflow-aggregate`,
      { headers: clientHeaders(cookie) },
    );
    expect(aggregate.status).toBe(200);
    const { objectiveWorkflowAggregate } = enrollmentAggregateSchema.parse(await aggregate.json());
    expect(objectiveWorkflowAggregate.lastObjectiveWorkflow).toMatchObject({
      id: workflowId,
      finished: expect.any(String),
    });
    expect(objectiveWorkflowAggregate.lastObjectiveRecord).toMatchObject({
      objectiveWorkflowId: workflowId,
      score: 8,
      maxScore: 10,
      normalizedScore: 0.8,
      progress: 1,
    });
    const results = await portal.ctx.db
      .selectFrom('ltiResults')
      .selectAll()
      .where('lineItemId', '=', lineItemId)
      .execute();
    expect(results).toEqual([
      expect.objectContaining({
        userId: learner,
        scoreGiven: 8,
        scoreMaximum: 10,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      }),
    ]);
  });
});
