import { describe, expect, it } from 'vitest';
import { aCourseTree, aNode } from '../testing/fake-course-api.ts';
import { itemStatus, clampProgress } from './toc-status.ts';
import { nodesAlongAxis, visibleChildren, visibleLeaves, workflowIdsAlong } from './tree-paths.ts';

const tree = aCourseTree('Course', [
  aNode('M1', { children: [aNode('A'), aNode('B')] }),
  aNode('Gone', { state: 4 }),
  aNode('M2', { children: [aNode('C')] }),
]);

describe('tree paths', () => {
  it('walks from the root to the node at an axis, null for a missing step', () => {
    const b = tree.children[0]!.children[1]!;
    expect(nodesAlongAxis(tree, b.axis)?.map((node) => node.name)).toEqual(['Course', 'M1', 'B']);
    expect(nodesAlongAxis(tree, '')?.map((node) => node.name)).toEqual(['Course']);
    expect(nodesAlongAxis(tree, `${tree.children[0]!.axis}/nope`)).toBeNull();
  });

  it('hides archived children and lists leaves in reading order', () => {
    expect(visibleChildren(tree).map((node) => node.name)).toEqual(['M1', 'M2']);
    expect(visibleLeaves(tree).map((node) => node.name)).toEqual(['A', 'B', 'C']);
  });

  it('collects the workflow ids that exist along a path, the node last', () => {
    const path = nodesAlongAxis(tree, tree.children[0]!.children[0]!.axis)!;
    const workflow = (id: string) => ({
      id,
      state: 1,
      progress: 0,
      started: null,
      submitted: null,
      finished: null,
      lastProctoringSessionId: null,
    });
    path[0]!.activityWorkflowAggregate.lastActivityWorkflow = workflow('root');
    path[2]!.activityWorkflowAggregate.lastActivityWorkflow = workflow('leaf');
    expect(workflowIdsAlong(path)).toEqual(['root', 'leaf']);
  });
});

describe('item status', () => {
  const finished = {
    id: 'w',
    state: 6,
    progress: 1,
    started: null,
    submitted: null,
    finished: '2026-03-01T00:00:00Z',
    lastProctoringSessionId: null,
  };
  const record = (passed: boolean | null) => ({
    id: 'r',
    score: null,
    maxScore: null,
    normalizedScore: null,
    passed,
    progress: 1,
    finished: '2026-03-01T00:00:00Z',
  });
  it.each([
    ['draft', aNode('x', { state: 1 }), 'comingSoon'],
    ['not started', aNode('x'), 'notStarted'],
    [
      'in progress',
      aNode('x', {
        activityWorkflowAggregate: {
          lastActivityWorkflow: { ...finished, state: 1, finished: null },
          bestActivityRecord: null,
        },
      }),
      'inProgress',
    ],
    [
      'finished and passed',
      aNode('x', {
        activityWorkflowAggregate: {
          lastActivityWorkflow: finished,
          bestActivityRecord: record(true),
        },
      }),
      'completed',
    ],
    [
      'finished below the passing score',
      aNode('x', {
        activityWorkflowAggregate: {
          lastActivityWorkflow: finished,
          bestActivityRecord: record(false),
        },
      }),
      'belowPassingScore',
    ],
  ])('%s → %s', (_label, node, expected) => {
    expect(itemStatus(node)).toBe(expected);
  });

  it('clamps progress to 0..1', () => {
    expect([clampProgress(-1), clampProgress(0.4), clampProgress(3), clampProgress(null)]).toEqual([
      0, 0.4, 1, 0,
    ]);
  });
});
