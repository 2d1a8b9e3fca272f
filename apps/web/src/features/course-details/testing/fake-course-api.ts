// A fake of the course-experience endpoints the details page calls, installed as `fetch` for component tests.
import { vi } from 'vitest';
import type {
  ActivityNode,
  CertificateRecord,
  CurrentUser,
  EnrollmentAggregate,
  GradingScale,
  ObjectiveRecord,
  ObjectiveWorkflow,
} from '@portal/contracts';

export interface FakeCourseData {
  aggregates: EnrollmentAggregate[];
  records?: ObjectiveRecord[];
  workflows?: ObjectiveWorkflow[];
  /** Activity trees by objective workflow id. */
  trees?: Record<string, ActivityNode>;
  gradingScales?: GradingScale[];
  /** Forces the aggregate request to fail with this status. */
  aggregateStatus?: number;
  /** The signed-in learner (users/me); the certificates query needs their id. */
  user?: CurrentUser;
  /** Certificate records, answered for an objectiveId-and-userId filter. */
  certificates?: CertificateRecord[];
  /** Answers for other URLs (files: HEAD sizes, PDFs), by pathname. */
  files?: Record<string, () => Response>;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notFound = () => json({ code: 'not_found', message: 'Not found' }, 404);
const envelope = (data: unknown[]) =>
  json({ data, totalCount: data.length, groupCount: -1, summary: null });

const AGGREGATE = /^\/api\/lms\/v1\/users\/me\/objectives\/([^/]+)\/objective-workflow-aggregate$/;
const WORKFLOW = /^\/api\/lms\/v1\/users\/me\/objective-workflows\/([^/]+)$/;
const TREE = /^\/api\/lms\/v1\/users\/me\/objective-workflows\/([^/]+)\/activity-with-aggregates$/;

function filterValue(url: URL): unknown {
  const filter = JSON.parse(url.searchParams.get('filter') ?? '[]') as unknown[];
  return filter[2];
}

/** Installs the fake as global fetch; returns the requests it saw, newest last. */
export function installFakeCourseApi(data: FakeCourseData): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = init?.method ?? 'GET';
    requests.push({
      method,
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    });
    const path = url.pathname;
    const aggregateMatch = AGGREGATE.exec(path);
    if (aggregateMatch) {
      if (data.aggregateStatus) return json({ message: 'Refused' }, data.aggregateStatus);
      const row = data.aggregates.find((item) => item.objective.id === aggregateMatch[1]);
      return row ? json(row) : notFound();
    }
    const treeMatch = TREE.exec(path);
    if (treeMatch) {
      const tree = data.trees?.[treeMatch[1] ?? ''];
      return tree ? json(tree) : notFound();
    }
    const workflowMatch = WORKFLOW.exec(path);
    if (workflowMatch) {
      const workflow = data.workflows?.find((item) => item.id === workflowMatch[1]);
      return workflow ? json(workflow) : notFound();
    }
    switch (path) {
      case '/api/lms/v1/objective-records/query':
        return envelope(
          (data.records ?? []).filter((record) => record.objectiveId === filterValue(url)),
        );
      case '/api/lms/v1/grading-scales/query':
        return envelope(
          (data.gradingScales ?? []).filter((scale) => scale.id === filterValue(url)),
        );
      case '/api/lms/v1/create-self-enrollments': {
        const body = JSON.parse(String(init?.body)) as { objectiveAccessId: string };
        const row = data.aggregates.find(
          (item) => item.objectiveAccess.id === body.objectiveAccessId,
        );
        if (row) {
          row.objectiveWorkflowAggregate = {
            ...row.objectiveWorkflowAggregate,
            isSelfEnrolled: true,
          };
        }
        return json({
          id: '00000000-0000-4000-8000-0000000c0001',
          entityId: body.objectiveAccessId,
          created: '2026-03-01T12:00:00Z',
          completed: { url: null, completed: '2026-03-01T12:00:01Z', state: 1, errors: null },
        });
      }
      case '/api/platform/v1/users/me':
        return data.user ? json(data.user) : notFound();
      case '/api/lms/v1/certificate-records/query': {
        const [objective, , user] = JSON.parse(url.searchParams.get('filter') ?? '[]') as [
          unknown[],
          string,
          unknown[],
        ];
        return envelope(
          (data.certificates ?? []).filter(
            (row) => row.objectiveId === objective[2] && row.userId === user[2],
          ),
        );
      }
      case '/api/events':
        return new Response(null, { status: 204 });
      default: {
        const file = data.files?.[path];
        return file ? file() : notFound();
      }
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

/** The analytics events the page posted, by name. */
export function postedEvents(requests: RecordedRequest[]): string[] {
  return requests
    .filter((request) => request.url.pathname === '/api/events')
    .map((request) => (request.body as { name: string }).name);
}
