// Walking the activity tree along an axis (part ids joined by "/"): the nodes from the root to a node.
import { ActivityState, type ActivityNode } from '@portal/contracts';

/** The nodes from the root down to the node at `axis` (root first); null when a step is missing. */
export function nodesAlongAxis(root: ActivityNode, axis: string): ActivityNode[] | null {
  const path = [root];
  if (axis === '') return path;
  let current = root;
  const parts = axis.split('/');
  for (let depth = 1; depth <= parts.length; depth++) {
    const prefix = parts.slice(0, depth).join('/');
    const next = current.children.find((child) => child.axis === prefix);
    if (!next) return null;
    path.push(next);
    current = next;
  }
  return path;
}

/** Children the learner may see: archived ones are hidden from the table of contents (spec 4). */
export function visibleChildren(node: ActivityNode): ActivityNode[] {
  return node.children
    .filter((child) => child.state !== ActivityState.archived)
    .sort((a, b) => (a.part?.order ?? 0) - (b.part?.order ?? 0));
}

/** Leaves in reading order (depth first), for the long-read presentation. */
export function visibleLeaves(root: ActivityNode): ActivityNode[] {
  const children = visibleChildren(root);
  if (children.length === 0) return [root];
  return children.flatMap(visibleLeaves);
}

/** The activity workflow ids from the root down to the node (those that exist), the node's own last. */
export function workflowIdsAlong(path: ActivityNode[]): string[] {
  return path
    .map((node) => node.activityWorkflowAggregate.lastActivityWorkflow?.id)
    .filter((id): id is string => typeof id === 'string');
}
