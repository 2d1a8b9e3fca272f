// The command protocol through real HTTP on every dialect: accept, poll, sync, idempotency, access, binding.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandStatusSchema, errorBodySchema, operationSchema } from '@portal/contracts';
import { fixedClock } from '../lib/clock.ts';
import { clientHeaders, createTestApp, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import {
  KEY_VALUE_URL,
  createSignedInPair,
  createSignedInUser,
  getStatus,
  keyValueCommand,
  keyValueRows,
  newProbe,
  pollUntilCompleted,
  postCommand,
  type KeyValueProbe,
  type TestUser,
} from './key-value-command.fixture.ts';

const NOW = '2030-03-01T09:00:00.000Z';

describe.each(await testDialects())('command protocol on %s', (dialect) => {
  let testApp: TestApp;
  let clock: ReturnType<typeof fixedClock>;
  let probe: KeyValueProbe;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    probe = newProbe();
    clock = fixedClock(NOW);
    testApp = await createTestApp(dialect, { clock, extraCommands: [keyValueCommand(probe)] });
    [alice, bob] = await createSignedInPair(testApp);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('accepts with 202 and an operation, then the status goes from pending to completed', async () => {
    const id = randomUUID();
    const response = await postCommand(testApp, alice, { id, key: 'async-1', value: 'v' });
    expect(response.statusCode).toBe(202);
    const operation = operationSchema.parse(response.json());
    expect(operation).toEqual({ id, url: `${KEY_VALUE_URL}/${id}`, message: 'Command accepted' });

    const status = await pollUntilCompleted(testApp, alice, operation.url);
    expect(commandStatusSchema.parse(status)).toEqual({
      id,
      entityId: 'async-1',
      created: NOW,
      completed: { url: '/api/lms/v1/key-values/async-1', completed: NOW, state: 1, errors: null },
    });
    expect(await keyValueRows(testApp, 'async-1')).toEqual([{ key: 'async-1', value: 'v' }]);
  });

  it('treats a request without Prefer as respond-async and generates the id when the body has none', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: KEY_VALUE_URL,
      headers: clientHeaders(alice.cookie),
      payload: { key: 'no-id', value: 'v' },
    });
    expect(response.statusCode).toBe(202);
    const operation = operationSchema.parse(response.json());
    expect(operation.url).toBe(`${KEY_VALUE_URL}/${operation.id}`);
    expect((await pollUntilCompleted(testApp, alice, operation.url)).completed?.state).toBe(1);
  });

  it('answers 200 with the finished command under Prefer: respond-sync', async () => {
    const id = randomUUID();
    const response = await postCommand(
      testApp,
      alice,
      { id, key: 'sync-1', value: 'v' },
      { prefer: 'respond-sync' },
    );
    expect(response.statusCode).toBe(200);
    expect(commandStatusSchema.parse(response.json())).toMatchObject({
      id,
      entityId: 'sync-1',
      completed: { state: 1, errors: null },
    });
  });

  it('honours an RFC 7240 wait preference that is shorter than the server bound', async () => {
    const id = randomUUID();
    const response = await postCommand(
      testApp,
      alice,
      { id, key: 'wait-0', value: 'v' },
      { prefer: 'respond-sync, wait=0' },
    );
    expect(response.statusCode).toBe(202);
    expect(operationSchema.parse(response.json()).id).toBe(id);
  });

  it('replays the first answer for a repeated id and applies the effect once', async () => {
    const id = randomUUID();
    const body = { id, key: 'replay-1', value: 'v' };
    const first = await postCommand(testApp, alice, body);
    await pollUntilCompleted(testApp, alice, `${KEY_VALUE_URL}/${id}`);
    const second = await postCommand(testApp, alice, body);
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual(first.json());
    const sync = await postCommand(testApp, alice, body, { prefer: 'respond-sync' });
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toMatchObject({ id, entityId: 'replay-1', completed: { state: 1 } });
    expect(probe.calls.get('replay-1')).toBe(1);
    expect(await keyValueRows(testApp, 'replay-1')).toHaveLength(1);
  });

  it('treats the same payload with keys in another order as the same command', async () => {
    const id = randomUUID();
    await postCommand(testApp, alice, { id, key: 'order-1', value: 'v' });
    const again = await postCommand(testApp, alice, { value: 'v', key: 'order-1', id });
    expect(again.statusCode).toBe(202);
  });

  it('keeps one row and one effect when 20 identical POSTs race', async () => {
    const id = randomUUID();
    const body = { id, key: 'race-1', value: 'v' };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postCommand(testApp, alice, body)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 202));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    await pollUntilCompleted(testApp, alice, `${KEY_VALUE_URL}/${id}`);
    const rows = await testApp.ctx.db
      .selectFrom('commands')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(probe.calls.get('race-1')).toBe(1);
    expect(await keyValueRows(testApp, 'race-1')).toHaveLength(1);
  });

  it('refuses the same id with a different payload with 409', async () => {
    const id = randomUUID();
    await postCommand(testApp, alice, { id, key: 'conflict-1', value: 'v' });
    const response = await postCommand(testApp, alice, { id, key: 'conflict-1', value: 'other' });
    expect(response.statusCode).toBe(409);
    expect(errorBodySchema.parse(response.json()).code).toBe('command_id_conflict');
  });

  it('hides a command from another user: 404 on GET, absent from their list; their same id is their own command', async () => {
    const id = randomUUID();
    const body = { id, key: 'private-1', value: 'v' };
    await postCommand(testApp, alice, body);
    await pollUntilCompleted(testApp, alice, `${KEY_VALUE_URL}/${id}`);

    const read = await getStatus(testApp, bob, `${KEY_VALUE_URL}/${id}`);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('private-1');
    const list = await getStatus(testApp, bob, KEY_VALUE_URL);
    expect((list.json() as { id: string }[]).map((c) => c.id)).not.toContain(id);

    // Bob's command with the same id is his own: accepted, applied for him, revealing nothing of Alice's.
    const reuse = await postCommand(testApp, bob, { id, key: 'private-1b', value: 'w' });
    expect(reuse.statusCode).toBe(202);
    expect(reuse.body).not.toContain('private-1"');
    const bobs = await pollUntilCompleted(testApp, bob, `${KEY_VALUE_URL}/${id}`);
    expect(bobs.completed?.state).toBe(1);
    expect(probe.calls.get('private-1')).toBe(1);
    expect(probe.calls.get('private-1b')).toBe(1);
    const alices = await getStatus(testApp, alice, `${KEY_VALUE_URL}/${id}`);
    expect(alices.json()).toMatchObject({ id, completed: { state: 1 } });
  });

  it("is not blocked by another user who took the caller's id first", async () => {
    const id = randomUUID();
    // Mallory guesses the id Alice will use and posts it first, with a payload that fails.
    const mallory = await createSignedInUser(testApp);
    await postCommand(testApp, mallory, { id, key: 'taken-m', value: 'v', mode: 'errors' });
    await pollUntilCompleted(testApp, mallory, `${KEY_VALUE_URL}/${id}`);

    const response = await postCommand(testApp, alice, { id, key: 'taken-1', value: 'v' });
    expect(response.statusCode).toBe(202);
    const status = await pollUntilCompleted(testApp, alice, `${KEY_VALUE_URL}/${id}`);
    expect(status.completed).toMatchObject({ state: 1, errors: null });
    expect(await keyValueRows(testApp, 'taken-1')).toHaveLength(1);
    // Alice's replay still answers her own command.
    const replay = await postCommand(testApp, alice, { id, key: 'taken-1', value: 'v' });
    expect(replay.statusCode).toBe(202);
    expect(probe.calls.get('taken-1')).toBe(1);
  });

  it('answers 404 for an unknown command id and for one that is not a UUID', async () => {
    expect((await getStatus(testApp, alice, `${KEY_VALUE_URL}/${randomUUID()}`)).statusCode).toBe(
      404,
    );
    expect((await getStatus(testApp, alice, `${KEY_VALUE_URL}/not-a-uuid`)).statusCode).toBe(404);
  });

  it("lists the caller's latest commands of the type, newest first, at most 50", async () => {
    const carol = await createSignedInUser(testApp);
    const ids: string[] = [];
    for (let i = 0; i < 52; i += 1) {
      clock.advance(1000);
      const id = randomUUID();
      ids.push(id);
      expect(
        (await postCommand(testApp, carol, { id, key: `list-${i}`, value: 'v' })).statusCode,
      ).toBe(202);
    }
    clock.set(NOW);
    const response = await getStatus(testApp, carol, KEY_VALUE_URL);
    expect(response.statusCode).toBe(200);
    const list = (response.json() as unknown[]).map((c) => commandStatusSchema.parse(c));
    expect(list.map((c) => c.id)).toEqual(ids.slice(2).reverse());
  });

  it('reports per-field errors as Failed (state 2) and rolls the effect back', async () => {
    const id = randomUUID();
    await postCommand(testApp, alice, { id, key: 'fail-1', value: 'v', mode: 'errors' });
    const status = await pollUntilCompleted(testApp, alice, `${KEY_VALUE_URL}/${id}`);
    expect(status).toMatchObject({
      entityId: null,
      completed: {
        state: 2,
        url: null,
        errors: { Name: ['Name is empty'], _: ['Key value is not valid'] },
      },
    });
    expect(await keyValueRows(testApp, 'fail-1')).toEqual([]);
  });

  it('reports a domain error thrown by the handler as Failed with its errors, without retrying', async () => {
    const id = randomUUID();
    await postCommand(testApp, alice, { id, key: 'domain-1', value: 'v', mode: 'domain-error' });
    const status = await pollUntilCompleted(testApp, alice, `${KEY_VALUE_URL}/${id}`);
    expect(status.completed).toMatchObject({
      state: 2,
      errors: { Key: ["Key 'domain-1' already exists"] },
    });
    expect(probe.calls.get('domain-1')).toBe(1);
    expect(await keyValueRows(testApp, 'domain-1')).toEqual([]);
  });

  it('retries a crashing handler up to 3 attempts, then fails with the generic message', async () => {
    const id = randomUUID();
    await postCommand(testApp, alice, { id, key: 'crash-1', value: 'v', mode: 'crash' });
    const status = await pollUntilCompleted(testApp, alice, `${KEY_VALUE_URL}/${id}`);
    expect(status.completed).toMatchObject({
      state: 2,
      errors: { _: ['Server encountered an unknown error.'] },
    });
    expect(probe.calls.get('crash-1')).toBe(3);
    expect(await keyValueRows(testApp, 'crash-1')).toEqual([]);
  });

  it('completes a command whose handler crashed once, with one effect', async () => {
    const id = randomUUID();
    await postCommand(testApp, alice, { id, key: 'flaky-1', value: 'v', mode: 'crash-once' });
    const status = await pollUntilCompleted(testApp, alice, `${KEY_VALUE_URL}/${id}`);
    expect(status.completed?.state).toBe(1);
    expect(probe.calls.get('flaky-1')).toBe(2);
    expect(await keyValueRows(testApp, 'flaky-1')).toHaveLength(1);
  });

  describe('binding errors are synchronous 4xx with a JSON error body and store nothing', () => {
    const cases: [string, unknown, number, string[]][] = [
      ['an unknown field', { key: 'k', value: 'v', extra: 1 }, 400, ['extra']],
      ['a wrong type', { key: 'k', value: 42 }, 400, ['value']],
      ['a missing field', { value: 'v' }, 400, ['key']],
      ['an id that is not a UUID', { id: 'abc', key: 'k', value: 'v' }, 400, ['id']],
      ['a null id', { id: null, key: 'k', value: 'v' }, 400, ['id']],
      ['a JSON array', [{ key: 'k', value: 'v' }], 400, ['_']],
    ];
    it.each(cases)('%s', async (_name, body, status, fields) => {
      const response = await postCommand(testApp, alice, body);
      expect(response.statusCode).toBe(status);
      const error = errorBodySchema.parse(response.json());
      expect(Object.keys(error.errors ?? {}).sort()).toEqual(fields);
    });

    it('malformed JSON', async () => {
      const response = await postCommand(testApp, alice, '{"key": "k",');
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json()).code).toBe('malformed_json');
    });

    it('a payload over 256 KiB', async () => {
      const response = await postCommand(testApp, alice, {
        key: 'huge',
        value: 'x'.repeat(257 * 1024),
      });
      expect(response.statusCode).toBe(413);
      expect(errorBodySchema.parse(response.json()).code).toBe('payload_too_large');
    });

    it('leaves no command behind', async () => {
      const rows = await testApp.ctx.db.selectFrom('commands').select('payload').execute();
      expect(
        rows.filter((r) => r.payload.includes('"key":"k"') || r.payload.includes('huge')),
      ).toEqual([]);
    });
  });

  it('answers 401 without a session and stores nothing', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: KEY_VALUE_URL,
      headers: clientHeaders(),
      payload: { key: 'anonymous', value: 'v' },
    });
    expect(response.statusCode).toBe(401);
    errorBodySchema.parse(response.json());
    expect((await testApp.app.inject({ method: 'GET', url: KEY_VALUE_URL })).statusCode).toBe(401);
    expect(probe.calls.has('anonymous')).toBe(false);
  });

  it('answers 403 to a cookie-authenticated POST without X-Requested-With', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: KEY_VALUE_URL,
      headers: { 'content-type': 'application/json', cookie: alice.cookie },
      payload: { key: 'csrf', value: 'v' },
    });
    expect(response.statusCode).toBe(403);
    errorBodySchema.parse(response.json());
    const stored = await testApp.ctx.db
      .selectFrom('commands')
      .select('id')
      .where('payload', 'like', '%csrf%')
      .execute();
    expect(stored).toEqual([]);
  });
});
