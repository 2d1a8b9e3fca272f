import { beforeEach, describe, expect, it } from 'vitest';
import { analyticsEventSchema } from '@portal/contracts';
import { buildAnalyticsEvent, buildProductFeedbackEvent } from './analytics.ts';
import { ensureDeviceId } from './device-id.ts';
import { ensureSessionRecord } from './session/session.ts';
import { storageKeys } from './storage.ts';

beforeEach(() => {
  window.localStorage.clear();
});

describe('the device id', () => {
  it('is a random id kept in localStorage, the same for every later use', () => {
    const id = ensureDeviceId();
    expect(id).toMatch(/^[\w-]{36}$/);
    expect(window.localStorage.getItem(storageKeys.deviceId)).toBe(id);
    expect(ensureDeviceId()).toBe(id);
  });

  it('replaces a stored value that is not an id', () => {
    window.localStorage.setItem(storageKeys.deviceId, '<script>');
    expect(ensureDeviceId()).not.toBe('<script>');
  });
});

describe('buildAnalyticsEvent', () => {
  it('tells the data lake which device and which session an event comes from', () => {
    const session = ensureSessionRecord();
    const event = buildAnalyticsEvent('my_courses_search', { search: 'sql' });
    expect(event.context.deviceId).toBe(window.localStorage.getItem(storageKeys.deviceId));
    expect(event.context.sessionId).toBe(session.id);
    expect(analyticsEventSchema.safeParse(event).success).toBe(true);
  });
});

describe('buildProductFeedbackEvent', () => {
  it('adds the operating system and the browser to the context the contract accepts', () => {
    const event = buildProductFeedbackEvent({
      grade: 5,
      details: ['navigation', 'other'],
      comment: 'Fine',
    });
    expect(event.context.os).toEqual(expect.any(String));
    expect(event.context.browser).toEqual(expect.any(String));
    expect(analyticsEventSchema.safeParse(event).success).toBe(true);
  });
});
