// Access rules of spec §6: permission checks, learner-only users, and where a signed-in user belongs.

/** One permission the user holds; `scope_id` null means unscoped. */
export interface HeldPermission {
  name: string;
  scope_id: string | null;
}

/** A permission a screen requires; with `scopeId` the held entry must carry exactly that scope. */
export interface RequiredPermission {
  name: string;
  scopeId?: string | null;
}

export type PermissionMode = 'all' | 'any';

function matches(held: readonly HeldPermission[], required: RequiredPermission): boolean {
  return held.some(
    (entry) =>
      entry.name === required.name &&
      (required.scopeId === undefined || entry.scope_id === required.scopeId),
  );
}

/**
 * Passes when all (default) or any of the required permissions match a held entry.
 * A required scope is compared exactly (null requires an unscoped entry); no scope accepts any scope.
 * Nothing required always passes.
 */
export function hasPermissions(
  held: readonly HeldPermission[],
  required: readonly RequiredPermission[],
  options: { mode?: PermissionMode } = {},
): boolean {
  if (required.length === 0) return true;
  const check = (permission: RequiredPermission) => matches(held, permission);
  return (options.mode ?? 'all') === 'all' ? required.every(check) : required.some(check);
}

export const LEARNER_AREA_PERMISSION = 'ObjectiveWorkflow.Create';
export const RESEARCH_ACCESS_PERMISSION = 'Research.Access';
export const LEARNER_ROLE = 'Learner';
export const ADMINISTRATOR_ROLE = 'Administrator';

/** Learner is the only role held. */
export function isLearnerOnly(roles: readonly string[]): boolean {
  return roles.length > 0 && roles.every((role) => role === LEARNER_ROLE);
}

const researchOnlyFeatures = new Set(['Platform.Research', 'Platform.KnowledgeModels']);

/** Licensed only for research and/or knowledge models, with no LMS feature: such users belong in /platform. */
export function isResearchOnlyLicence(features: readonly string[]): boolean {
  return features.length > 0 && features.every((feature) => researchOnlyFeatures.has(feature));
}

export interface NavigationNodeLike {
  id: string;
  url: string | null;
}

export const LEARNER_PORTAL_NODE_ID = 'learn';

/**
 * The applications of the four roles (the profile menu of spec §2: Admin, Learner, Author, Instructor), by
 * the id of their navigation node: a user is offered the application of a role only while holding it.
 */
export const roleApplications = [
  { nodeId: 'admin', role: ADMINISTRATOR_ROLE },
  { nodeId: LEARNER_PORTAL_NODE_ID, role: LEARNER_ROLE },
  { nodeId: 'teach', role: 'Author' },
  { nodeId: 'instructor', role: 'Instructor' },
] as const;

export type RoleApplicationId = (typeof roleApplications)[number]['nodeId'];

/** The role a navigation node's application belongs to, or null for other applications. */
export function roleOfApplication(nodeId: string): string | null {
  return roleApplications.find((application) => application.nodeId === nodeId)?.role ?? null;
}

/** Where a signed-in user goes instead of the learner area, or null when they may stay. */
export type LearnerAreaDecision =
  { kind: 'allow' } | { kind: 'platform' } | { kind: 'node'; url: string } | { kind: 'forbidden' };

/**
 * Spec §6: research-only licences go to /platform; without ObjectiveWorkflow.Create (any scope) the user's
 * first navigation node other than the learner portal is the target (no node, or no url: /forbidden).
 */
export function decideLearnerArea(input: {
  licensedFeatures: readonly string[];
  permissions: readonly HeldPermission[];
  navigation: readonly NavigationNodeLike[];
}): LearnerAreaDecision {
  if (isResearchOnlyLicence(input.licensedFeatures)) return { kind: 'platform' };
  if (hasPermissions(input.permissions, [{ name: LEARNER_AREA_PERMISSION }]))
    return { kind: 'allow' };
  const node = input.navigation.find((candidate) => candidate.id !== LEARNER_PORTAL_NODE_ID);
  return node?.url ? { kind: 'node', url: node.url } : { kind: 'forbidden' };
}
