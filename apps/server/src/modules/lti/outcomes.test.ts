// LTI 1.1 Basic Outcomes over HTTP on every dialect: signed replace/read/delete, and every refusal (signature,
// body hash, consumer key, nonce replay, timestamp window, foreign sourcedId, score range, DTD/entities, size).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import {
  activityNodeSchema,
  GradeRevealPolicy,
  objectiveWorkflowSchema,
  type ActivityNode,
} from '@portal/contracts';
import { findNodeByAxis } from '@portal/domain';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { signInAs } from '../../test/sign-in.ts';
import { fixedClock } from '../../lib/clock.ts';
import { anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';
import {
  aCompositeWithLtiChild,
  anLti11Tool,
  anLtiCourse,
  aResourceLink,
} from './testing/lti-fixtures.ts';
import type { LtiToolRecord } from './tools.repository.ts';
import {
  bodyHash,
  hmacSha1,
  percentEncode,
  signatureBaseString,
  type OAuthParam,
} from './oauth1.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const NOW_SECONDS = Date.parse(NOW) / 1000;
const SECRET = 'outcomes-shared-secret-1';
const OUTCOMES_PATH = '/api/lti/v1/grading/outcomes';

type Operation = 'replaceResult' | 'readResult' | 'deleteResult' | 'readMembership';

/** A POX request as LTI 1.1 tools send it (ims-lti's shape). */
function poxRequest(operation: Operation, sourcedId: string, score?: string): string {
  const result =
    score === undefined
      ? ''
      : `<result><resultScore><language>en</language><textString>${score}</textString></resultScore></result>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<imsx_POXEnvelopeRequest xmlns="http://www.imsglobal.org/services/ltiv1p1/xsd/imsoms_v1p0">
  <imsx_POXHeader><imsx_POXRequestHeaderInfo>
    <imsx_version>V1.0</imsx_version><imsx_messageIdentifier>msg-${operation}</imsx_messageIdentifier>
  </imsx_POXRequestHeaderInfo></imsx_POXHeader>
  <imsx_POXBody><${operation}Request><resultRecord>
    <sourcedGUID><sourcedId>${sourcedId}</sourcedId></sourcedGUID>${result}
  </resultRecord></${operation}Request></imsx_POXBody>
</imsx_POXEnvelopeRequest>`;
}

interface SignOptions {
  consumerKey: string;
  secret?: string;
  nonce?: string;
  timestamp?: number;
  /** The URL the tool signs (default: the platform's outcome service URL). */
  url: string;
  /** The body the hash is computed over (default: the body sent). */
  hashedBody?: string;
}

/** An `Authorization: OAuth …` header with body hash, signed as a tool does. */
function authorization(body: string, options: SignOptions): string {
  const params: OAuthParam[] = [
    ['oauth_version', '1.0'],
    ['oauth_nonce', options.nonce ?? randomUUID()],
    ['oauth_timestamp', String(options.timestamp ?? NOW_SECONDS)],
    ['oauth_consumer_key', options.consumerKey],
    ['oauth_body_hash', bodyHash(options.hashedBody ?? body)],
    ['oauth_signature_method', 'HMAC-SHA1'],
  ];
  const query = [...new URL(options.url).searchParams];
  const base = signatureBaseString('POST', options.url, [...params, ...query]);
  const signature = hmacSha1(base, options.secret ?? SECRET);
  return `OAuth realm="",${[...params, ['oauth_signature', signature]]
    .map(([name, value]) => `${name}="${percentEncode(value)}"`)
    .join(',')}`;
}

interface Envelope {
  codeMajor: string;
  severity: string;
  description: string;
  messageRef: string;
  operationRef: string;
  body: Record<string, unknown>;
}

const xml = new XMLParser({ parseTagValue: false, ignoreAttributes: true });

function envelope(body: string): Envelope {
  const root = xml.parse(body).imsx_POXEnvelopeResponse;
  const status = root.imsx_POXHeader.imsx_POXResponseHeaderInfo.imsx_statusInfo;
  return {
    codeMajor: status.imsx_codeMajor,
    severity: status.imsx_severity,
    description: status.imsx_description,
    messageRef: status.imsx_messageRefIdentifier,
    operationRef: status.imsx_operationRefIdentifier,
    body: root.imsx_POXBody === '' ? {} : root.imsx_POXBody,
  };
}

describe.each(await testDialects())('LTI 1.1 Basic Outcomes on %s', (dialect) => {
  const clock = fixedClock(NOW);
  let testApp: TestApp;
  let tenantId: string;
  let tool: LtiToolRecord;
  let otherTool: LtiToolRecord;
  let outcomesUrl: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock });
    tenantId = await aTenant(testApp.ctx.db);
    tool = await anLti11Tool(testApp.lti, tenantId, { secret: SECRET });
    otherTool = await anLti11Tool(testApp.lti, tenantId, { secret: SECRET, name: 'Other' });
    outcomesUrl = testApp.lti.urls.outcomes;
  });

  afterAll(async () => {
    await testApp.close();
  });

  /**
   * A learner in the middle of a composite course whose part "Quiz" is delivered by `tool`: the attempt and
   * the Quiz workflow started through the real commands, the placement's resource link, line item (max 10)
   * and the learner's outcome source written directly.
   */
  async function aLaunchedPlacement(
    deliveredBy: LtiToolRecord = tool,
    options: { ltiCourse?: boolean } = {},
  ) {
    const { db } = testApp.ctx;
    const learner = await aUser(db, tenantId);
    const cookie = await signInAs(testApp, learner);
    const tree = options.ltiCourse
      ? await anLtiCourseTree(deliveredBy)
      : await aCompositeWithLtiChild(db, testApp.lti, tenantId, deliveredBy);
    const { aggregateId } = await anEnrolment(db, {
      tenantId,
      userId: learner,
      objectiveId: tree.objectiveId,
    })
      .selfEnrolled()
      .revealGrades(GradeRevealPolicy.none)
      .create();
    const command = (type: string, body: Record<string, unknown>) =>
      runCommand(testApp, type, cookie, { id: randomUUID(), ...body });
    const started = await command('start-objective-workflows', {
      objectiveWorkflowAggregateId: aggregateId,
    });
    const workflowId = started.entityId!;
    const quiz = tree.parts.Quiz!;
    for (const axis of new Set(['', quiz.axis])) {
      const status = await command('start-activity-workflows', {
        objectiveWorkflowId: workflowId,
        activityPartIds: axis === '' ? [] : axis.split('/'),
      });
      expect(status.completed).toMatchObject({ state: 1 });
    }
    const created = NOW;
    const { resourceLinkId, lineItemId } = await aResourceLink(db, {
      tenantId,
      tool: deliveredBy,
      objectiveId: tree.objectiveId,
      activityId: quiz.activityId,
      axis: quiz.axis,
      created,
    });
    const sourcedId = `src-${randomUUID()}`;
    await db
      .insertInto('ltiOutcomeSources')
      .values({
        sourcedid: sourcedId,
        toolId: deliveredBy.id,
        resourceLinkId,
        userId: learner,
        created,
      })
      .execute();

    const quizNode = async (): Promise<ActivityNode> => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/lms/v1/users/me/objective-workflows/${workflowId}/activity-with-aggregates`,
        headers: clientHeaders(cookie),
      });
      expect(response.statusCode).toBe(200);
      return findNodeByAxis(activityNodeSchema.parse(response.json()), quiz.axis)!;
    };
    /** The learner's record of the Quiz workflow (hidden from the learner API until the course ends). */
    const quizRecord = async () => {
      const workflow = (await quizNode()).activityWorkflowAggregate.lastActivityWorkflow!;
      return db
        .selectFrom('activityRecords')
        .select(['score', 'maxScore', 'normalizedScore', 'progress', 'finished'])
        .where('activityWorkflowId', '=', workflow.id)
        .executeTakeFirst();
    };
    const objectiveWorkflow = async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/lms/v1/users/me/objective-workflows/${workflowId}`,
        headers: clientHeaders(cookie),
      });
      return objectiveWorkflowSchema.parse(response.json());
    };
    const storedResult = () =>
      db
        .selectFrom('ltiResults')
        .selectAll()
        .where('lineItemId', '=', lineItemId)
        .where('userId', '=', learner)
        .executeTakeFirst();
    return {
      learner,
      sourcedId,
      lineItemId,
      quizNode,
      quizRecord,
      objectiveWorkflow,
      storedResult,
    };
  }

  /** An LTI course in the shape of a tree: its root activity is the tool's ("Quiz" at the root axis). */
  async function anLtiCourseTree(deliveredBy: LtiToolRecord) {
    const course = await anLtiCourse(testApp.ctx.db, testApp.lti, tenantId, deliveredBy);
    return {
      objectiveId: course.objectiveId,
      parts: { Quiz: { activityId: course.rootActivityId, axis: '' } } as Record<
        string,
        { activityId: string; axis: string }
      >,
    };
  }

  async function post(
    body: string,
    sign: Partial<SignOptions> & { authorization?: string } = {},
    options: { path?: string; contentType?: string } = {},
  ) {
    const path = options.path ?? OUTCOMES_PATH;
    const header =
      sign.authorization ??
      authorization(body, {
        consumerKey: tool.consumerKey!,
        url: new URL(path, outcomesUrl).href,
        ...sign,
      });
    const response = await testApp.app.inject({
      method: 'POST',
      url: path,
      // The Host header differs from the public URL: the signature must not depend on it.
      headers: {
        host: 'attacker.example:8443',
        'content-type': options.contentType ?? 'application/xml',
        authorization: header,
      },
      payload: body,
    });
    return { response, pox: envelope(response.body) };
  }

  describe('replaceResult', () => {
    it('records the score and lands it in the learner activity record', async () => {
      const placement = await aLaunchedPlacement();
      const { response, pox } = await post(poxRequest('replaceResult', placement.sourcedId, '0.8'));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/xml/);
      expect(pox).toMatchObject({
        codeMajor: 'success',
        severity: 'status',
        messageRef: 'msg-replaceResult',
        operationRef: 'replaceResult',
        body: { replaceResultResponse: '' },
      });
      expect(await placement.storedResult()).toMatchObject({
        scoreGiven: 0.8,
        scoreMaximum: 1,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      });
      const node = await placement.quizNode();
      expect(node.activityWorkflowAggregate.lastActivityWorkflow).toMatchObject({
        progress: 1,
        finished: NOW,
      });
      expect(await placement.quizRecord()).toMatchObject({
        score: 8,
        maxScore: 10,
        normalizedScore: 0.8,
        progress: 1,
        finished: NOW,
      });
    });

    it('finishes and grades an LTI course, visible to the learner', async () => {
      const placement = await aLaunchedPlacement(tool, { ltiCourse: true });
      const { pox } = await post(poxRequest('replaceResult', placement.sourcedId, '0.9'));
      expect(pox.codeMajor).toBe('success');
      expect(await placement.objectiveWorkflow()).toMatchObject({ finished: NOW });
      const node = await placement.quizNode();
      expect(node.activityWorkflowAggregate.bestActivityRecord).toMatchObject({
        score: 9,
        maxScore: 10,
        normalizedScore: 0.9,
      });
    });

    it('replaces an earlier score, and accepts the limits 0 and 1 and the forms ".5" and "1.0"', async () => {
      const placement = await aLaunchedPlacement();
      for (const [text, value] of [
        ['0', 0],
        ['.5', 0.5],
        ['1.0', 1],
        [' 0.25 ', 0.25],
      ] as const) {
        const { pox } = await post(poxRequest('replaceResult', placement.sourcedId, text));
        expect(pox.codeMajor).toBe('success');
        expect((await placement.storedResult())?.scoreGiven).toBe(value);
      }
      expect((await placement.quizRecord())?.normalizedScore).toBe(0.25);
    });

    it.each(['1.5', '-0.1', 'abc', '1e-1', '', '0x1', 'NaN', '0.5.1'])(
      'refuses the score %j with a failure and records nothing',
      async (score) => {
        const placement = await aLaunchedPlacement();
        const { response, pox } = await post(
          poxRequest('replaceResult', placement.sourcedId, score),
        );
        expect(response.statusCode).toBe(200);
        expect(pox).toMatchObject({
          codeMajor: 'failure',
          severity: 'error',
          operationRef: 'replaceResult',
          description: expect.stringMatching(/decimal number from 0\.0 to 1\.0/),
        });
        expect(await placement.storedResult()).toBeUndefined();
      },
    );

    it('refuses a replaceResult without a score', async () => {
      const placement = await aLaunchedPlacement();
      const { pox } = await post(poxRequest('replaceResult', placement.sourcedId));
      expect(pox.codeMajor).toBe('failure');
      expect(await placement.storedResult()).toBeUndefined();
    });

    it("refuses the sourcedId of another tool's learner, even correctly signed", async () => {
      const placement = await aLaunchedPlacement(otherTool);
      const { pox } = await post(poxRequest('replaceResult', placement.sourcedId, '0.9'), {
        consumerKey: tool.consumerKey!,
      });
      expect(pox).toMatchObject({
        codeMajor: 'failure',
        description: 'The sourcedId is not known for this tool.',
      });
      expect(await placement.storedResult()).toBeUndefined();
      const unknown = await post(poxRequest('replaceResult', 'no-such-sourced-id', '0.9'));
      expect(unknown.pox.codeMajor).toBe('failure');
    });

    it('signs over the query parameters of the URL', async () => {
      const placement = await aLaunchedPlacement();
      const path = `${OUTCOMES_PATH}?tenant=a%20b&x=1`;
      const signed = await post(
        poxRequest('replaceResult', placement.sourcedId, '0.6'),
        {},
        { path },
      );
      expect(signed.pox.codeMajor).toBe('success');
      const unsignedQuery = await post(
        poxRequest('replaceResult', placement.sourcedId, '0.7'),
        { url: outcomesUrl },
        { path },
      );
      expect(unsignedQuery.response.statusCode).toBe(401);
      expect((await placement.storedResult())?.scoreGiven).toBe(0.6);
    });
  });

  describe('readResult and deleteResult', () => {
    it('reads the normalized score, deletes the result, then reads an empty score', async () => {
      const placement = await aLaunchedPlacement();
      const empty = await post(poxRequest('readResult', placement.sourcedId));
      expect(empty.pox).toMatchObject({
        codeMajor: 'success',
        operationRef: 'readResult',
        body: { readResultResponse: { result: { resultScore: { textString: '' } } } },
      });

      await post(poxRequest('replaceResult', placement.sourcedId, '0.75'));
      const read = await post(poxRequest('readResult', placement.sourcedId));
      expect(read.pox.body).toEqual({
        readResultResponse: {
          result: { resultScore: { language: 'en', textString: '0.75' } },
        },
      });

      const deleted = await post(poxRequest('deleteResult', placement.sourcedId));
      expect(deleted.pox).toMatchObject({
        codeMajor: 'success',
        operationRef: 'deleteResult',
        body: { deleteResultResponse: '' },
      });
      expect(await placement.storedResult()).toBeUndefined();
      // The learner's progress stays.
      expect(await placement.quizRecord()).toMatchObject({ normalizedScore: 0.75, progress: 1 });
      const after = await post(poxRequest('readResult', placement.sourcedId));
      expect(after.pox.body).toMatchObject({
        readResultResponse: { result: { resultScore: { textString: '' } } },
      });
    });

    it('answers unsupported to other operations', async () => {
      const placement = await aLaunchedPlacement();
      const { response, pox } = await post(poxRequest('readMembership', placement.sourcedId));
      expect(response.statusCode).toBe(200);
      expect(pox).toMatchObject({ codeMajor: 'unsupported', operationRef: 'readMembership' });
    });
  });

  describe('authentication', () => {
    async function expectRefused(
      result: Awaited<ReturnType<typeof post>>,
      description: RegExp,
      storedResult: () => Promise<unknown>,
    ) {
      expect(result.response.statusCode).toBe(401);
      expect(result.response.headers['www-authenticate']).toMatch(/^OAuth realm="/);
      expect(result.pox).toMatchObject({ codeMajor: 'failure', severity: 'error' });
      expect(result.pox.description).toMatch(description);
      expect(await storedResult()).toBeUndefined();
    }

    it('refuses a signature made with another secret', async () => {
      const placement = await aLaunchedPlacement();
      const body = poxRequest('replaceResult', placement.sourcedId, '1');
      await expectRefused(
        await post(body, { secret: 'not-the-secret-at-all' }),
        /Invalid signature/,
        placement.storedResult,
      );
    });

    it('refuses a signature for another URL', async () => {
      const placement = await aLaunchedPlacement();
      const body = poxRequest('replaceResult', placement.sourcedId, '1');
      await expectRefused(
        await post(body, { url: 'http://attacker.example:8443/api/lti/v1/grading/outcomes' }),
        /Invalid signature/,
        placement.storedResult,
      );
    });

    it('refuses a body that does not match the body hash', async () => {
      const placement = await aLaunchedPlacement();
      const signedFor = poxRequest('replaceResult', placement.sourcedId, '0.1');
      const sent = poxRequest('replaceResult', placement.sourcedId, '1');
      await expectRefused(
        await post(sent, { hashedBody: signedFor }),
        /oauth_body_hash/,
        placement.storedResult,
      );
    });

    it('refuses an unknown consumer key and a disabled tool', async () => {
      const placement = await aLaunchedPlacement();
      const body = poxRequest('replaceResult', placement.sourcedId, '1');
      await expectRefused(
        await post(body, { consumerKey: 'no-such-key' }),
        /Unknown consumer key/,
        placement.storedResult,
      );
      const disabled = await anLti11Tool(testApp.lti, tenantId, { secret: SECRET });
      await testApp.ctx.db
        .updateTable('ltiTools')
        .set({ enabled: 0 })
        .where('id', '=', disabled.id)
        .execute();
      await expectRefused(
        await post(body, { consumerKey: disabled.consumerKey! }),
        /Unknown consumer key/,
        placement.storedResult,
      );
    });

    it('refuses a replayed nonce', async () => {
      const placement = await aLaunchedPlacement();
      const body = poxRequest('replaceResult', placement.sourcedId, '0.4');
      const header = authorization(body, { consumerKey: tool.consumerKey!, url: outcomesUrl });
      const first = await post(body, { authorization: header });
      expect(first.pox.codeMajor).toBe('success');
      await testApp.ctx.db
        .deleteFrom('ltiResults')
        .where('lineItemId', '=', placement.lineItemId)
        .execute();
      await expectRefused(
        await post(body, { authorization: header }),
        /oauth_nonce was already used/,
        placement.storedResult,
      );
    });

    it.each([
      ['6 minutes old', -360],
      ['6 minutes ahead', 360],
    ])('refuses a timestamp %s', async (_, offset) => {
      const placement = await aLaunchedPlacement();
      const body = poxRequest('replaceResult', placement.sourcedId, '1');
      await expectRefused(
        await post(body, { timestamp: NOW_SECONDS + offset }),
        /oauth_timestamp is outside/,
        placement.storedResult,
      );
    });

    it('accepts a timestamp 4 minutes old', async () => {
      const placement = await aLaunchedPlacement();
      const body = poxRequest('replaceResult', placement.sourcedId, '0.3');
      const { pox } = await post(body, { timestamp: NOW_SECONDS - 240 });
      expect(pox.codeMajor).toBe('success');
    });

    it.each([
      ['no header', ''],
      ['a bearer token', 'Bearer abc'],
      ['another signature method', 'OAuth oauth_signature_method="PLAINTEXT"'],
    ])('refuses %s', async (_, header) => {
      const placement = await aLaunchedPlacement();
      const body = poxRequest('replaceResult', placement.sourcedId, '1');
      const result = await post(body, { authorization: header });
      expect(result.response.statusCode).toBe(401);
      expect(result.pox.codeMajor).toBe('failure');
      expect(await placement.storedResult()).toBeUndefined();
    });
  });

  describe('XML safety', () => {
    const billionLaughs = (sourcedId: string) => `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<imsx_POXEnvelopeRequest xmlns="http://www.imsglobal.org/services/ltiv1p1/xsd/imsoms_v1p0">
  <imsx_POXHeader><imsx_POXRequestHeaderInfo><imsx_messageIdentifier>&lol9;</imsx_messageIdentifier>
  </imsx_POXRequestHeaderInfo></imsx_POXHeader>
  <imsx_POXBody><replaceResultRequest><resultRecord>
    <sourcedGUID><sourcedId>${sourcedId}</sourcedId></sourcedGUID>
    <result><resultScore><textString>0.5</textString></resultScore></result>
  </resultRecord></replaceResultRequest></imsx_POXBody>
</imsx_POXEnvelopeRequest>`;

    const externalEntity = (sourcedId: string) => `<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<imsx_POXEnvelopeRequest>
  <imsx_POXHeader><imsx_POXRequestHeaderInfo><imsx_messageIdentifier>&xxe;</imsx_messageIdentifier>
  </imsx_POXRequestHeaderInfo></imsx_POXHeader>
  <imsx_POXBody><replaceResultRequest><resultRecord>
    <sourcedGUID><sourcedId>${sourcedId}</sourcedId></sourcedGUID>
    <result><resultScore><textString>0.5</textString></resultScore></result>
  </resultRecord></replaceResultRequest></imsx_POXBody>
</imsx_POXEnvelopeRequest>`;

    it.each([
      ['a billion-laughs payload', billionLaughs],
      ['an external entity', externalEntity],
    ])('refuses %s without expanding it', async (_, payload) => {
      const placement = await aLaunchedPlacement();
      const started = Date.now();
      const { response, pox } = await post(payload(placement.sourcedId));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(response.statusCode).toBe(400);
      expect(pox).toMatchObject({
        codeMajor: 'failure',
        description: 'Document type declarations are not accepted.',
        messageRef: '',
      });
      expect(response.body.length).toBeLessThan(2000);
      expect(response.body).not.toMatch(/lollol|root:/);
      expect(await placement.storedResult()).toBeUndefined();
    });

    it('refuses malformed XML and other documents with 400', async () => {
      const placement = await aLaunchedPlacement();
      for (const body of [
        '<imsx_POXEnvelopeRequest><imsx_POXBody></imsx_POXEnvelopeRequest>',
        '<somethingElse/>',
        '<imsx_POXEnvelopeRequest><imsx_POXBody/></imsx_POXEnvelopeRequest>',
      ]) {
        const { response, pox } = await post(body);
        expect(response.statusCode).toBe(400);
        expect(pox.codeMajor).toBe('failure');
      }
      expect(await placement.storedResult()).toBeUndefined();
    });

    it('refuses a body over 64 KiB and a body that is not XML, in the POX envelope', async () => {
      const placement = await aLaunchedPlacement();
      const padded = poxRequest('replaceResult', placement.sourcedId, '1').replace(
        '<imsx_POXBody>',
        `<!-- ${'x'.repeat(70 * 1024)} --><imsx_POXBody>`,
      );
      const large = await post(padded);
      expect(large.response.statusCode).toBe(413);
      expect(large.pox.codeMajor).toBe('failure');
      const form = await post('a=1', {}, { contentType: 'application/x-www-form-urlencoded' });
      expect(form.response.statusCode).toBe(415);
      expect(form.pox.codeMajor).toBe('failure');
      expect(await placement.storedResult()).toBeUndefined();
    });

    it('escapes what it echoes and decodes only predefined entities', async () => {
      const placement = await aLaunchedPlacement();
      const body = poxRequest('readResult', placement.sourcedId).replace(
        'msg-readResult',
        'a&amp;b&lt;c&gt;',
      );
      const { response, pox } = await post(body);
      expect(pox.codeMajor).toBe('success');
      expect(response.body).toContain('<imsx_messageRefIdentifier>a&amp;b&lt;c&gt;<');
    });
  });
});
