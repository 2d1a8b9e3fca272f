// The expiring in-memory store behind login states and quiz sessions: expiry, single take, bounded size.
import { describe, expect, it } from 'vitest';
import { ExpiringStore } from './memory-store.ts';

describe('ExpiringStore', () => {
  it('forgets entries after their time to live', () => {
    let now = 1000;
    const store = new ExpiringStore<string>(500, 10, () => now);
    store.set('a', 'A');
    now = 1499;
    expect(store.get('a')).toBe('A');
    now = 1500;
    expect(store.get('a')).toBeUndefined();
  });

  it('hands an entry out once with take', () => {
    const store = new ExpiringStore<string>(500, 10);
    store.set('a', 'A');
    expect(store.take('a')).toBe('A');
    expect(store.take('a')).toBeUndefined();
    expect(store.get('a')).toBeUndefined();
  });

  it('drops the oldest entries beyond its maximum size and sweeps expired ones', () => {
    let now = 0;
    const store = new ExpiringStore<number>(100, 3, () => now);
    for (const key of ['a', 'b', 'c', 'd']) store.set(key, 1);
    expect(store.size).toBe(3);
    expect(store.get('a')).toBeUndefined();
    expect(store.get('d')).toBe(1);
    now = 200;
    store.set('e', 2);
    expect(store.size).toBe(1);
  });
});
