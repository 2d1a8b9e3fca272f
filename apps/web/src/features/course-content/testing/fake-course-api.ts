// A stand-in for the server's course workflow endpoints behind `fetch`, keeping a little state (which activities
// were started and finished) and recording every call (tests only).
import { vi } from 'vitest';
import {
  ActivityState,
  ActivityType,
  PresentationMode,
  WorkflowState,
  type ActivityConstraint,
  type ActivityNode,
  type EnrollmentAggregate,
  type ObjectiveWorkflow,
} from '@portal/contracts';

const CREATED = '2026-03-05T10:00:00.000Z';

export function aConstraint(fields: Partial<ActivityConstraint>): ActivityConstraint {
  return {
    startFrom: null,
    startUntil: null,
    accessibleUntil: null,
    gracePeriodUntil: null,
    due: null,
    resultsDisclosureFrom: null,
    revealResultsFrom: null,
    resultsDisclosurePolicy: null,
    reviewPolicy: null,
    resultsDisclosureAbove: null,
    ...fields,
  };
}

let nodeSequence = 0;
/** Valid v4-shaped UUIDs; `prefix` (up to 3 digits) tells the kinds of id apart. */
const uuid = (prefix: number, n: number) =>
  `00000000-0000-4${prefix.toString().padStart(3, '0')}-8000-${n.toString(16).padStart(12, '0')}`;

/** A node; `partId` makes it a child part (its axis is set when it is placed under a parent). */
export function aNode(name: string, fields: Partial<ActivityNode> = {}): ActivityNode {
  nodeSequence += 1;
  const partId = uuid(900, nodeSequence);
  return {
    id: uuid(800, nodeSequence),
    name,
    code: null,
    type: ActivityType.text,
    state: ActivityState.ready,
    presentationMode: PresentationMode.tree,
    supportReview: true,
    supportMobileView: true,
    displayMode: 2,
    duration: null,
    proctored: false,
    maxScore: 1,
    normalizedPassingScore: null,
    axis: '',
    activityPathId: '',
    part: { id: partId, order: nodeSequence, optional: false, scoreWeight: 1, gate: 1 },
    available: true,
    contentAvailable: true,
    activityConstraint: null,
    activityWorkflowAggregate: { lastActivityWorkflow: null, bestActivityRecord: null },
    childrenCount: 0,
    children: [],
    ...fields,
  };
}

/** The root of a course with the given children; axes are the part ids joined by "/". */
export function aCourseTree(
  name: string,
  children: ActivityNode[],
  fields: Partial<ActivityNode> = {},
): ActivityNode {
  const place = (node: ActivityNode, parentAxis: string | null): ActivityNode => {
    const axis =
      parentAxis === null
        ? ''
        : parentAxis === ''
          ? node.part!.id
          : `${parentAxis}/${node.part!.id}`;
    const kids = node.children.map((child) => place(child, axis));
    return {
      ...node,
      axis,
      activityPathId: axis,
      part: parentAxis === null ? null : node.part,
      type: kids.length > 0 ? ActivityType.composite : node.type,
      children: kids,
      childrenCount: kids.length,
    };
  };
  return place(aNode(name, { children, ...fields }), null);
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeCourseApiOptions {
  aggregate: EnrollmentAggregate;
  tree: ActivityNode;
  /** Content of each activity by axis ('' = root); absent → a default paragraph. */
  contents?: Record<string, string | null>;
  /** How many tree GETs fail before it answers. */
  treeFailures?: number;
  /** Whether start-activity-workflows fails (command error). */
  failActivityStart?: boolean;
  /** Workflow GETs without a record before the submitted workflow shows one. */
  pollsBeforeRecord?: number;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function completed(id: string, entityId: string | null, errors: Record<string, string[]> | null) {
  return json({
    id,
    entityId: errors ? null : entityId,
    created: CREATED,
    completed: { url: null, completed: CREATED, state: errors ? 2 : 1, errors },
  });
}

function walk(node: ActivityNode, visit: (node: ActivityNode) => void) {
  visit(node);
  for (const child of node.children) walk(child, visit);
}

/** Replaces `fetch`; restore with `vi.unstubAllGlobals()`. */
export function stubCourseApi(options: FakeCourseApiOptions) {
  const calls: RecordedCall[] = [];
  let aggregate = structuredClone(options.aggregate);
  const tree = structuredClone(options.tree);
  let treeFailures = options.treeFailures ?? 0;
  let pollsBeforeRecord = options.pollsBeforeRecord ?? 0;
  const objectiveId = aggregate.objective.id;
  const last = aggregate.objectiveWorkflowAggregate.lastObjectiveWorkflow;
  let workflow: ObjectiveWorkflow | null = last
    ? {
        id: last.id,
        objectiveId,
        objectiveWorkflowAggregateId: aggregate.objectiveWorkflowAggregate.id,
        state: last.state,
        progress: last.progress,
        started: last.started,
        submitted: last.submitted,
        finished: last.finished,
        objectiveRecordId: null,
        protectResults: false,
      }
    : null;
  let activityWorkflowSequence = 0;

  const nodeAt = (axis: string): ActivityNode | null => {
    let found: ActivityNode | null = null;
    walk(tree, (node) => {
      if (node.axis === axis) found = node;
    });
    return found;
  };
  const startNode = (node: ActivityNode) => {
    if (node.activityWorkflowAggregate.lastActivityWorkflow) return;
    activityWorkflowSequence += 1;
    node.activityWorkflowAggregate.lastActivityWorkflow = {
      id: uuid(700, activityWorkflowSequence),
      state: WorkflowState.inProgress,
      progress: 0,
      started: CREATED,
      submitted: null,
      finished: null,
      lastProctoringSessionId: null,
    };
  };

  const answer = (call: RecordedCall): Response => {
    const { method, path } = call;
    const base = '/api/lms/v1';
    if (method === 'POST' && path === '/api/events') return json({}, 202);
    if (
      method === 'GET' &&
      path === `${base}/users/me/objectives/${objectiveId}/objective-workflow-aggregate`
    )
      return json(aggregate);
    const wfPrefix = `${base}/users/me/objective-workflows/${workflow?.id}`;
    if (workflow && method === 'GET' && path === wfPrefix) {
      if (workflow.submitted && !workflow.objectiveRecordId) {
        if (pollsBeforeRecord <= 0) workflow.objectiveRecordId = uuid(600, 1);
        pollsBeforeRecord -= 1;
      }
      return json(workflow);
    }
    if (workflow && method === 'GET' && path === `${wfPrefix}/activity-with-aggregates`) {
      if (treeFailures > 0) {
        treeFailures -= 1;
        return json({ code: 'internal', message: 'Internal error.' }, 500);
      }
      return json(tree);
    }
    if (workflow && method === 'GET' && path.startsWith(`${wfPrefix}/activity`)) {
      const axis = decodeURIComponent(path.slice(`${wfPrefix}/activity`.length).replace(/^\//, ''));
      const node = nodeAt(axis);
      if (!node) return json({ code: 'not_found', message: 'Not found' }, 404);
      const content = options.contents?.[axis];
      return json({
        node,
        content: content === undefined ? `<p>Content of ${node.name}</p>` : content,
      });
    }
    const body = call.body as Record<string, unknown>;
    if (method === 'POST' && path === `${base}/start-objective-workflows`) {
      const id = body.id as string;
      workflow = {
        id,
        objectiveId,
        objectiveWorkflowAggregateId: aggregate.objectiveWorkflowAggregate.id,
        state: WorkflowState.inProgress,
        progress: 0,
        started: CREATED,
        submitted: null,
        finished: null,
        objectiveRecordId: null,
        protectResults: false,
      };
      walk(tree, (node) => {
        node.activityWorkflowAggregate.lastActivityWorkflow = null;
      });
      aggregate = {
        ...aggregate,
        objectiveWorkflowAggregate: {
          ...aggregate.objectiveWorkflowAggregate,
          lastObjectiveWorkflow: {
            id,
            state: WorkflowState.inProgress,
            progress: 0,
            started: CREATED,
            submitted: null,
            finished: null,
          },
        },
      };
      return completed(id, id, null);
    }
    if (method === 'POST' && path === `${base}/start-activity-workflows`) {
      if (options.failActivityStart)
        return completed(body.id as string, null, { ActivityPartIds: ['Cannot start.'] });
      const axis = (body.activityPartIds as string[]).join('/');
      const node = nodeAt(axis);
      if (!node) return completed(body.id as string, null, { ActivityPartIds: ['Not found.'] });
      const parts = axis === '' ? [] : axis.split('/');
      for (let depth = 0; depth <= parts.length; depth++)
        startNode(nodeAt(parts.slice(0, depth).join('/'))!);
      return completed(
        body.id as string,
        node.activityWorkflowAggregate.lastActivityWorkflow!.id,
        null,
      );
    }
    if (method === 'POST' && path === `${base}/finish-activity-workflows`) {
      const ids = body.activityWorkflowIds as string[];
      const target = ids[ids.length - 1];
      walk(tree, (node) => {
        const wf = node.activityWorkflowAggregate.lastActivityWorkflow;
        if (wf && wf.id === target) {
          node.activityWorkflowAggregate.lastActivityWorkflow = {
            ...wf,
            state: WorkflowState.finished,
            progress: 1,
            finished: CREATED,
          };
        }
      });
      return completed(body.id as string, target ?? null, null);
    }
    if (method === 'POST' && path === `${base}/submit-objective-workflows` && workflow) {
      workflow = {
        ...workflow,
        state: WorkflowState.finished,
        submitted: CREATED,
        finished: CREATED,
      };
      return completed(body.id as string, workflow.id, null);
    }
    return json({ code: 'not_found', message: `No fake for ${method} ${path}` }, 404);
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://portal.test');
      const call: RecordedCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return {
    calls,
    /** Commands posted, as "path-tail body". */
    commands: () => calls.filter((call) => call.method === 'POST' && call.path !== '/api/events'),
    events: () =>
      calls
        .filter((call) => call.path === '/api/events')
        .map((call) => (call.body as { name: string }).name),
    tree,
  };
}
