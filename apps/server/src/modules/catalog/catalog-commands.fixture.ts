// Test helpers of the catalog commands: posting one as the web client does and waiting for its outcome.
import type { LightMyRequestResponse } from 'fastify';
import type { CommandStatus } from '@portal/contracts';
import { clientHeaders, type TestApp } from '../../test/test-app.ts';

export function postCommand(
  testApp: Pick<TestApp, 'app'>,
  type: string,
  cookie: string | undefined,
  body: unknown,
  prefer: 'respond-sync' | 'respond-async' = 'respond-sync',
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/lms/v1/${type}`,
    headers: { ...clientHeaders(cookie), prefer },
    payload: JSON.stringify(body),
  });
}

/** Runs a command with respond-sync and answers its finished status (fails the test otherwise). */
export async function runCommand(
  testApp: Pick<TestApp, 'app'>,
  type: string,
  cookie: string,
  body: unknown,
): Promise<CommandStatus> {
  const response = await postCommand(testApp, type, cookie, body);
  if (response.statusCode !== 200) {
    throw new Error(`${type} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<CommandStatus>();
}
