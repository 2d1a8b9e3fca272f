// A stand-in for the server's enrolment endpoints behind `fetch`, recording every call (tests only).
import { vi } from 'vitest';
import type { CommandErrors, EnrollmentAggregate, ObjectiveAccess } from '@portal/contracts';

const CREATED = '2026-03-05T10:00:00.000Z';

/** How one endpoint answers: OK, a command that failed with per-field errors, or an HTTP error. */
export type EndpointAnswer =
  | { kind: 'ok' }
  | { kind: 'commandFailed'; errors: CommandErrors }
  | { kind: 'httpError'; status: number; body: unknown };

export interface FakeEnrolmentApiOptions {
  /** The learner's aggregate of the course, once it exists. */
  aggregate: EnrollmentAggregate;
  /** The learner already has an objective access (GET answers 200) or not yet (404). */
  hasAccess: boolean;
  /** Empty answers of the aggregate query before the row shows; Infinity: it never does. */
  emptyPollsBeforeAggregate?: number;
  accessLookup?: EndpointAnswer;
  aggregatesQuery?: EndpointAnswer;
  createObjectiveAccess?: EndpointAnswer;
  createSelfEnrollment?: EndpointAnswer;
  /** Answers of other GET endpoints by path (the shell's platform data, say). */
  otherGets?: Record<string, unknown>;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function commandStatus(id: string, entityId: string, answer: EndpointAnswer): Response {
  if (answer.kind === 'httpError') return json(answer.body, answer.status);
  const failed = answer.kind === 'commandFailed';
  return json({
    id,
    entityId: failed ? null : entityId,
    created: CREATED,
    completed: {
      url: null,
      completed: CREATED,
      state: failed ? 2 : 1,
      errors: failed ? answer.errors : null,
    },
  });
}

const ok: EndpointAnswer = { kind: 'ok' };

/** Replaces `fetch` with the fake; restore with `vi.unstubAllGlobals()`. */
export function stubEnrolmentApi(options: FakeEnrolmentApiOptions): { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const { aggregate } = options;
  const objectiveId = aggregate.objective.id;
  let emptyPollsLeft = options.emptyPollsBeforeAggregate ?? 0;

  const answer = (call: RecordedCall): Response => {
    const { method, path } = call;
    if (
      method === 'GET' &&
      path === `/api/lms/v1/users/me/objectives/${objectiveId}/objective-access`
    ) {
      const lookup = options.accessLookup ?? ok;
      if (lookup.kind === 'httpError') return json(lookup.body, lookup.status);
      if (!options.hasAccess) return json({ code: 'not_found', message: 'Not found' }, 404);
      const access: ObjectiveAccess = {
        id: aggregate.objectiveAccess.id,
        objectiveId,
        userId: aggregate.userId,
        objectiveWorkflowAggregateId: aggregate.objectiveWorkflowAggregate.id,
        isMandatory: aggregate.isMandatory,
        showInCatalog: aggregate.showInCatalog,
        isSelfEnrolled: aggregate.objectiveWorkflowAggregate.isSelfEnrolled,
      };
      return json(access);
    }
    if (method === 'GET' && path === '/api/lms/v1/objective-workflow-aggregates/query') {
      const query = options.aggregatesQuery ?? ok;
      if (query.kind === 'httpError') return json(query.body, query.status);
      const found = emptyPollsLeft <= 0;
      emptyPollsLeft -= 1;
      const data = found ? [aggregate] : [];
      return json({ data, totalCount: -1, groupCount: -1, summary: null });
    }
    const body = call.body as { id: string };
    if (method === 'POST' && path === '/api/lms/v1/create-objective-accesses')
      return commandStatus(
        body.id,
        aggregate.objectiveAccess.id,
        options.createObjectiveAccess ?? ok,
      );
    if (method === 'POST' && path === '/api/lms/v1/create-self-enrollments')
      return commandStatus(
        body.id,
        aggregate.objectiveAccess.id,
        options.createSelfEnrollment ?? ok,
      );
    const other = method === 'GET' ? options.otherGets?.[path] : undefined;
    if (other !== undefined) return json(other);
    return json({ code: 'not_found', message: `No fake for ${method} ${path}` }, 404);
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://portal.test');
      const call: RecordedCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: { ...(init.headers as Record<string, string>) },
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return { calls };
}

/** The calls as "METHOD path", for asserting the order of the steps. */
export const stepsOf = (calls: RecordedCall[]) =>
  calls.map((call) => `${call.method} ${call.path}`);
