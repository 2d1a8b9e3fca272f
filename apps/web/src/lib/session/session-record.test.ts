import { describe, expect, it } from 'vitest';
import {
  SESSION_IDLE_SECONDS,
  isSessionExpired,
  nextSessionRecord,
  parseSessionRecord,
  startingSessionRecord,
  type SessionRecord,
} from './session-record.ts';

const start = new Date('2026-03-05T10:00:00.000Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const record: SessionRecord = {
  id: 'session-1',
  userId: 'user-1',
  lastActivityDate: start.toISOString(),
};
const ids = () => {
  let n = 0;
  return () => `new-${++n}`;
};

describe('session record', () => {
  it('starts a new record when none exists', () => {
    expect(nextSessionRecord(null, 'user-1', start, ids())).toEqual({
      id: 'new-1',
      userId: 'user-1',
      lastActivityDate: '2026-03-05T10:00:00.000Z',
    });
  });

  it('starts a new record when another user signs in', () => {
    const next = nextSessionRecord(record, 'user-2', at(10), ids());
    expect(next.id).toBe('new-1');
    expect(next.userId).toBe('user-2');
  });

  it('keeps the record and refreshes activity within the idle window', () => {
    const next = nextSessionRecord(record, 'user-1', at(SESSION_IDLE_SECONDS), ids());
    expect(next).toEqual({
      id: 'session-1',
      userId: 'user-1',
      lastActivityDate: at(SESSION_IDLE_SECONDS).toISOString(),
    });
  });

  it('starts a new record after more than 7200 s of inactivity', () => {
    expect(isSessionExpired(record, 'user-1', at(7200))).toBe(false);
    expect(isSessionExpired(record, 'user-1', at(7201))).toBe(true);
    expect(nextSessionRecord(record, 'user-1', at(7201), ids()).id).toBe('new-1');
  });

  it('activity keeps sliding the window', () => {
    const afterHour = nextSessionRecord(record, 'user-1', at(3600), ids());
    const later = nextSessionRecord(afterHour, 'user-1', at(3600 + 7000), ids());
    expect(later.id).toBe('session-1');
  });

  it('treats an unreadable date as expired', () => {
    expect(isSessionExpired({ ...record, lastActivityDate: 'yesterday' }, 'user-1', start)).toBe(
      true,
    );
  });
});

describe('startingSessionRecord (before the first call of a page load)', () => {
  it('starts a record whose user is not known yet when none exists', () => {
    expect(startingSessionRecord(null, start, ids())).toEqual({
      id: 'new-1',
      userId: null,
      lastActivityDate: start.toISOString(),
    });
  });

  it('keeps a fresh record as it is, and replaces an idle one', () => {
    expect(startingSessionRecord(record, at(60), ids())).toBe(record);
    expect(startingSessionRecord(record, at(7201), ids()).id).toBe('new-1');
  });

  it('always starts a new session after a sign-in', () => {
    const next = startingSessionRecord(record, at(60), ids(), { newSignIn: true });
    expect(next).toMatchObject({ id: 'new-1', userId: null });
  });

  it('lets the signed-in user adopt a record started before the user was known', () => {
    const pending = startingSessionRecord(null, start, ids());
    expect(nextSessionRecord(pending, 'user-1', at(5), ids())).toEqual({
      id: 'new-1',
      userId: 'user-1',
      lastActivityDate: at(5).toISOString(),
    });
  });
});

describe('parseSessionRecord', () => {
  it('accepts a complete record and rejects anything else', () => {
    expect(parseSessionRecord(record)).toEqual(record);
    expect(parseSessionRecord({ ...record, userId: null })).toEqual({ ...record, userId: null });
    expect(parseSessionRecord({ ...record, id: '' })).toBeNull();
    expect(parseSessionRecord({ ...record, userId: '' })).toBeNull();
    expect(parseSessionRecord({ userId: 'u', lastActivityDate: 'x' })).toBeNull();
    expect(parseSessionRecord('session')).toBeNull();
    expect(parseSessionRecord(null)).toBeNull();
  });
});
