// A fake of the LMS endpoints the course lists call, installed as `fetch`: it filters, sorts and pages like the server.
import { vi } from 'vitest';
import type {
  CurrentUser,
  EnrollmentAggregate,
  GradingScale,
  LearnerSettings,
  Showcase,
  Term,
} from '@portal/contracts';
import { evaluateFilter } from '../../../../../../packages/domain/src/testing/evaluate-filter.ts';

export interface FakeLmsData {
  aggregates: EnrollmentAggregate[];
  /** users/me (the signed-in learner); a learner-only Ada Lovelace by default. */
  user?: CurrentUser;
  terms?: Term[];
  /** users/me/enrolled-showcases */
  showcases?: Showcase[];
  catalogShowcases?: Showcase[];
  gradingScales?: GradingScale[];
  catalogEnabled?: boolean;
  /**
   * The answer to POST create-self-enrollments; by default the command succeeds and marks the row with that
   * objective access as self-enrolled, as the server does.
   */
  selfEnrollment?: (body: { id?: string; objectiveAccessId: string }) => Response;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

export const learnerSettings = (catalog: boolean): LearnerSettings => ({
  featureFlags: {
    'learner.dashboard': false,
    'platform.research': false,
    'platform.knowledgeModels': false,
  },
  navigation: {
    catalog,
    rooms: false,
    researchProjects: false,
    knowledgeModels: false,
    calendar: true,
  },
  pluginItems: [],
  feedback: { learner: { visible: true } },
  tutor: { enabled: false, defaultKnowledgeModelId: null },
  copyright: '© Example',
  supportUrl: null,
});

export const fakeLearner: CurrentUser = {
  id: '00000000-0000-4000-8000-00000000a0a0',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  middle_name: null,
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  timezone: 'UTC',
  tenant_id: '00000000-0000-4000-8000-0000000000aa',
  department_name: null,
  external_id: null,
  roles: ['Learner'],
  locale: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A command status as the server answers a respond-sync POST. */
export function commandStatusResponse(
  entityId: string,
  state: 1 | 2 | 3 = 1,
  errors: Record<string, string[]> | null = null,
): Response {
  return json({
    id: '00000000-0000-4000-8000-0000000c0001',
    entityId,
    created: '2026-03-01T12:00:00Z',
    completed: { url: null, completed: '2026-03-01T12:00:01Z', state, errors },
  });
}

function selfEnrol(data: FakeLmsData, body: { objectiveAccessId: string }): Response {
  const row = data.aggregates.find((item) => item.objectiveAccess.id === body.objectiveAccessId);
  if (!row) {
    return commandStatusResponse(body.objectiveAccessId, 2, {
      ObjectiveAccessId: [`Objective access with id '${body.objectiveAccessId}' does not exist`],
    });
  }
  row.objectiveWorkflowAggregate = { ...row.objectiveWorkflowAggregate, isSelfEnrolled: true };
  return commandStatusResponse(body.objectiveAccessId);
}

function queryAggregates(data: FakeLmsData, url: URL): Response {
  const filter = JSON.parse(url.searchParams.get('filter') ?? '[]') as unknown[];
  const matching = data.aggregates
    .filter((row) => filter.length === 0 || evaluateFilter(filter, row))
    .sort((a, b) => a.objective.name.localeCompare(b.objective.name) || a.id.localeCompare(b.id));
  const select = url.searchParams.get('select');
  if (select) {
    const termIds = [...new Set(matching.map((row) => row.termId))];
    return json({
      data: termIds.map((termId) => ({ termId })),
      totalCount: termIds.length,
      groupCount: -1,
      summary: null,
    });
  }
  const skip = Number(url.searchParams.get('skip') ?? 0);
  const take = Number(url.searchParams.get('take') ?? 100);
  return json({
    data: matching.slice(skip, skip + take),
    totalCount: matching.length,
    groupCount: -1,
    summary: null,
  });
}

/** Installs the fake as global fetch; returns the requests it saw, newest last. */
export function installFakeLms(data: FakeLmsData): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = init?.method ?? 'GET';
    requests.push({
      method,
      url,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    });
    switch (url.pathname) {
      case '/api/lms/v1/objective-workflow-aggregates/query':
        return queryAggregates(data, url);
      case '/api/lms/v1/users/me/terms':
        return json(data.terms ?? []);
      case '/api/lms/v1/users/me/enrolled-showcases':
        return json(data.showcases ?? []);
      case '/api/lms/v1/users/me/catalog-showcases':
        return json(data.catalogShowcases ?? []);
      case '/api/lms/v1/create-self-enrollments': {
        const body = JSON.parse(String(init?.body)) as { id?: string; objectiveAccessId: string };
        return data.selfEnrollment ? data.selfEnrollment(body) : selfEnrol(data, body);
      }
      case '/api/lms/v1/grading-scales/query': {
        const filter = JSON.parse(url.searchParams.get('filter') ?? '[]') as unknown[];
        const scales = (data.gradingScales ?? []).filter((scale) => evaluateFilter(filter, scale));
        return json({ data: scales, totalCount: scales.length, groupCount: -1, summary: null });
      }
      case '/api/platform/v1/users/me':
        return json(data.user ?? fakeLearner);
      case '/api/platform/v1/settings/learner':
        return json(learnerSettings(data.catalogEnabled ?? true));
      case '/api/events':
        return new Response(null, { status: 204 });
      default:
        return json({ code: 'not_found', message: `No fake for ${url.pathname}` }, 404);
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

/** The filter expressions of the course-list requests (not the term-id lookups), oldest first. */
export function courseListFilters(requests: RecordedRequest[]): unknown[] {
  return requests
    .filter(
      (request) =>
        request.url.pathname === '/api/lms/v1/objective-workflow-aggregates/query' &&
        !request.url.searchParams.has('select'),
    )
    .map((request) => JSON.parse(request.url.searchParams.get('filter') ?? 'null'));
}
