// Test-only command and helpers for the engine's tests: a handler whose effect is a row in key_values.
import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import type { CommandStatus } from '@portal/contracts';
import { BadRequestError } from '../http/errors.ts';
import { createTenant, createUser } from '../modules/identity/identity.repository.ts';
import { signInAs } from '../test/sign-in.ts';
import { clientHeaders, type TestApp } from '../test/test-app.ts';
import type { BuiltApp } from '../app.ts';
import { defineCommand, type CommandDefinition } from './command-types.ts';

export const KEY_VALUE_TYPE = 'create-key-values';
export const KEY_VALUE_URL = `/api/lms/v1/${KEY_VALUE_TYPE}`;

export const keyValuePayloadSchema = z
  .object({
    key: z.string().min(1).max(200),
    value: z.string().max(300_000),
    /** How the handler behaves: the tests drive every outcome through it. */
    mode: z.enum(['ok', 'errors', 'domain-error', 'crash', 'crash-once', 'slow']).default('ok'),
  })
  .strict();

export interface KeyValueProbe {
  /** Handler runs per key, counted before the handler decides the outcome. */
  calls: Map<string, number>;
  /** Awaited by a `slow` command inside its transaction. */
  slow: () => Promise<void>;
}

export function keyValueCommand(probe: KeyValueProbe): CommandDefinition {
  return defineCommand({
    type: KEY_VALUE_TYPE,
    payload: keyValuePayloadSchema,
    resultUrl: (entityId) => `/api/lms/v1/key-values/${entityId}`,
    async handle(tx, { payload }) {
      const calls = (probe.calls.get(payload.key) ?? 0) + 1;
      probe.calls.set(payload.key, calls);
      // The write comes first so that every failing path proves the engine rolled it back.
      await tx.insertInto('keyValues').values({ key: payload.key, value: payload.value }).execute();
      switch (payload.mode) {
        case 'errors':
          return { errors: { Name: ['Name is empty'], _: ['Key value is not valid'] } };
        case 'domain-error':
          throw new BadRequestError('key_taken', 'Key is taken', {
            Key: [`Key '${payload.key}' already exists`],
          });
        case 'crash':
          throw new Error('handler crashed');
        case 'crash-once':
          if (calls === 1) throw new Error('handler crashed once');
          break;
        case 'slow':
          await probe.slow();
          break;
        case 'ok':
          break;
      }
      return { entityId: payload.key };
    },
  });
}

export function newProbe(): KeyValueProbe {
  return { calls: new Map(), slow: async () => undefined };
}

export interface TestUser {
  userId: string;
  tenantId: string;
  cookie: string;
}

let tenantCounter = 0;

/** A signed-in learner in a tenant of their own. */
export async function createSignedInUser(testApp: Pick<BuiltApp, 'ctx'>): Promise<TestUser> {
  const [user] = await createSignedInUsers(testApp, 1);
  if (!user) throw new Error('no user created');
  return user;
}

/** Two signed-in learners of one tenant. */
export async function createSignedInPair(
  testApp: Pick<BuiltApp, 'ctx'>,
): Promise<[TestUser, TestUser]> {
  const [first, second] = await createSignedInUsers(testApp, 2);
  if (!first || !second) throw new Error('no users created');
  return [first, second];
}

/** A tenant with `count` learners, each with a session cookie. */
async function createSignedInUsers(
  testApp: Pick<BuiltApp, 'ctx'>,
  count: number,
): Promise<TestUser[]> {
  const { db, clock } = testApp.ctx;
  const created = clock.now().toISOString();
  tenantCounter += 1;
  const tenant = await createTenant(db, {
    name: 'Commands',
    domain: `commands-${tenantCounter}.test`,
    created,
  });
  const users: TestUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = await createUser(db, {
      tenantId: tenant.id,
      email: `learner${i}@commands-${tenantCounter}.test`,
      firstName: 'Learner',
      lastName: String(i),
      roles: ['Learner'],
      created,
    });
    users.push({
      userId: user.id,
      tenantId: tenant.id,
      cookie: await signInAs(testApp, user.id),
    });
  }
  return users;
}

export function postCommand(
  testApp: Pick<TestApp, 'app'>,
  user: TestUser,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: KEY_VALUE_URL,
    headers: { ...clientHeaders(user.cookie), prefer: 'respond-async', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function getStatus(testApp: Pick<TestApp, 'app'>, user: TestUser, url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: clientHeaders(user.cookie) });
}

/** Polls the status resource like the web client does, until `completed` is set (5 s real-time bound). */
export async function pollUntilCompleted(
  testApp: Pick<TestApp, 'app'>,
  user: TestUser,
  url: string,
): Promise<CommandStatus> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const response = await getStatus(testApp, user, url);
    if (response.statusCode !== 200)
      throw new Error(`status GET answered ${response.statusCode}: ${response.body}`);
    const status = response.json() as CommandStatus;
    if (status.completed) return status;
    if (Date.now() > deadline) throw new Error(`command ${url} did not complete in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function keyValueRows(testApp: Pick<BuiltApp, 'ctx'>, key: string) {
  return testApp.ctx.db.selectFrom('keyValues').selectAll().where('key', '=', key).execute();
}
