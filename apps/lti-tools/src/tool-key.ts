// The tool's RSA signing key: read from (or created in) the key file, published as a JWKS, signs client assertions.
import { generateKeyPair, randomUUID, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  importJWK,
  SignJWT,
  type CryptoKey,
  type JWK,
  type KeyObject as JoseKeyObject,
} from 'jose';

export interface ToolKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey | JoseKeyObject | Uint8Array;
}

async function generatePrivateJwk(): Promise<JWK> {
  const privateKey = await new Promise<KeyObject>((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, _pub, priv) =>
      error ? reject(error) : resolve(priv),
    ),
  );
  return {
    ...(privateKey.export({ format: 'jwk' }) as JWK),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };
}

function assertPrivateRsaJwk(jwk: unknown, file: string): asserts jwk is JWK & { kid: string } {
  const candidate = jwk as Partial<JWK> | null;
  const ok =
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.kty === 'RSA' &&
    typeof candidate.kid === 'string' &&
    candidate.kid !== '' &&
    typeof candidate.n === 'string' &&
    typeof candidate.e === 'string' &&
    typeof candidate.d === 'string';
  if (!ok) throw new Error(`${file} does not hold an RSA private JWK with a kid`);
}

async function readOrCreateJwk(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const jwk = await generatePrivateJwk();
  await mkdir(dirname(file), { recursive: true });
  try {
    // 'wx': never overwrite a key another process wrote a moment ago.
    await writeFile(file, `${JSON.stringify(jwk)}\n`, { mode: 0o600, flag: 'wx' });
    return jwk;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await readFile(file, 'utf8'));
  }
}

export async function loadToolKey(file: string): Promise<ToolKey> {
  const jwk = await readOrCreateJwk(file);
  assertPrivateRsaJwk(jwk, file);
  const { kty, n, e, kid } = jwk;
  return {
    kid,
    publicJwk: { kty, n, e, kid, alg: 'RS256', use: 'sig' },
    privateKey: await importJWK({ ...jwk, alg: 'RS256' }, 'RS256'),
  };
}

/** JWT client assertion for the OAuth 2.0 client-credentials grant (1EdTech Security Framework §4.1). */
export async function signClientAssertion(
  key: ToolKey,
  clientId: string,
  tokenEndpoint: string,
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenEndpoint)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(key.privateKey);
}
