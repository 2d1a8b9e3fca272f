// Sends a score to the platform with LTI AGS 2.0: a client-credentials token (JWT assertion), then POST {lineitem}/scores.
import type { PlatformRegistration } from './config.ts';
import { AGS_SCORE_SCOPE } from './launch.ts';
import { signClientAssertion, type ToolKey } from './tool-key.ts';

export const SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';
const REQUEST_TIMEOUT_MS = 10_000;

export interface ScoreToSend {
  platform: PlatformRegistration;
  lineItemUrl: string;
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
}

/** Why a score did not reach the platform, in words a learner can read. */
export class ScoreNotSent extends Error {}

/** `{lineitem}/scores`, keeping the line item URL's query string (as ltijs and the AGS spec examples do). */
export function scoresUrl(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.toString();
}

async function describeRefusal(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown; code?: unknown };
    const reason = [body.error, body.code, body.message].find((v) => typeof v === 'string');
    if (typeof reason === 'string') return `HTTP ${response.status}: ${reason.slice(0, 200)}`;
  } catch {
    // not JSON: the status alone
  }
  return `HTTP ${response.status}`;
}

async function post(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    throw new ScoreNotSent(`The platform could not be reached for the ${what}.`);
  }
}

export async function requestAccessToken(
  key: ToolKey,
  platform: PlatformRegistration,
  scope: string,
): Promise<string> {
  const assertion = await signClientAssertion(key, platform.clientId, platform.tokenEndpoint);
  const response = await post(
    platform.tokenEndpoint,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope,
      }).toString(),
    },
    'access token',
  );
  if (!response.ok) {
    throw new ScoreNotSent(
      `The platform refused an access token (${await describeRefusal(response)}).`,
    );
  }
  const body = (await response.json().catch(() => null)) as { access_token?: unknown } | null;
  if (typeof body?.access_token !== 'string' || body.access_token === '') {
    throw new ScoreNotSent('The platform answered the token request without an access token.');
  }
  return body.access_token;
}

export async function sendScore(key: ToolKey, score: ScoreToSend): Promise<void> {
  const token = await requestAccessToken(key, score.platform, AGS_SCORE_SCOPE);
  const response = await post(
    scoresUrl(score.lineItemUrl),
    {
      method: 'POST',
      headers: { 'content-type': SCORE_MEDIA_TYPE, authorization: `Bearer ${token}` },
      body: JSON.stringify({
        userId: score.userId,
        scoreGiven: score.scoreGiven,
        scoreMaximum: score.scoreMaximum,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        timestamp: new Date().toISOString(),
      }),
    },
    'score',
  );
  if (!response.ok) {
    throw new ScoreNotSent(`The platform refused the score (${await describeRefusal(response)}).`);
  }
  await response.body?.cancel();
}
