// Certificates over real HTTP on every dialect: issued in the transaction that finishes a passed attempt
// (text courses and LTI scores), never twice for one attempt, anew for a passing retake; expiry and
// revocation; the holder's private API and the verifier's public view.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificateRecordSchema,
  GradeRevealPolicy,
  listEnvelopeSchema,
  publicCertificateRecordSchema,
  type CertificateRecord,
} from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import {
  insertCertificateTemplate,
  setObjectiveCertificate,
} from '../../seed/certificate-records.ts';
import {
  aCourseTree,
  aGradingScale,
  anEnrolment,
  aTenant,
  aUser,
} from '../../test/course-builders.ts';
import { signInAs } from '../../test/sign-in.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';
import { anLti13Tool, anLtiCourse, aResourceLink } from '../lti/testing/lti-fixtures.ts';
import { applyToolResult } from '../lti/tool-results.ts';
import { CERTIFICATE_NUMBER_PATTERN } from './certificate-number.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const API = '/api/lms/v1';
const DAY = 24 * 60 * 60 * 1000;

describe.each(await testDialects())('certificates on %s', (dialect) => {
  const clock = fixedClock(NOW);
  let testApp: TestApp;
  let tenantId: string;
  let scaleId: string;
  let templateId: string;
  let externalTemplateId: string;
  let adminCookie: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock });
    tenantId = await aTenant(testApp.ctx.db, 'Acme Academy');
    scaleId = (await aGradingScale(testApp.ctx.db, tenantId)).id;
    templateId = await insertCertificateTemplate(testApp.ctx.db, {
      tenantId,
      name: 'Acme classic',
      kind: 'internal',
      layout: 'classic',
      primaryColor: '#1c3f6e',
      accentColor: '#b08d2e',
      logoSvg: null,
      signatoryName: 'Ada Lovelace',
      signatoryTitle: 'Director of Studies',
      textLanguage: 'learner',
      externalUrl: null,
      created: NOW,
    });
    externalTemplateId = await insertCertificateTemplate(testApp.ctx.db, {
      tenantId,
      name: 'Partner credentials',
      kind: 'external',
      layout: 'classic',
      primaryColor: '#000000',
      accentColor: '#000000',
      logoSvg: null,
      signatoryName: null,
      signatoryTitle: null,
      textLanguage: 'learner',
      externalUrl: 'https://credentials.example.org/verify/{certificateNumber}',
      created: NOW,
    });
    adminCookie = await signInAs(testApp, await aUser(testApp.ctx.db, tenantId, ['Administrator']));
  });

  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.ctx.db;
  const get = (url: string, cookie?: string) =>
    testApp.app.inject({ method: 'GET', url: `${API}/${url}`, headers: clientHeaders(cookie) });
  const post = (url: string, body: unknown, cookie?: string) =>
    testApp.app.inject({
      method: 'POST',
      url: `${API}/${url}`,
      headers: clientHeaders(cookie),
      payload: JSON.stringify(body),
    });

  /** A two-activity text course issuing the template's certificate, and an enrolled, signed-in learner. */
  async function certifiedCourse(
    options: { validityDays?: number | null; retake?: boolean; template?: string } = {},
  ) {
    const tree = await aCourseTree(
      db(),
      tenantId,
      `Course ${randomUUID()}`,
      [{ name: 'A1' }, { name: 'A2' }],
      { gradingScaleId: scaleId },
    );
    await setObjectiveCertificate(db(), {
      objectiveId: tree.objectiveId,
      certificateTemplateId: options.template ?? templateId,
      validityDays: options.validityDays ?? null,
    });
    const userId = await aUser(db(), tenantId);
    const cookie = await signInAs(testApp, userId);
    let enrolment = anEnrolment(db(), { tenantId, userId, objectiveId: tree.objectiveId })
      .selfEnrolled()
      .revealGrades(GradeRevealPolicy.none);
    if (options.retake) enrolment = enrolment.retake();
    const { aggregateId } = await enrolment.create();
    return { ...tree, userId, cookie, aggregateId };
  }

  const command = (cookie: string, type: string, body: Record<string, unknown>) =>
    runCommand(testApp, type, cookie, { id: randomUUID(), ...body });

  /** Starts an attempt; with `pass`, completes both activities; then submits it. */
  async function takeCourse(
    course: Awaited<ReturnType<typeof certifiedCourse>>,
    { pass }: { pass: boolean },
  ): Promise<string> {
    const started = await command(course.cookie, 'start-objective-workflows', {
      objectiveWorkflowAggregateId: course.aggregateId,
    });
    expect(started.completed).toMatchObject({ state: 1 });
    const workflowId = started.entityId!;
    if (pass) {
      for (const name of ['A1', 'A2']) {
        const opened = await command(course.cookie, 'start-activity-workflows', {
          objectiveWorkflowId: workflowId,
          activityPartIds: course.parts[name]!.axis.split('/'),
        });
        const finished = await command(course.cookie, 'finish-activity-workflows', {
          objectiveWorkflowId: workflowId,
          activityWorkflowIds: [opened.entityId],
        });
        expect(finished.completed).toMatchObject({ state: 1 });
      }
    }
    const submitted = await runCommand(testApp, 'submit-objective-workflows', course.cookie, {
      id: workflowId,
    });
    expect(submitted.completed).toMatchObject({ state: 1 });
    return workflowId;
  }

  async function certificatesOf(cookie: string, query = ''): Promise<CertificateRecord[]> {
    const response = await get(`certificate-records/query${query}`, cookie);
    expect(response.statusCode).toBe(200);
    return listEnvelopeSchema(certificateRecordSchema).parse(response.json()).data;
  }

  const certificateRows = (workflowId: string) =>
    db()
      .selectFrom('certificateRecords')
      .selectAll()
      .where('objectiveWorkflowId', '=', workflowId)
      .execute();

  describe('issuance', () => {
    it('issues one certificate when a text course is passed, with what it certifies', async () => {
      const course = await certifiedCourse({ validityDays: 365 });
      const workflowId = await takeCourse(course, { pass: true });

      const [certificate, ...others] = await certificatesOf(course.cookie);
      expect(others).toEqual([]);
      expect(certificate).toMatchObject({
        certificateTemplate: { name: 'Acme classic' },
        objectiveId: course.objectiveId,
        userId: course.userId,
        status: 'valid',
        revoked: null,
        created: NOW,
        expirationDate: new Date(Date.parse(NOW) + 365 * DAY).toISOString(),
        normalizedPassingScore: 0.6,
        externalUrl: null,
        certificatePdfUrl: `${API}/certificate-records/${certificate!.id}/pdf`,
        certificatePngUrl: `${API}/certificate-records/${certificate!.id}/png`,
        objectiveRecord: { objectiveWorkflowId: workflowId, passed: true, score: 1, maxScore: 1 },
      });
      expect(certificate!.certificateNumber).toMatch(CERTIFICATE_NUMBER_PATTERN);
      const [row] = await certificateRows(workflowId);
      expect(row).toMatchObject({ holderName: expect.stringMatching(/^Test User \d+$/) });
      expect(row!.issuerName).toBe('Acme Academy');
    });

    it('issues none when the attempt fails', async () => {
      const course = await certifiedCourse();
      const workflowId = await takeCourse(course, { pass: false });
      expect(await certificateRows(workflowId)).toEqual([]);
      expect(await certificatesOf(course.cookie)).toEqual([]);
    });

    it('issues none for a course without a certificate template', async () => {
      const tree = await aCourseTree(db(), tenantId, `Plain ${randomUUID()}`, [], {
        gradingScaleId: scaleId,
      });
      const userId = await aUser(db(), tenantId);
      const cookie = await signInAs(testApp, userId);
      const { aggregateId } = await anEnrolment(db(), {
        tenantId,
        userId,
        objectiveId: tree.objectiveId,
      })
        .selfEnrolled()
        .create();
      const started = await command(cookie, 'start-objective-workflows', {
        objectiveWorkflowAggregateId: aggregateId,
      });
      await runCommand(testApp, 'submit-objective-workflows', cookie, { id: started.entityId });
      expect(await certificatesOf(cookie)).toEqual([]);
    });

    it('never issues a second certificate for a replayed or concurrent submit', async () => {
      const course = await certifiedCourse();
      const started = await command(course.cookie, 'start-objective-workflows', {
        objectiveWorkflowAggregateId: course.aggregateId,
      });
      const workflowId = started.entityId!;
      for (const name of ['A1', 'A2']) {
        const opened = await command(course.cookie, 'start-activity-workflows', {
          objectiveWorkflowId: workflowId,
          activityPartIds: course.parts[name]!.axis.split('/'),
        });
        await command(course.cookie, 'finish-activity-workflows', {
          objectiveWorkflowId: workflowId,
          activityWorkflowIds: [opened.entityId],
        });
      }
      // Two submits and two finishes at once: one of them finishes the attempt, the others change nothing.
      const outcomes = await Promise.all([
        runCommand(testApp, 'submit-objective-workflows', course.cookie, { id: workflowId }),
        runCommand(testApp, 'submit-objective-workflows', course.cookie, { id: workflowId }),
        command(course.cookie, 'finish-objective-workflows', { objectiveWorkflowId: workflowId }),
        command(course.cookie, 'finish-objective-workflows', { objectiveWorkflowId: workflowId }),
      ]);
      expect(outcomes.some((status) => status.completed?.state === 1)).toBe(true);
      // A replay of the submit command answers the stored outcome.
      await runCommand(testApp, 'submit-objective-workflows', course.cookie, { id: workflowId });
      expect(await certificateRows(workflowId)).toHaveLength(1);
      expect(await certificatesOf(course.cookie)).toHaveLength(1);
    });

    it('issues a new certificate for a passing retake, newest first', async () => {
      const course = await certifiedCourse({ retake: true });
      const first = await takeCourse(course, { pass: true });
      clock.set('2026-03-15T13:00:00.000Z');
      let second: string;
      try {
        second = await takeCourse(course, { pass: true });
      } finally {
        clock.set(NOW);
      }

      const certificates = await certificatesOf(course.cookie);
      expect(certificates.map((c) => c.objectiveRecord?.objectiveWorkflowId)).toEqual([
        second,
        first,
      ]);
      expect(certificates[0]!.certificateNumber).not.toBe(certificates[1]!.certificateNumber);
    });

    it('issues the certificate of an LTI course in the transaction that takes the tool score', async () => {
      const tool = await anLti13Tool(testApp.lti, tenantId);
      const course = await anLtiCourse(db(), testApp.lti, tenantId, tool, {
        name: `LTI ${randomUUID()}`,
      });
      await setObjectiveCertificate(db(), {
        objectiveId: course.objectiveId,
        certificateTemplateId: templateId,
      });
      await db()
        .updateTable('activities')
        .set({ normalizedPassingScore: 0.5 })
        .where('id', '=', course.rootActivityId)
        .execute();
      const userId = await aUser(db(), tenantId);
      const cookie = await signInAs(testApp, userId);
      const { aggregateId } = await anEnrolment(db(), {
        tenantId,
        userId,
        objectiveId: course.objectiveId,
      })
        .selfEnrolled()
        .revealGrades(GradeRevealPolicy.none)
        .create();
      const started = await command(cookie, 'start-objective-workflows', {
        objectiveWorkflowAggregateId: aggregateId,
      });
      await command(cookie, 'start-activity-workflows', {
        objectiveWorkflowId: started.entityId,
        activityPartIds: [],
      });
      const { lineItemId } = await aResourceLink(db(), {
        tenantId,
        tool,
        objectiveId: course.objectiveId,
        activityId: course.rootActivityId,
        axis: '',
        created: NOW,
      });
      const score = (timestamp: string) => ({
        toolId: tool.id,
        lineItemId,
        userId,
        scoreGiven: 9,
        scoreMaximum: 10,
        activityProgress: 'Completed' as const,
        gradingProgress: 'FullyGraded' as const,
        comment: null,
        timestamp,
      });
      // The same score delivered twice at once, and a later one: one certificate.
      await Promise.all([
        applyToolResult(testApp.ctx, score('2026-03-15T11:59:00.000Z')),
        applyToolResult(testApp.ctx, score('2026-03-15T11:59:00.000Z')),
      ]);
      await applyToolResult(testApp.ctx, score('2026-03-15T11:59:30.000Z'));

      const certificates = await certificatesOf(cookie);
      expect(certificates).toHaveLength(1);
      expect(certificates[0]).toMatchObject({
        objectiveId: course.objectiveId,
        objectiveRecord: { objectiveWorkflowId: started.entityId, passed: true },
      });
    });

    it('gives external templates their URL and no files', async () => {
      const course = await certifiedCourse({ template: externalTemplateId });
      await takeCourse(course, { pass: true });
      const [certificate] = await certificatesOf(course.cookie);
      expect(certificate).toMatchObject({
        certificateTemplate: { name: 'Partner credentials' },
        certificatePdfUrl: null,
        certificatePngUrl: null,
        externalUrl: `https://credentials.example.org/verify/${certificate!.certificateNumber}`,
      });
    });
  });

  describe('holder API', () => {
    it('finds a certificate by number, or by course and user, and never another learner’s', async () => {
      const course = await certifiedCourse();
      await takeCourse(course, { pass: true });
      const [mine] = await certificatesOf(course.cookie);
      const other = await certifiedCourse();
      await takeCourse(other, { pass: true });
      const [theirs] = await certificatesOf(other.cookie);

      const byNumber = encodeURIComponent(
        JSON.stringify(['certificateNumber', '=', mine!.certificateNumber]),
      );
      expect((await certificatesOf(course.cookie, `?filter=${byNumber}`)).map((c) => c.id)).toEqual(
        [mine!.id],
      );
      const byCourseAndUser = encodeURIComponent(
        JSON.stringify([
          ['objectiveId', '=', course.objectiveId],
          'and',
          ['userId', '=', course.userId],
        ]),
      );
      expect(
        (await certificatesOf(course.cookie, `?filter=${byCourseAndUser}`)).map((c) => c.id),
      ).toEqual([mine!.id]);

      // Another learner's certificate: not listed, whatever the filter, and 404 by id.
      const theirNumber = encodeURIComponent(
        JSON.stringify(['certificateNumber', '=', theirs!.certificateNumber]),
      );
      expect(await certificatesOf(course.cookie, `?filter=${theirNumber}`)).toEqual([]);
      const theirUser = encodeURIComponent(JSON.stringify(['userId', '=', other.userId]));
      expect(await certificatesOf(course.cookie, `?filter=${theirUser}`)).toEqual([]);
      expect((await get(`certificate-records/${theirs!.id}`, course.cookie)).statusCode).toBe(404);
      expect((await get(`certificate-records/${mine!.id}`, course.cookie)).json()).toMatchObject({
        id: mine!.id,
      });
      expect((await get(`certificate-records/${mine!.id}`)).statusCode).toBe(401);
    });

    it('refuses filters on fields the list does not offer', async () => {
      const course = await certifiedCourse();
      const filter = encodeURIComponent(JSON.stringify(['holderName', '=', 'x']));
      const response = await get(`certificate-records/query?filter=${filter}`, course.cookie);
      expect(response.statusCode).toBe(400);
    });
  });

  describe('files', () => {
    it('renders the PDF and PNG once, stores them and serves them to the holder and the public', async () => {
      const course = await certifiedCourse();
      await takeCourse(course, { pass: true });
      const [certificate] = await certificatesOf(course.cookie);
      const other = await certifiedCourse();

      const pdf = await get(`certificate-records/${certificate!.id}/pdf`, course.cookie);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(
        `attachment; filename="Certificate-${certificate!.certificateNumber}.pdf"`,
      );
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const again = await get(`certificate-records/${certificate!.id}/pdf`, course.cookie);
      expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);

      const png = await get(
        `public/certificate-records/${certificate!.certificateNumber}/png?disposition=inline`,
      );
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['content-disposition']).toBe(
        `inline; filename="Certificate-${certificate!.certificateNumber}.png"`,
      );
      expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');

      const stored = await db()
        .selectFrom('certificateFiles')
        .select('kind')
        .where('certificateRecordId', '=', certificate!.id)
        .orderBy('kind')
        .execute();
      expect(stored.map((file) => file.kind)).toEqual(['pdf', 'png']);

      // Another learner gets nothing, not even a hint that it exists.
      expect(
        (await get(`certificate-records/${certificate!.id}/pdf`, other.cookie)).statusCode,
      ).toBe(404);
      expect((await get('public/certificate-records/0000-0000-0000-0000/pdf')).statusCode).toBe(
        404,
      );
    });

    it('has no files for external templates', async () => {
      const course = await certifiedCourse({ template: externalTemplateId });
      await takeCourse(course, { pass: true });
      const [certificate] = await certificatesOf(course.cookie);
      expect(
        (await get(`certificate-records/${certificate!.id}/png`, course.cookie)).statusCode,
      ).toBe(404);
    });
  });

  describe('expiry, revocation and the public view', () => {
    it('shows a verifier only what verifies the certificate, and its status over time', async () => {
      const course = await certifiedCourse({ validityDays: 30 });
      await takeCourse(course, { pass: true });
      const [certificate] = await certificatesOf(course.cookie);
      const number = certificate!.certificateNumber;

      const response = await get(`public/certificate-records/${number}`);
      expect(response.statusCode).toBe(200);
      const view = publicCertificateRecordSchema.strict().parse(response.json());
      expect(view).toEqual({
        certificateNumber: number,
        holderName: expect.stringMatching(/^Test User \d+$/),
        objectiveName: expect.stringMatching(/^Course /),
        objectiveCode: expect.anything(),
        issuerName: 'Acme Academy',
        issued: NOW,
        expirationDate: new Date(Date.parse(NOW) + 30 * DAY).toISOString(),
        status: 'valid',
        revoked: null,
        score: null,
        certificatePdfUrl: `${API}/public/certificate-records/${number}/pdf`,
        certificatePngUrl: `${API}/public/certificate-records/${number}/png`,
        externalUrl: null,
      });
      expect(response.body).not.toContain('@');
      expect(response.body).not.toContain(course.userId);
      expect(response.body).not.toContain(certificate!.id);
      // Typed in lower case and without dashes, it is the same certificate.
      const typed = number.replaceAll('-', '').toLowerCase();
      expect((await get(`public/certificate-records/${typed}`)).json()).toMatchObject({
        certificateNumber: number,
      });

      clock.set(new Date(Date.parse(NOW) + 30 * DAY));
      try {
        expect((await get(`public/certificate-records/${number}`)).json()).toMatchObject({
          status: 'expired',
        });
        const cookie = await signInAs(testApp, course.userId);
        expect((await get(`certificate-records/${certificate!.id}`, cookie)).json()).toMatchObject({
          status: 'expired',
        });
      } finally {
        clock.set(NOW);
      }
    });

    it('shows the score publicly only when the tenant allows it', async () => {
      const course = await certifiedCourse();
      await takeCourse(course, { pass: true });
      const [certificate] = await certificatesOf(course.cookie);
      await db()
        .insertInto('settings')
        .values({ tenantId, key: 'certificates.publicScore', value: 'true' })
        .execute();
      const view = (
        await get(`public/certificate-records/${certificate!.certificateNumber}`)
      ).json();
      await db()
        .deleteFrom('settings')
        .where('tenantId', '=', tenantId)
        .where('key', '=', 'certificates.publicScore')
        .execute();
      expect(view).toMatchObject({ score: { score: 1, maxScore: 1 } });
    });

    it('answers unknown and malformed numbers with the same 404', async () => {
      const unknown = await get('public/certificate-records/0000-0000-0000-0000');
      const malformed = await get('public/certificate-records/%3Cscript%3E');
      expect(unknown.statusCode).toBe(404);
      expect(malformed.statusCode).toBe(404);
      expect(unknown.body).toBe(malformed.body);
    });

    it('lets an administrator revoke a certificate with a reason, and nobody else', async () => {
      const course = await certifiedCourse();
      await takeCourse(course, { pass: true });
      const [certificate] = await certificatesOf(course.cookie);
      const url = `certificate-records/${certificate!.id}/revocation`;

      expect((await post(url, { reason: 'Mine' }, course.cookie)).statusCode).toBe(403);
      expect((await post(url, { reason: '' }, adminCookie)).statusCode).toBe(400);
      const revoked = await post(url, { reason: 'Exam misconduct' }, adminCookie);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toMatchObject({ revokedReason: 'Exam misconduct', revoked: NOW });
      expect((await post(url, { reason: 'Again' }, adminCookie)).statusCode).toBe(409);

      expect(
        (await get(`public/certificate-records/${certificate!.certificateNumber}`)).json(),
      ).toMatchObject({ status: 'revoked', revoked: NOW });
      expect(
        (await get(`certificate-records/${certificate!.id}`, course.cookie)).json(),
      ).toMatchObject({ status: 'revoked' });
      // Without the CSRF marker a cookie-authenticated revocation is refused.
      const { 'x-requested-with': _marker, ...headers } = clientHeaders(adminCookie);
      const forged = await testApp.app.inject({
        method: 'POST',
        url: `${API}/${url}`,
        headers,
        payload: JSON.stringify({ reason: 'x' }),
      });
      expect(forged.statusCode).toBe(403);
    });

    it('keeps administrators of another tenant out', async () => {
      const course = await certifiedCourse();
      await takeCourse(course, { pass: true });
      const [certificate] = await certificatesOf(course.cookie);
      const otherTenant = await aTenant(db());
      const outsider = await signInAs(testApp, await aUser(db(), otherTenant, ['Administrator']));
      const response = await post(
        `certificate-records/${certificate!.id}/revocation`,
        { reason: 'x' },
        outsider,
      );
      expect(response.statusCode).toBe(404);
    });
  });
});
