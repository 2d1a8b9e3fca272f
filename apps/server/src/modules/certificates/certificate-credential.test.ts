// Certificates as Open Badges 3.0 verifiable credentials, checked with an independent verifier (did-jwt-vc,
// resolving the tenant's did:web document from the portal): a genuine credential verifies, a tampered one or
// one of another issuer does not.
import { randomUUID } from 'node:crypto';
import { verifyCredential } from 'did-jwt-vc';
import { Resolver, type DIDResolutionResult } from 'did-resolver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeRevealPolicy } from '@portal/contracts';
import { fixedClock } from '../../lib/clock.ts';
import {
  insertCertificateTemplate,
  setObjectiveCertificate,
} from '../../seed/certificate-records.ts';
import { aCourseTree, anEnrolment, aTenant, aUser } from '../../test/course-builders.ts';
import { signInAs } from '../../test/sign-in.ts';
import { clientHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { runCommand } from '../catalog/catalog-commands.fixture.ts';
import { issuerDid } from './certificate-credential.ts';
import { readBakedText } from './png-baking.ts';

const NOW = '2026-03-15T12:00:00.000Z';
const API = '/api/lms/v1';

describe('issuerDid', () => {
  it('names the tenant as a did:web issuer under the public URL', () => {
    expect(issuerDid('https://portal.example.org', 'a1')).toBe(
      'did:web:portal.example.org:api:lms:v1:public:issuers:a1',
    );
    expect(issuerDid('http://localhost:3000', 'a1')).toBe(
      'did:web:localhost%3A3000:api:lms:v1:public:issuers:a1',
    );
  });
});

describe.each(await testDialects())('certificate credentials on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { clock: fixedClock(NOW) });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, cookie?: string) =>
    testApp.app.inject({ method: 'GET', url: `${API}/${url}`, headers: clientHeaders(cookie) });

  /** did:web resolution (W3C did:web method) over the test app instead of the network. */
  const resolver = new Resolver({
    web: async (_did, parsed): Promise<DIDResolutionResult> => {
      const [host, ...path] = parsed.id.split(':').map(decodeURIComponent);
      const url = new URL(`https://${host}/${path.join('/') || '.well-known'}/did.json`);
      const response = await testApp.app.inject({ method: 'GET', url: url.pathname });
      return response.statusCode === 200
        ? {
            didResolutionMetadata: { contentType: 'application/did+json' },
            didDocument: response.json(),
            didDocumentMetadata: {},
          }
        : {
            didResolutionMetadata: { error: 'notFound' },
            didDocument: null,
            didDocumentMetadata: {},
          };
    },
  });
  const verify = (jwt: string) =>
    verifyCredential(jwt, resolver, { policies: { now: Date.parse(NOW) / 1000 + 60 } });

  /** A tenant whose learner passed a one-activity course with a certificate; answers its credential. */
  async function passedCertificate(tenantName: string) {
    const db = testApp.ctx.db;
    const tenantId = await aTenant(db, tenantName);
    const templateId = await insertCertificateTemplate(db, {
      tenantId,
      name: 'Classic',
      kind: 'internal',
      layout: 'classic',
      primaryColor: '#1c3f6e',
      accentColor: '#b08d2e',
      logoSvg: null,
      signatoryName: null,
      signatoryTitle: null,
      textLanguage: 'learner',
      externalUrl: null,
      created: NOW,
    });
    const tree = await aCourseTree(db, tenantId, `Course ${randomUUID()}`, [{ name: 'A' }]);
    await db
      .updateTable('activities')
      .set({ normalizedPassingScore: 0.5 })
      .where('id', '=', tree.rootActivityId)
      .execute();
    await setObjectiveCertificate(db, {
      objectiveId: tree.objectiveId,
      certificateTemplateId: templateId,
    });
    const userId = await aUser(db, tenantId);
    const cookie = await signInAs(testApp, userId);
    const { aggregateId } = await anEnrolment(db, {
      tenantId,
      userId,
      objectiveId: tree.objectiveId,
    })
      .selfEnrolled()
      .revealGrades(GradeRevealPolicy.none)
      .create();
    const command = (type: string, body: object) =>
      runCommand(testApp, type, cookie, { id: randomUUID(), ...body });
    const workflowId = (
      await command('start-objective-workflows', { objectiveWorkflowAggregateId: aggregateId })
    ).entityId!;
    const opened = await command('start-activity-workflows', {
      objectiveWorkflowId: workflowId,
      activityPartIds: tree.parts.A!.axis.split('/'),
    });
    await command('finish-activity-workflows', {
      objectiveWorkflowId: workflowId,
      activityWorkflowIds: [opened.entityId],
    });
    await runCommand(testApp, 'submit-objective-workflows', cookie, { id: workflowId });
    const list = (await get('certificate-records/query', cookie)).json<{
      data: { id: string }[];
    }>();
    const certificateId = list.data[0]!.id;
    const response = await get(`certificate-records/${certificateId}/credential`, cookie);
    expect(response.statusCode).toBe(200);
    return { tenantId, certificateId, cookie, credential: response.json(), tree };
  }

  it('issues a credential that an independent verifier accepts, signed by the tenant', async () => {
    const { tenantId, credential, tree } = await passedCertificate('Acme Academy');
    expect(credential).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: issuerDid(testApp.ctx.config.publicUrl, tenantId), name: 'Acme Academy' },
      credentialSubject: { type: ['AchievementSubject'] },
      proof: { type: 'JwtProof2020' },
    });
    const verified = await verify(credential.proof.jwt);
    expect(verified.verified).toBe(true);
    expect(verified.issuer).toBe(issuerDid(testApp.ctx.config.publicUrl, tenantId));
    expect(verified.verifiableCredential.credentialSubject).toMatchObject({
      achievement: { name: expect.stringMatching(/^Course /), id: `urn:uuid:${tree.objectiveId}` },
      identifier: [
        { identityType: 'name', identityHash: expect.stringMatching(/^Test User \d+$/) },
      ],
    });
  });

  it('bakes the signed credential into the certificate’s PNG', async () => {
    const { certificateId, cookie } = await passedCertificate('Acme Academy');
    const png = await get(`certificate-records/${certificateId}/png`, cookie);
    expect(png.statusCode).toBe(200);
    const baked = readBakedText(png.rawPayload);
    expect(baked).not.toBeNull();
    const verified = await verify(baked!);
    expect(verified.verified).toBe(true);
    expect(verified.verifiableCredential.id).toBe(`urn:uuid:${certificateId}`);
  });

  it('refuses a credential whose content was changed after signing', async () => {
    const { credential } = await passedCertificate('Acme Academy');
    const [header, payload, signature] = (credential.proof.jwt as string).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    claims.vc.credentialSubject.identifier[0].identityHash = 'Mallory';
    const tampered = [
      header,
      Buffer.from(JSON.stringify(claims)).toString('base64url'),
      signature,
    ].join('.');
    await expect(verify(tampered)).rejects.toThrow(/signature/i);
  });

  it('refuses a credential that names another tenant as its issuer', async () => {
    const first = await passedCertificate('First');
    const second = await passedCertificate('Second');
    const [, payload, signature] = (first.credential.proof.jwt as string).split('.');
    const [otherHeader] = (second.credential.proof.jwt as string).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    claims.iss = issuerDid(testApp.ctx.config.publicUrl, second.tenantId);
    const forged = [
      otherHeader,
      Buffer.from(JSON.stringify(claims)).toString('base64url'),
      signature,
    ].join('.');
    await expect(verify(forged)).rejects.toThrow();
  });

  it('serves the credential publicly by number, and issuer documents of tenants only', async () => {
    const { certificateId, cookie } = await passedCertificate('Acme Academy');
    const record = (await get(`certificate-records/${certificateId}`, cookie)).json<{
      certificateNumber: string;
    }>();
    const response = await get(`public/certificate-records/${record.certificateNumber}/credential`);
    expect(response.statusCode).toBe(200);
    expect((await verify(response.json().proof.jwt)).verified).toBe(true);
    expect((await get('public/issuers/not-a-tenant/did.json')).statusCode).toBe(404);
  });
});
