import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsEventSchema } from '@portal/contracts';
import {
  buildAnalyticsEvent,
  buildProductFeedbackEvent,
  isAnalyticsActive,
  sendProductFeedback,
  trackEvent,
} from './analytics.ts';
import { setClientConfig, type ClientConfig } from './client-config.ts';
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

describe('the browser analytics service', () => {
  const sentPaths: string[] = [];
  beforeEach(() => {
    sentPaths.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        sentPaths.push(String(input));
        return new Response(JSON.stringify({ accepted: 1 }), {
          status: 202,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setClientConfig({ environment: 'test', analyticsKey: 'unit-test-key' });
  });

  it.each<[ClientConfig['environment'], string | null, boolean]>([
    ['prod', 'key', true],
    ['test', 'key', true],
    ['dev', 'key', false],
    ['prod', null, false],
    ['test', '  ', false],
  ])('on %s with key %j is active: %s', async (environment, analyticsKey, active) => {
    setClientConfig({ environment, analyticsKey });
    expect(isAnalyticsActive()).toBe(active);
    trackEvent('my_courses_search', { search: 'sql' });
    await vi.waitFor(() => expect(sentPaths.length).toBe(active ? 1 : 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sentPaths).toEqual(active ? ['/api/events'] : []);
  });

  it("sends the learner's feedback on every environment", async () => {
    setClientConfig({ environment: 'dev', analyticsKey: null });
    await sendProductFeedback({ grade: 3, details: [], comment: 'Works' });
    expect(sentPaths).toEqual(['/api/events']);
  });
});
