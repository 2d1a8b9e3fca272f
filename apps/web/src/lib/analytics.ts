// Product analytics: events posted to the portal's own POST /api/events (the data lake, and from there the LRS);
// active only on the prod and test environments with an analytics key configured (spec §7, docs/decisions/0020).
// Failures never reach the user.
import type {
  PlainAnalyticsEvent,
  ProductFeedbackEvent,
  ProductFeedbackProperties,
} from '@portal/contracts';
import { apiFetch } from './api-client.ts';
import { getClientConfig, type ClientConfig } from './client-config.ts';
import { ensureDeviceId } from './device-id.ts';
import { currentSessionId } from './session/session.ts';
import { describeUserAgent } from './user-agent.ts';
import { i18next } from '../i18n/i18n.ts';

export type AnalyticsEventName = PlainAnalyticsEvent['name'];
export type AnalyticsProperties = Record<string, string | number | boolean | null>;

const MOBILE_QUERY = '(max-width: 1279px)';

function isMobile(): boolean {
  const byAgent = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData
    ?.mobile;
  if (typeof byAgent === 'boolean') return byAgent;
  return typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;
}

function eventContext(): PlainAnalyticsEvent['context'] {
  const sessionId = currentSessionId();
  return {
    isMobile: isMobile(),
    role: 'learner',
    locale: i18next.language || 'en-US',
    appVersion: getClientConfig().version.slice(0, 50),
    deviceId: ensureDeviceId(),
    ...(sessionId ? { sessionId } : {}),
  };
}

/** Builds the event body the server's contract accepts. */
export function buildAnalyticsEvent(
  name: AnalyticsEventName,
  properties: AnalyticsProperties,
): PlainAnalyticsEvent {
  return { name, properties, context: eventContext() };
}

/** The product_feedback event: the form's answers plus the operating system and the browser. */
export function buildProductFeedbackEvent(
  properties: ProductFeedbackProperties,
): ProductFeedbackEvent {
  return {
    name: 'product_feedback',
    properties,
    context: { ...eventContext(), ...describeUserAgent(navigator.userAgent) },
  };
}

/**
 * Sends the learner's feedback, on every environment: it is a message the learner writes, not tracking. Unlike
 * other events, a failure is the caller's to show.
 */
export async function sendProductFeedback(properties: ProductFeedbackProperties): Promise<void> {
  await apiFetch('POST', '/api/events', { body: buildProductFeedbackEvent(properties) });
}

/**
 * Whether the browser analytics service runs: on the prod and test environments, with the key from config
 * (spec §7). A developer's machine (dev) or a deployment without a key sends nothing.
 */
export function isAnalyticsActive(config: ClientConfig = getClientConfig()): boolean {
  return (
    (config.environment === 'prod' || config.environment === 'test') &&
    typeof config.analyticsKey === 'string' &&
    config.analyticsKey.trim() !== ''
  );
}

/** Sends one event when analytics is active; never throws (analytics must not break a screen). */
export function trackEvent(name: AnalyticsEventName, properties: AnalyticsProperties): void {
  if (!isAnalyticsActive()) return;
  apiFetch('POST', '/api/events', { body: buildAnalyticsEvent(name, properties) }).catch(
    (error: unknown) => {
      console.warn(`Analytics event ${name} was not sent`, error);
    },
  );
}
