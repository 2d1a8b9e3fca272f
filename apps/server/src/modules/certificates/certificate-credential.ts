// Each certificate as an Open Badges 3.0 credential (a W3C Verifiable Credential, VC-JWT proof), signed with
// its tenant's ES256 key. The tenant is a did:web issuer whose DID document, with the public key, is served
// at PUBLIC_URL/api/lms/v1/public/issuers/{tenantId}/did.json, so any verifier can check the signature.
import { generateKeyPair, type KeyObject } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createSecretBox } from '../lti/secret-box.ts';
import type { CertificateRow } from './certificates.repository.ts';
import { verificationUrl } from './certificate-files.ts';

const ALG = 'ES256';

/** did:web of a tenant: the public host (port encoded as %3A) and the path of its DID document. */
export function issuerDid(publicUrl: string, tenantId: string): string {
  const url = new URL(publicUrl);
  const path = [
    ...url.pathname.split('/').filter(Boolean),
    'api',
    'lms',
    'v1',
    'public',
    'issuers',
    tenantId,
  ];
  return ['did:web', encodeURIComponent(url.host), ...path.map(encodeURIComponent)].join(':');
}

interface TenantKey {
  kid: string;
  publicJwk: JWK;
  privateJwk: JWK;
}

async function generateEs256(): Promise<TenantKey> {
  const { publicKey, privateKey } = await new Promise<{
    publicKey: KeyObject;
    privateKey: KeyObject;
  }>((resolve, reject) =>
    generateKeyPair('ec', { namedCurve: 'P-256' }, (error, pub, priv) =>
      error ? reject(error) : resolve({ publicKey: pub, privateKey: priv }),
    ),
  );
  const publicJwk = publicKey.export({ format: 'jwk' }) as JWK;
  // The key's id is its RFC 7638 thumbprint-like digest: stable and unique per key.
  const kid = `key-${Buffer.from(`${publicJwk.x}.${publicJwk.y}`).toString('base64url').slice(0, 16)}`;
  return {
    kid,
    publicJwk: { ...publicJwk, alg: ALG, kid },
    privateJwk: { ...(privateKey.export({ format: 'jwk' }) as JWK), alg: ALG, kid },
  };
}

/** The tenant's signing key, created on first use (concurrent first uses keep one). */
export async function tenantSigningKey(
  db: Kysely<Database>,
  encryptionKey: string,
  tenantId: string,
  now: Date,
): Promise<TenantKey> {
  const box = createSecretBox(encryptionKey);
  const read = () =>
    db
      .selectFrom('certificateSigningKeys')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    const key = await generateEs256();
    await db
      .insertInto('certificateSigningKeys')
      .values({
        tenantId,
        kid: key.kid,
        publicJwk: JSON.stringify(key.publicJwk),
        privateJwkEncrypted: box.seal(JSON.stringify(key.privateJwk)),
        created: now.toISOString(),
      })
      .onConflict((oc) => oc.column('tenantId').doNothing())
      .execute();
    row = (await read())!;
  }
  return {
    kid: row.kid,
    publicJwk: JSON.parse(row.publicJwk) as JWK,
    privateJwk: JSON.parse(box.open(row.privateJwkEncrypted)) as JWK,
  };
}

/** The tenant's DID document: its public key as a JsonWebKey2020 verification method for assertions. */
export function didDocument(
  publicUrl: string,
  tenantId: string,
  key: Pick<TenantKey, 'kid' | 'publicJwk'>,
) {
  const did = issuerDid(publicUrl, tenantId);
  const method = `${did}#${key.kid}`;
  const { kty, crv, x, y } = key.publicJwk;
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: did,
    verificationMethod: [
      { id: method, type: 'JsonWebKey2020', controller: did, publicKeyJwk: { kty, crv, x, y } },
    ],
    assertionMethod: [method],
  };
}

/** The Open Badges 3.0 credential of a certificate (VC data model 1.1 form). */
export function openBadgeCredential(row: CertificateRow, publicUrl: string) {
  const verifyAt = verificationUrl(publicUrl, row.certificateNumber);
  return {
    '@context': [
      'https://www.w3.org/2018/credentials/v1',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ],
    id: `urn:uuid:${row.id}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: row.objectiveName,
    issuer: {
      id: issuerDid(publicUrl, row.tenantId),
      type: ['Profile'],
      name: row.issuerName,
      url: publicUrl,
    },
    issuanceDate: row.created,
    ...(row.expirationDate ? { expirationDate: row.expirationDate } : {}),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityType: 'name',
          hashed: false,
          identityHash: row.holderName,
        },
      ],
      achievement: {
        id: `urn:uuid:${row.objectiveId}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: row.objectiveName,
        ...(row.objectiveCode ? { humanCode: row.objectiveCode } : {}),
        description: row.objectiveName,
        criteria: { narrative: `Passed the course ${row.objectiveName}.` },
      },
    },
    evidence: [{ id: verifyAt, type: ['Evidence'], name: row.certificateNumber }],
  };
}

export type OpenBadgeCredential = ReturnType<typeof openBadgeCredential>;

/** The credential signed as a VC-JWT by the tenant's key, with the proof beside it as verifiers read it. */
export async function signedCredential(
  db: Kysely<Database>,
  options: { publicUrl: string; encryptionKey: string; now: Date },
  row: CertificateRow,
) {
  const key = await tenantSigningKey(db, options.encryptionKey, row.tenantId, options.now);
  const credential = openBadgeCredential(row, options.publicUrl);
  const did = credential.issuer.id;
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  let jwt = new SignJWT({ vc: credential })
    .setProtectedHeader({ alg: ALG, typ: 'JWT', kid: `${did}#${key.kid}` })
    .setIssuer(did)
    .setJti(credential.id)
    .setNotBefore(seconds(row.created))
    .setIssuedAt(seconds(row.created));
  if (row.expirationDate) jwt = jwt.setExpirationTime(seconds(row.expirationDate));
  const signed = await jwt.sign(await importJWK(key.privateJwk, ALG));
  return { ...credential, proof: { type: 'JwtProof2020', jwt: signed } };
}
