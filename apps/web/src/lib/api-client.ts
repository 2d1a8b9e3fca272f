// The one HTTP client: the spec's headers, typed errors, 401 handling, and the async command protocol.
import type { z } from 'zod';
import {
  COMMAND_POLL_INTERVAL_MS,
  COMMAND_POLL_TIMEOUT_MS,
  CompletionState,
  PREFER_ASYNC,
  type PREFER_SYNC,
  commandStatusSchema,
  encodeLoadOptions,
  type CommandStatus,
  type LoadOptions,
} from '@portal/contracts';
// Environment and error type live in schema-free modules so the entry bundle can use them without zod.
import { ApiError } from './api-error.ts';
import { i18next } from '../i18n/i18n.ts';
import {
  apiHeaders,
  configureApiClient,
  getApiEnvironment,
  waitForReLogin,
  type ClientEnvironment,
} from './api-environment.ts';

export const LMS_API = '/api/lms/v1';
export const PLATFORM_API = '/api/platform/v1';

export { ApiError, configureApiClient };
export type { ClientEnvironment };

/** The spec's texts of errors the client itself notices, in the interface language. */
const CLIENT_ERROR_TEXTS = {
  internal: 'Internal error. Please refresh the page and try again.',
  unknown: 'Unknown error. Please refresh the page and try again.',
  unknownShort: 'Unknown error',
  serverUnknown: 'Server returns unknown error.',
  commandUnknown: 'Server accepted command but encountered an unknown error.',
  commandErrors: 'Server accepted command but encountered errors.',
  timeOver: 'Time over!',
} as const;
export type ClientErrorText = keyof typeof CLIENT_ERROR_TEXTS;

export function clientErrorText(key: ClientErrorText): string {
  // Before i18next is ready (or its catalogue loaded) the English text of the spec stands in.
  const text = i18next.isInitialized ? i18next.t(`errors:client.${key}`) : '';
  return text && text !== `client.${key}` ? text : CLIENT_ERROR_TEXTS[key];
}
export const internalErrorText = () => clientErrorText('internal');
export const unknownErrorText = () => clientErrorText('unknown');

export interface RequestOptions {
  query?: URLSearchParams | Record<string, string | number | boolean | undefined>;
  body?: unknown;
  prefer?: typeof PREFER_ASYNC | typeof PREFER_SYNC;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query)
            .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
            .map(([k, v]) => [k, String(v)]),
        );
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function readErrorBody(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: fall through to the generic texts.
  }
  const record = (body ?? {}) as { code?: unknown; message?: unknown; errors?: unknown };
  const message =
    typeof record.message === 'string'
      ? record.message
      : response.status >= 500
        ? internalErrorText()
        : unknownErrorText();
  const errors =
    record.errors && typeof record.errors === 'object'
      ? (record.errors as Record<string, string[]>)
      : undefined;
  return new ApiError(
    response.status,
    message,
    typeof record.code === 'string' ? record.code : undefined,
    errors,
  );
}

/** Sends one request with the spec's headers; returns the Response for non-error statuses. */
export async function apiFetch(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Response> {
  const headers = apiHeaders(options.prefer ?? PREFER_ASYNC);
  const url = buildUrl(path, options.query);
  // The JSON content type promises a JSON body: a write without a payload sends an empty object.
  const body =
    options.body !== undefined
      ? JSON.stringify(options.body)
      : method === 'GET' || method === 'HEAD'
        ? undefined
        : '{}';
  const send = () =>
    fetch(url, { method, headers, credentials: 'same-origin', signal: options.signal, body });
  let response = await send();
  if (response.status === 401 && !getApiEnvironment().isPublicMode()) {
    await waitForReLogin();
    response = await send();
  }
  if (!response.ok) throw await readErrorBody(response);
  return response;
}

/**
 * Responses are checked against the contract schemas in development and in tests, where a drift between
 * server and client should fail loudly. The production build trusts its own server (same contracts, checked
 * by the server's tests) and ships no schema library in the first load (docs/decisions/0014): callers pass
 * `import.meta.env.PROD ? undefined : schema`, which the build folds so the schema and zod drop out.
 */
type Contract = z.ZodType | undefined;
type BodyOf<S extends Contract> = S extends z.ZodType ? z.infer<S> : never;

/** The body as its contract type: parsed by the schema when there is one (development, tests). */
export function contractBody<S extends Contract>(schema: S, body: unknown): BodyOf<S> {
  return (schema ? schema.parse(body) : body) as BodyOf<S>;
}

/** A command status, or null when the body is something else (an accepted command's `{url}`). */
function commandStatusOf(body: unknown): CommandStatus | null {
  if (!import.meta.env.PROD) {
    const parsed = commandStatusSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  }
  const candidate = body as Partial<CommandStatus> | null;
  return candidate !== null &&
    typeof candidate === 'object' &&
    typeof candidate.id === 'string' &&
    candidate.completed !== undefined
    ? (candidate as CommandStatus)
    : null;
}

/** GET and validate against the contract schema. */
export async function apiGet<S extends Contract>(
  path: string,
  schema: S,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<BodyOf<S>> {
  const response = await apiFetch('GET', path, options);
  return contractBody(schema, await response.json());
}

/** GET a `…/query` list endpoint with load options. */
export function apiQuery<S extends Contract>(
  path: string,
  schema: S,
  loadOptions: LoadOptions,
  signal?: AbortSignal,
): Promise<BodyOf<S>> {
  return apiGet(path, schema, { query: encodeLoadOptions(loadOptions), signal });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Turns a completed-with-errors command into the spec's 400 error (field keys camel-cased, "_" kept). */
export function commandFailure(status: CommandStatus): ApiError {
  const raw = status.completed?.errors ?? {};
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(raw)) {
    const camel = key === '_' ? key : key.charAt(0).toLowerCase() + key.slice(1);
    errors[camel] = messages;
  }
  const first = Object.values(errors).flat()[0];
  return new ApiError(400, first ?? clientErrorText('commandErrors'), 'command_failed', errors);
}

/**
 * Runs a command: POST, then (for 202 with a url) poll once a second for up to 60 s until completed.
 * Resolves with the completed status; rejects with the spec's error texts.
 */
export async function runCommand(
  path: string,
  body: unknown,
  options: {
    prefer?: typeof PREFER_ASYNC | typeof PREFER_SYNC;
    pollIntervalMs?: number;
    timeoutMs?: number;
  } = {},
): Promise<CommandStatus> {
  const response = await apiFetch('POST', path, { body, prefer: options.prefer ?? PREFER_ASYNC });
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(500, clientErrorText('serverUnknown'));
  }
  const finish = (status: CommandStatus): CommandStatus => {
    if (!status.completed) throw new ApiError(500, clientErrorText('commandUnknown'));
    if (status.completed.state !== CompletionState.completed) throw commandFailure(status);
    return status;
  };
  const direct = commandStatusOf(payload);
  if (direct?.completed) return finish(direct);

  const url = (payload as { url?: unknown } | null)?.url;
  if (typeof url !== 'string') throw new ApiError(500, clientErrorText('serverUnknown'));
  const interval = options.pollIntervalMs ?? COMMAND_POLL_INTERVAL_MS;
  const deadline = Date.now() + (options.timeoutMs ?? COMMAND_POLL_TIMEOUT_MS);
  while (Date.now() < deadline) {
    await sleep(interval);
    const polled = await apiFetch('GET', url);
    const status = commandStatusOf(await polled.json().catch(() => null));
    if (!status) throw new ApiError(500, clientErrorText('unknownShort'));
    if (status.completed) return finish(status);
  }
  throw new ApiError(408, clientErrorText('timeOver'));
}
