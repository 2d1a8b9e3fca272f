// The worker's guarantees on every dialect: durability across restarts, lease takeover, order, graceful stop.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { fixedClock } from '../lib/clock.ts';
import { createTestApp, testConfig } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import {
  KEY_VALUE_URL,
  createSignedInUser,
  getStatus,
  keyValueCommand,
  keyValueRows,
  newProbe,
  pollUntilCompleted,
  postCommand,
} from './key-value-command.fixture.ts';

const NOW = '2030-03-01T09:00:00.000Z';

describe.each(await testDialects())('command worker on %s', (dialect) => {
  it('applies a command acknowledged with 202 after the process that accepted it is gone', async () => {
    const probe = newProbe();
    const clock = fixedClock(NOW);
    const first = await createTestApp(dialect, {
      clock,
      extraCommands: [keyValueCommand(probe)],
      startWorker: false,
    });
    try {
      const alice = await createSignedInUser(first);
      const id = randomUUID();
      expect(
        (await postCommand(first, alice, { id, key: 'durable-1', value: 'v' })).statusCode,
      ).toBe(202);
      expect((await getStatus(first, alice, `${KEY_VALUE_URL}/${id}`)).json()).toMatchObject({
        completed: null,
      });
      await first.app.close();

      const second = await buildApp(testConfig(), {
        clock,
        database: first.testDatabase,
        extraCommands: [keyValueCommand(probe)],
      });
      try {
        await second.app.ready();
        const status = await pollUntilCompleted(second, alice, `${KEY_VALUE_URL}/${id}`);
        expect(status.completed?.state).toBe(1);
        expect(await keyValueRows(second, 'durable-1')).toHaveLength(1);
      } finally {
        await second.app.close();
      }
    } finally {
      await first.testDatabase.dispose();
    }
  });

  it('applies each command exactly once when two instances share the database', async () => {
    const probe = newProbe();
    const clock = fixedClock(NOW);
    const first = await createTestApp(dialect, { clock, extraCommands: [keyValueCommand(probe)] });
    const second = await buildApp(testConfig(), {
      clock,
      database: first.testDatabase,
      extraCommands: [keyValueCommand(probe)],
    });
    try {
      await second.app.ready();
      const alice = await createSignedInUser(first);
      const ids = Array.from({ length: 30 }, () => randomUUID());
      await Promise.all(
        ids.map((id, i) =>
          postCommand(i % 2 === 0 ? first : second, alice, { id, key: `shared-${i}`, value: 'v' }),
        ),
      );
      for (const id of ids) {
        expect(
          (await pollUntilCompleted(first, alice, `${KEY_VALUE_URL}/${id}`)).completed?.state,
        ).toBe(1);
      }
      expect([...probe.calls.values()]).toEqual(ids.map(() => 1));
    } finally {
      await second.app.close();
      await first.close();
    }
  });

  it('answers 202 under respond-sync when the command does not finish within the bound', async () => {
    const probe = newProbe();
    const testApp = await createTestApp(dialect, {
      clock: fixedClock(NOW),
      extraCommands: [keyValueCommand(probe)],
      startWorker: false,
      config: { commandSyncWaitMs: 150 },
    });
    try {
      const alice = await createSignedInUser(testApp);
      const id = randomUUID();
      const response = await postCommand(
        testApp,
        alice,
        { id, key: 'late-1', value: 'v' },
        { prefer: 'respond-sync' },
      );
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({
        id,
        url: `${KEY_VALUE_URL}/${id}`,
        message: 'Command accepted',
      });
      expect(probe.calls.size).toBe(0);
    } finally {
      await testApp.close();
    }
  });

  it('applies pending commands in order of creation', async () => {
    const probe = newProbe();
    const clock = fixedClock(NOW);
    const testApp = await createTestApp(dialect, {
      clock,
      extraCommands: [keyValueCommand(probe)],
      startWorker: false,
    });
    try {
      const alice = await createSignedInUser(testApp);
      const keys = ['order-c', 'order-a', 'order-d', 'order-b'];
      for (const key of keys) {
        clock.advance(1000);
        await postCommand(testApp, alice, { id: randomUUID(), key, value: 'v' });
      }
      testApp.commands.start();
      await waitFor(() => probe.calls.size === keys.length);
      expect([...probe.calls.keys()]).toEqual(keys);
    } finally {
      await testApp.close();
    }
  });

  it('leaves a freshly claimed command to its worker and takes it over once the lease is stale', async () => {
    const probe = newProbe();
    const clock = fixedClock(NOW);
    const testApp = await createTestApp(dialect, {
      clock,
      extraCommands: [keyValueCommand(probe)],
      startWorker: false,
    });
    try {
      const alice = await createSignedInUser(testApp);
      const id = randomUUID();
      await postCommand(testApp, alice, { id, key: 'lease-1', value: 'v' });
      // Another instance claimed it and died before applying it.
      await testApp.ctx.db
        .updateTable('commands')
        .set({ claimedBy: 'dead-instance', claimedAt: NOW, attempts: 1 })
        .where('id', '=', id)
        .execute();
      testApp.commands.start();
      await new Promise((resolve) => setTimeout(resolve, 700)); // past one poll interval
      expect(probe.calls.size).toBe(0);

      clock.advance(31_000);
      const status = await pollUntilCompleted(testApp, alice, `${KEY_VALUE_URL}/${id}`);
      expect(status.completed?.state).toBe(1);
      expect(probe.calls.get('lease-1')).toBe(1);
    } finally {
      await testApp.close();
    }
  });

  it('fails a command without running it again once its attempts died with their process', async () => {
    const probe = newProbe();
    const clock = fixedClock(NOW);
    const testApp = await createTestApp(dialect, {
      clock,
      extraCommands: [keyValueCommand(probe)],
      startWorker: false,
    });
    try {
      const alice = await createSignedInUser(testApp);
      const id = randomUUID();
      await postCommand(testApp, alice, { id, key: 'doomed-1', value: 'v' });
      // Three claims whose process died each time: the next claim is the fourth.
      await testApp.ctx.db
        .updateTable('commands')
        .set({ claimedBy: 'dead-instance', claimedAt: '2030-03-01T08:00:00.000Z', attempts: 3 })
        .where('id', '=', id)
        .execute();
      testApp.commands.start();
      const status = await pollUntilCompleted(testApp, alice, `${KEY_VALUE_URL}/${id}`);
      expect(status.completed).toMatchObject({
        state: 2,
        errors: { _: ['Server encountered an unknown error.'] },
      });
      expect(probe.calls.has('doomed-1')).toBe(false);
    } finally {
      await testApp.close();
    }
  });

  it('stops gracefully: stop() waits for the running command, which commits', async () => {
    const probe = newProbe();
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    probe.slow = () => {
      entered();
      return new Promise<void>((resolve) => (release = resolve));
    };
    const testApp = await createTestApp(dialect, {
      clock: fixedClock(NOW),
      extraCommands: [keyValueCommand(probe)],
    });
    try {
      const alice = await createSignedInUser(testApp);
      const id = randomUUID();
      await postCommand(testApp, alice, { id, key: 'slow-1', value: 'v', mode: 'slow' });
      await handlerEntered;

      let stopped = false;
      const stopping = testApp.commands.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stopped).toBe(false);
      release();
      await stopping;

      const row = await testApp.ctx.db
        .selectFrom('commands')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.state).toBe(1);
      expect(await keyValueRows(testApp, 'slow-1')).toHaveLength(1);

      // A stopped worker claims nothing new.
      const later = randomUUID();
      await postCommand(testApp, alice, { id: later, key: 'after-stop', value: 'v' });
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(probe.calls.has('after-stop')).toBe(false);
    } finally {
      await testApp.close();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
