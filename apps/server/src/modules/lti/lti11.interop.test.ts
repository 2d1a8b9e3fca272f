// Interoperability with an independent LTI 1.1 tool: the ims-lti Provider on 127.0.0.1 accepts the portal's
// real resource-form launch, rejects a replayed or tampered one, and its replaceResult lands in the record.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityNodeSchema,
  GradeRevealPolicy,
  objectiveWorkflowSchema,
  resourceFormSchema,
  type ResourceForm,
} from '@portal/contracts';
import { clientHeaders } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { createListeningTestApp, signInAs, type ListeningTestApp } from '../../test/sign-in.ts';
import { anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';
import { anLti11Tool, anLtiCourse } from './testing/lti-fixtures.ts';

// ims-lti 3.0.2 is CommonJS without types: the part of its API this test uses.
interface OutcomeService {
  send_replace_result(score: number, done: (error: Error | null, ok: boolean) => void): void;
  send_read_result(done: (error: Error | null, score: number | false) => void): void;
}
interface Provider {
  valid_request(
    request: IncomingMessage,
    body: Record<string, string>,
    done: (error: Error | null, valid: boolean) => void,
  ): void;
  outcome_service: OutcomeService | false;
  userId: string;
  student: boolean;
  context_id: string;
  body: Record<string, unknown>;
}
interface ImsLti {
  Provider: new (key: string, secret: string, nonceStore?: unknown) => Provider;
  Stores: { MemoryStore: new () => unknown };
  OutcomeService: new (options: Record<string, unknown>) => OutcomeService;
}
const lti = createRequire(import.meta.url)('ims-lti') as ImsLti;

const CONSUMER_KEY = `interop-${randomUUID()}`;
const SECRET = 'interop-shared-secret-0123456789';

interface LaunchVerdict {
  valid: boolean;
  error: string | null;
}

/** A tiny LTI 1.1 tool: POST /launch is checked by ims-lti; accepted providers are kept for outcomes. */
function startTool(): Promise<{ server: Server; url: string; accepted: Provider[] }> {
  const nonces = new lti.Stores.MemoryStore();
  const accepted: Provider[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const body = Object.fromEntries(new URLSearchParams(raw));
      const provider = new lti.Provider(CONSUMER_KEY, SECRET, nonces);
      provider.valid_request(request, body, (error, valid) => {
        if (valid) accepted.push(provider);
        const verdict: LaunchVerdict = { valid, error: error ? error.message : null };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(verdict));
      });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, accepted });
    });
  });
}

const promised = <T>(run: (done: (error: Error | null, value: T) => void) => void) =>
  new Promise<T>((resolve, reject) =>
    run((error, value) => (error ? reject(error) : resolve(value))),
  );

describe.each(await testDialects())('LTI 1.1 interoperability with ims-lti on %s', (dialect) => {
  let portal: ListeningTestApp;
  let tool: Awaited<ReturnType<typeof startTool>>;
  let cookie: string;
  let workflowId: string;
  let rootWorkflowId: string;

  beforeAll(async () => {
    tool = await startTool();
    portal = await createListeningTestApp(dialect);
    const { db } = portal.ctx;
    const tenantId = await aTenant(db);
    const registered = await anLti11Tool(portal.lti, tenantId, {
      launchUrl: `${tool.url}/launch?course=interop&mode=graded`,
      consumerKey: CONSUMER_KEY,
      secret: SECRET,
    });
    const course = await anLtiCourse(db, portal.lti, tenantId, registered);
    const learner = await aUser(db, tenantId);
    cookie = await signInAs(portal, learner);
    const { aggregateId } = await anEnrolment(db, {
      tenantId,
      userId: learner,
      objectiveId: course.objectiveId,
    })
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
    await new Promise((resolve) => tool.server.close(resolve));
    await portal.close();
  });

  /** The launch form as the web app gets it: the real resource-form route, fresh on every call. */
  async function resourceForm(): Promise<ResourceForm> {
    const response = await fetch(
      `${portal.baseUrl}/api/lms/v1/objective-workflows/${workflowId}/resource-form/${rootWorkflowId}`,
      { headers: clientHeaders(cookie) },
    );
    expect(response.status).toBe(200);
    return resourceFormSchema.parse(await response.json());
  }

  /** Posts the form as the browser does (application/x-www-form-urlencoded to the action). */
  async function submit(form: Pick<ResourceForm, 'action' | 'fields'>): Promise<LaunchVerdict> {
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields).toString(),
    });
    return (await response.json()) as LaunchVerdict;
  }

  let launched: ResourceForm;

  it('the tool accepts the launch and sees a learner with an outcome service', async () => {
    launched = await resourceForm();
    expect(launched.action).toBe(`${tool.url}/launch?course=interop&mode=graded`);
    expect(await submit(launched)).toEqual({ valid: true, error: null });
    const provider = tool.accepted.at(-1)!;
    expect(provider.student).toBe(true);
    expect(provider.userId).toBe(launched.fields.user_id);
    expect(provider.body.lis_result_sourcedid).toBe(launched.fields.lis_result_sourcedid);
    expect(provider.outcome_service).not.toBe(false);
  });

  it('the tool rejects the same form posted again (nonce replay)', async () => {
    expect(await submit(launched)).toEqual({ valid: false, error: 'Expired nonce' });
  });

  it('the tool rejects a fresh form with a tampered field (signature)', async () => {
    const fresh = await resourceForm();
    expect(fresh.fields.oauth_nonce).not.toBe(launched.fields.oauth_nonce);
    const tampered = { ...fresh, fields: { ...fresh.fields, roles: 'Instructor' } };
    expect(await submit(tampered)).toEqual({ valid: false, error: 'Invalid Signature' });
    const untouched = await submit(fresh);
    expect(untouched).toEqual({ valid: true, error: null });
  });

  it("the tool's replaceResult lands in the learner's activity record", async () => {
    const outcomes = tool.accepted[0]!.outcome_service as OutcomeService;
    await expect(
      promised<boolean>((done) => outcomes.send_replace_result(0.8, done)),
    ).resolves.toBe(true);
    await expect(promised<number | false>((done) => outcomes.send_read_result(done))).resolves.toBe(
      0.8,
    );

    const headers = clientHeaders(cookie);
    const attempt = objectiveWorkflowSchema.parse(
      await (
        await fetch(`${portal.baseUrl}/api/lms/v1/users/me/objective-workflows/${workflowId}`, {
          headers,
        })
      ).json(),
    );
    expect(attempt.finished).not.toBeNull();
    const tree = activityNodeSchema.parse(
      await (
        await fetch(
          `${portal.baseUrl}/api/lms/v1/users/me/objective-workflows/${workflowId}/activity-with-aggregates`,
          { headers },
        )
      ).json(),
    );
    expect(tree.activityWorkflowAggregate.lastActivityWorkflow).toMatchObject({
      id: rootWorkflowId,
      progress: 1,
    });
    expect(tree.activityWorkflowAggregate.bestActivityRecord).toMatchObject({
      score: 8,
      maxScore: 10,
      normalizedScore: 0.8,
    });
  });

  it('an outcome request signed with another secret is refused', async () => {
    const provider = tool.accepted[0]!;
    const service = new lti.OutcomeService({
      consumer_key: CONSUMER_KEY,
      consumer_secret: 'not-the-shared-secret-000',
      service_url: provider.body.lis_outcome_service_url,
      source_did: provider.body.lis_result_sourcedid,
    });
    await expect(
      promised<boolean>((done) => service.send_replace_result(0.1, done)),
    ).rejects.toThrow('Invalid signature.');
  });
});
