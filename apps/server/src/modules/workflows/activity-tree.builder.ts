// Builds the learner's activity tree of one attempt: effective part flags, gates, workflows and disclosed results.
import {
  effectivePartFlags,
  isActivityResultDisclosed,
  type EffectivePartFlags,
} from '@portal/domain';
import {
  ActivityState,
  type ActivityConstraint,
  type ActivityNode,
  type ActivityRecordSummary,
} from '@portal/contracts';
import type { ActivityRow, ActivityWorkflowRow, PartRow } from './workflows.repository.ts';

export interface TreeSource {
  rootActivityId: string;
  /** The passing score of the course's grading scale; null without a scale. */
  scalePassingScore: number | null;
  activities: ActivityRow[];
  parts: PartRow[];
  /** The attempt's activity workflows, newest first per axis. */
  workflows: ActivityWorkflowRow[];
}

export interface TreeView {
  now: Date;
  /**
   * The enrolment's grade reveal policy hides results: every activity score is withheld too. Internal
   * callers (roll-up) pass false and `ignoreDisclosure` to see the stored values.
   */
  hideScores: boolean;
  ignoreDisclosure?: boolean;
}

const flag = (value: number | null): boolean => value === 1;

/** Draft and archived activities cannot be opened ("coming soon" / gone). */
export function isContentAvailable(state: number): boolean {
  return state === ActivityState.ready || state === ActivityState.expired;
}

function constraintOf(part: PartRow): ActivityConstraint {
  return {
    startFrom: part.startFrom,
    startUntil: part.startUntil,
    accessibleUntil: part.accessibleUntil,
    gracePeriodUntil: part.gracePeriodUntil,
    due: part.due,
    resultsDisclosureFrom: part.resultsDisclosureFrom,
    revealResultsFrom: part.revealResultsFrom,
    resultsDisclosurePolicy: part.resultsDisclosurePolicy,
    reviewPolicy: part.reviewPolicy,
    resultsDisclosureAbove: part.resultsDisclosureAbove,
  };
}

function bestRecord(
  workflows: ActivityWorkflowRow[],
  constraint: ActivityConstraint | null,
  view: TreeView,
): ActivityRecordSummary | null {
  const withRecords = workflows.filter((w) => w.activityRecordId !== null);
  if (withRecords.length === 0) return null;
  // Newest first already; the best is the highest normalized score, the newest among equals.
  const best = withRecords.reduce((a, b) =>
    (b.recordNormalizedScore ?? -1) > (a.recordNormalizedScore ?? -1) ? b : a,
  );
  const record = {
    id: best.activityRecordId!,
    score: best.recordScore,
    maxScore: best.recordMaxScore,
    normalizedScore: best.recordNormalizedScore,
    passed: best.recordPassed === null ? null : flag(best.recordPassed),
    progress: best.recordProgress ?? 0,
    finished: best.recordFinished,
  };
  const shown =
    view.ignoreDisclosure === true ||
    (!view.hideScores &&
      isActivityResultDisclosed(
        constraint,
        workflows[0] ?? null,
        record.normalizedScore,
        view.now,
      ));
  return shown
    ? record
    : { ...record, score: null, maxScore: null, normalizedScore: null, passed: null };
}

/**
 * The whole tree; archived children are left out. Each node carries the passing score its result is judged by:
 * the course's (the scale's, else the root activity's) for the root, and for a part its activity's own, else the
 * course's (docs/decisions/0010).
 */
export function buildActivityTree(source: TreeSource, view: TreeView): ActivityNode {
  const activities = new Map(source.activities.map((a) => [a.id, a]));
  const coursePassingScore =
    source.scalePassingScore ??
    activities.get(source.rootActivityId)?.normalizedPassingScore ??
    null;
  const partsByParent = new Map<string, PartRow[]>();
  for (const part of source.parts) {
    const list = partsByParent.get(part.parentActivityId) ?? [];
    list.push(part);
    partsByParent.set(part.parentActivityId, list);
  }
  const workflowsByAxis = new Map<string, ActivityWorkflowRow[]>();
  for (const workflow of source.workflows) {
    const list = workflowsByAxis.get(workflow.axis) ?? [];
    list.push(workflow);
    workflowsByAxis.set(workflow.axis, list);
  }
  const isFinished = (axis: string) =>
    (workflowsByAxis.get(axis) ?? []).some((w) => w.finished !== null);

  function build(
    activity: ActivityRow,
    part: PartRow | null,
    axis: string,
    inherited: { flags: EffectivePartFlags | null; available: boolean; depth: number },
  ): ActivityNode {
    const flags =
      part === null
        ? null
        : effectivePartFlags(inherited.flags, {
            optional: flag(part.optional),
            scoreWeight: part.scoreWeight,
          });
    const constraint = part === null ? null : constraintOf(part);
    const workflows = workflowsByAxis.get(axis) ?? [];
    const last = workflows[0] ?? null;
    const childParts = (partsByParent.get(activity.id) ?? [])
      .filter((p) => {
        const child = activities.get(p.childActivityId);
        return child !== undefined && child.state !== ActivityState.archived;
      })
      .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
    const children: ActivityNode[] = [];
    if (inherited.depth < 16) {
      childParts.forEach((childPart, index) => {
        const childAxis = axis === '' ? childPart.id : `${axis}/${childPart.id}`;
        // Gate 2: every earlier required sibling must be finished first (optional ones may be skipped).
        const gateOpen =
          childPart.gate !== 2 ||
          childParts
            .slice(0, index)
            .filter((previous) => !flag(previous.optional))
            .every((previous) => isFinished(axis === '' ? previous.id : `${axis}/${previous.id}`));
        children.push(
          build(activities.get(childPart.childActivityId)!, childPart, childAxis, {
            flags,
            available: inherited.available && gateOpen,
            depth: inherited.depth + 1,
          }),
        );
      });
    }
    return {
      id: activity.id,
      name: activity.name,
      code: activity.code,
      type: activity.type,
      state: activity.state,
      presentationMode: activity.presentationMode,
      supportReview: flag(activity.supportReview),
      supportMobileView: flag(activity.supportMobileView),
      displayMode: activity.displayMode,
      duration: activity.duration,
      proctored: flag(activity.proctored),
      teamMode: activity.teamMode,
      maxScore: activity.maxScore,
      normalizedPassingScore:
        part === null
          ? coursePassingScore
          : (activity.normalizedPassingScore ?? coursePassingScore),
      axis,
      activityPathId: axis,
      part:
        part === null || flags === null
          ? null
          : { id: part.id, order: part.order, ...flags, gate: part.gate },
      available: inherited.available,
      contentAvailable: isContentAvailable(activity.state),
      activityConstraint: constraint,
      activityWorkflowAggregate: {
        lastActivityWorkflow:
          last === null
            ? null
            : {
                id: last.id,
                state: last.state,
                progress: last.progress,
                started: last.started,
                submitted: last.submitted,
                finished: last.finished,
                lastProctoringSessionId: last.lastProctoringSessionId,
              },
        bestActivityRecord: bestRecord(workflows, constraint, view),
      },
      childrenCount: children.length,
      children,
    };
  }

  const root = activities.get(source.rootActivityId);
  if (!root) throw new Error(`Root activity ${source.rootActivityId} is missing`);
  return build(root, null, '', { flags: null, available: true, depth: 0 });
}
