// A stand-in for the server's launch endpoints (resource-link, resource-form) in front of whatever `fetch` is
// stubbed already, plus a recorder of launch-form submissions (jsdom cannot submit forms). Tests only.
import { vi } from 'vitest';
import { DisplayMode, type ResourceForm } from '@portal/contracts';

export const TOOL_LOGIN_URL = 'https://tool.example/lti/login';

/** A form as the server builds it; `n` makes each launch's single-use hint different. */
export function aResourceForm(n: number, fields: Partial<ResourceForm> = {}): ResourceForm {
  return {
    action: TOOL_LOGIN_URL,
    method: 'POST',
    fields: {
      iss: 'http://localhost:3000',
      login_hint: '00000000-0000-4000-8000-0000000000aa',
      target_link_uri: 'https://tool.example/lti/launch',
      lti_message_hint: `hint-${n}`,
      // Values are data, never markup.
      lti_deployment_id: '"><img src=x onerror=alert(1)>',
    },
    displayMode: DisplayMode.embeddedAuto,
    preferredWidth: null,
    preferredHeight: null,
    ...fields,
  };
}

export type FormAnswer = ResourceForm | { status: number; message: string };

export interface LaunchCall {
  method: string;
  path: string;
  search: URLSearchParams;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Answers POST …/resource-link and GET …/resource-form/… and passes every other request to the `fetch` stubbed
 * before it. `answers[i]` is the i-th form (default: aResourceForm(i + 1)).
 */
export function stubLtiApi({ answers = [] }: { answers?: FormAnswer[] } = {}) {
  const inner = globalThis.fetch;
  const calls: LaunchCall[] = [];
  let forms = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://portal.test');
      const method = init.method ?? 'GET';
      const call = { method, path: url.pathname, search: url.searchParams };
      if (method === 'POST' && url.pathname.endsWith('/resource-link')) {
        calls.push(call);
        return json({
          resourceLinkId: '00000000-0000-4000-8000-00000000e001',
          targetLinkUri: 'https://tool.example/lti/launch',
          ltiVersion: 3,
        });
      }
      if (method === 'GET' && url.pathname.includes('/resource-form/')) {
        calls.push(call);
        forms += 1;
        const answer = answers[forms - 1] ?? aResourceForm(forms);
        return 'status' in answer
          ? json({ code: 'refused', message: answer.message }, answer.status)
          : json(answer);
      }
      return inner(input, init);
    }),
  );
  return {
    calls,
    formRequests: () => calls.filter((call) => call.path.includes('/resource-form/')),
    linkRequests: () => calls.filter((call) => call.path.endsWith('/resource-link')),
  };
}

export interface Submission {
  action: string;
  method: string;
  target: string;
  inDocument: boolean;
  inputs: { type: string; name: string; value: string }[];
}

/** Records every form submitted (and submits nothing); restore with vi.restoreAllMocks(). */
export function recordFormSubmissions(): Submission[] {
  const submissions: Submission[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
    this: HTMLFormElement,
  ) {
    submissions.push({
      action: this.action,
      method: this.method,
      target: this.target,
      inDocument: this.isConnected,
      inputs: Array.from(this.querySelectorAll('input')).map((input) => ({
        type: input.type,
        name: input.name,
        value: input.value,
      })),
    });
  });
  return submissions;
}
