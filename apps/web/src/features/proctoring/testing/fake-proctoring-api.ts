// A stand-in for the proctoring endpoints behind `fetch` (tests only): the last session of an activity workflow,
// the start token and the end form; every other request goes to the `fetch` stubbed before it.
import { vi } from 'vitest';
import {
  ProctoringSessionState,
  type ProctoringSession,
  type ResourceForm,
} from '@portal/contracts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const START_URL = 'http://portal.test/api/lti/v1/proctoring/start?token=t1';

export function aProctoringSession(
  activityWorkflowId: string,
  fields: Partial<ProctoringSession> = {},
): ProctoringSession {
  return {
    id: '00000000-0000-4000-8000-00000000d001',
    activityWorkflowId,
    state: ProctoringSessionState.created,
    attemptNumber: 1,
    created: '2026-03-05T10:00:00.000Z',
    assessmentStarted: '2026-03-05T10:01:00.000Z',
    finished: null,
    ...fields,
  };
}

export const END_FORM: ResourceForm = {
  action: 'http://tool.test/login',
  method: 'POST',
  fields: { iss: 'http://portal.test', login_hint: 'h1', lti_message_hint: 'm1' },
  displayMode: 2,
  preferredWidth: null,
  preferredHeight: null,
};

export interface ProctoringCall {
  path: string;
  search: URLSearchParams;
}

/** `sessions` by activity workflow id (absent → 404). */
export function stubProctoringApi({
  sessions = {},
  startTokenStatus = 200,
}: { sessions?: Record<string, ProctoringSession>; startTokenStatus?: number } = {}) {
  const inner = globalThis.fetch;
  const calls: ProctoringCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://portal.test');
      const match = /\/activity-workflows\/([^/]+)\/last-proctoring-session(\/[a-z-]+)?$/.exec(
        url.pathname,
      );
      if (!match || (init.method ?? 'GET') !== 'GET') return inner(input, init);
      calls.push({ path: url.pathname, search: url.searchParams });
      const [, activityWorkflowId = '', tail] = match;
      if (tail === '/start-token') {
        return startTokenStatus === 200
          ? json({ token: 't1', startUrl: START_URL, expires: '2026-03-05T10:05:00.000Z' })
          : json({ code: 'conflict', message: 'This activity is finished.' }, startTokenStatus);
      }
      const session = sessions[activityWorkflowId];
      if (tail === '/end-form') return session ? json(END_FORM) : json({ code: 'not_found' }, 404);
      return session ? json(session) : json({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
  return { calls };
}
