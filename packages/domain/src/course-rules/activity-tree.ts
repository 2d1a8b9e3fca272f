// Walking the activity tree: flattening, finding nodes by axis, ancestors, first-load selection, part flags.
import { WorkflowState, type ActivityNode } from '@portal/contracts';
import { isActivityStartable } from './activity-constraints.ts';

/** The axis (= activityPathId) of a node from its part ids: ids joined by "/", "" for the root. */
export function axisOf(partIds: readonly string[]): string {
  return partIds.join('/');
}

/** The part ids of an axis; tolerant of leading, trailing or doubled slashes from a URL wildcard. */
export function partIdsOf(axis: string): string[] {
  return axis.split('/').filter((id) => id !== '');
}

/** Every node of the tree in document order (pre-order: a parent before its children), the root first. */
export function flattenTree(root: ActivityNode): ActivityNode[] {
  const nodes: ActivityNode[] = [];
  const visit = (node: ActivityNode): void => {
    nodes.push(node);
    for (const child of node.children) visit(child);
  };
  visit(root);
  return nodes;
}

/** The node at an axis ("" is the root), or null when the tree has none (a missing item is the caller's error). */
export function findNodeByAxis(root: ActivityNode, axis: string): ActivityNode | null {
  const path = ancestorsAndSelf(root, partIdsOf(axis));
  return path === null ? null : (path[path.length - 1] ?? null);
}

/**
 * The ancestors of the node at an axis, root first, without the node itself ([] for the root); null when the tree
 * has no node at that axis. The server starts missing ancestor workflows in this order.
 */
export function ancestorsOf(root: ActivityNode, axis: string): ActivityNode[] | null {
  const path = ancestorsAndSelf(root, partIdsOf(axis));
  return path === null ? null : path.slice(0, -1);
}

function ancestorsAndSelf(root: ActivityNode, partIds: readonly string[]): ActivityNode[] | null {
  const path: ActivityNode[] = [root];
  let node = root;
  for (const partId of partIds) {
    const child = node.children.find((candidate) => candidate.part?.id === partId);
    if (child === undefined) return null;
    path.push(child);
    node = child;
  }
  return path;
}

function isInProgress(node: ActivityNode): boolean {
  const state = node.activityWorkflowAggregate.lastActivityWorkflow?.state;
  return state === WorkflowState.inProgress || state === WorkflowState.gradingApproved;
}

/**
 * The axis the content page selects on first load (spec 4, table of contents): the deepest startable activity in
 * progress (the first in document order among equally deep ones); else the first startable leaf not yet started;
 * else the first child's axis; null when the root has no children (the root itself is the content). The caller
 * skips this for tile presentation.
 */
export function firstStartableAxis(root: ActivityNode, now: Date): string | null {
  const first = root.children[0];
  if (first === undefined) return null;
  const descendants = flattenTree(root).slice(1);
  let deepest: ActivityNode | null = null;
  let deepestDepth = -1;
  for (const node of descendants) {
    const depth = partIdsOf(node.axis).length;
    if (depth > deepestDepth && isInProgress(node) && isActivityStartable(node, now)) {
      deepest = node;
      deepestDepth = depth;
    }
  }
  if (deepest !== null) return deepest.axis;
  const unstarted = descendants.find(
    (node) =>
      node.children.length === 0 &&
      node.activityWorkflowAggregate.lastActivityWorkflow === null &&
      isActivityStartable(node, now),
  );
  return unstarted?.axis ?? first.axis;
}

/** The optional flag and score weight of a part as they count, after its ancestors' parts have had their say. */
export interface EffectivePartFlags {
  optional: boolean;
  scoreWeight: number;
}

/**
 * Effective flags of a part under its parent part (null for a child of the root): optional when it or any
 * ancestor part is optional; weight 0 when its own or any ancestor part's weight is 0, else its own weight
 * (negative or non-finite weights count as 0).
 */
export function effectivePartFlags(
  parent: EffectivePartFlags | null,
  part: EffectivePartFlags,
): EffectivePartFlags {
  const ownWeight =
    Number.isFinite(part.scoreWeight) && part.scoreWeight > 0 ? part.scoreWeight : 0;
  return {
    optional: part.optional || (parent?.optional ?? false),
    scoreWeight: parent !== null && parent.scoreWeight === 0 ? 0 : ownWeight,
  };
}
