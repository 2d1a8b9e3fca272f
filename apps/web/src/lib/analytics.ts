// Product analytics: events posted to the portal's own POST /api/events; failures never reach the user.
import type { AnalyticsEvent } from '@portal/contracts';
import { apiFetch } from './api-client.ts';
import { getClientConfig } from './client-config.ts';
import { ensureDeviceId } from './device-id.ts';
import { currentSessionId } from './session/session.ts';
import { i18next } from '../i18n/i18n.ts';

export type AnalyticsEventName = AnalyticsEvent['name'];
export type AnalyticsProperties = Record<string, string | number | boolean | null>;

const MOBILE_QUERY = '(max-width: 1279px)';

function isMobile(): boolean {
  const byAgent = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData
    ?.mobile;
  if (typeof byAgent === 'boolean') return byAgent;
  return typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;
}

/** Builds the event body the server's contract accepts. */
export function buildAnalyticsEvent(
  name: AnalyticsEventName,
  properties: AnalyticsProperties,
): AnalyticsEvent {
  const sessionId = currentSessionId();
  return {
    name,
    properties,
    context: {
      isMobile: isMobile(),
      role: 'learner',
      locale: i18next.language || 'en-US',
      appVersion: getClientConfig().version.slice(0, 50),
      deviceId: ensureDeviceId(),
      ...(sessionId ? { sessionId } : {}),
    },
  };
}

/** Sends one event; never throws (analytics must not break a screen). */
export function trackEvent(name: AnalyticsEventName, properties: AnalyticsProperties): void {
  apiFetch('POST', '/api/events', { body: buildAnalyticsEvent(name, properties) }).catch(
    (error: unknown) => {
      console.warn(`Analytics event ${name} was not sent`, error);
    },
  );
}
