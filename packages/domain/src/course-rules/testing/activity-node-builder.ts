// Test-data builder for activity trees with workflows and constraints (domain tests only, never shipped).
import {
  ActivityState,
  ActivityType,
  PresentationMode,
  type ActivityConstraint,
  type ActivityNode,
  type ActivityRecordSummary,
} from '@portal/contracts';
import { testId } from '../../testing/enrollment-builder.ts';

export function noConstraint(): ActivityConstraint {
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
  };
}

export class ActivityNodeBuilder {
  private value: ActivityNode;
  private childBuilders: ActivityNodeBuilder[] = [];

  constructor(name = 'Activity') {
    const partId = testId();
    this.value = {
      id: testId(),
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
      axis: partId,
      activityPathId: partId,
      part: { id: partId, order: 0, optional: false, scoreWeight: 1, gate: 1 },
      available: true,
      contentAvailable: true,
      activityConstraint: null,
      activityWorkflowAggregate: { lastActivityWorkflow: null, bestActivityRecord: null },
      childrenCount: 0,
      children: [],
    };
  }

  withState(state: number): this {
    this.value.state = state;
    return this;
  }

  unavailable(): this {
    this.value.available = false;
    return this;
  }

  contentUnavailable(): this {
    this.value.contentAvailable = false;
    return this;
  }

  withConstraint(constraint: Partial<ActivityConstraint>): this {
    this.value.activityConstraint = { ...noConstraint(), ...constraint };
    return this;
  }

  /** A last activity workflow in the given WorkflowState. */
  withWorkflow(state: number): this {
    this.value.activityWorkflowAggregate.lastActivityWorkflow = {
      id: testId(),
      state,
      progress: 0,
      started: '2026-01-01T00:00:00.000Z',
      submitted: null,
      finished: null,
      lastProctoringSessionId: null,
    };
    return this;
  }

  withBestRecord(record: Partial<ActivityRecordSummary>): this {
    this.value.activityWorkflowAggregate.bestActivityRecord = {
      id: testId(),
      score: null,
      maxScore: 1,
      normalizedScore: null,
      passed: null,
      progress: 1,
      finished: null,
      ...record,
    };
    return this;
  }

  withChildren(...children: ActivityNodeBuilder[]): this {
    this.value.type = ActivityType.composite;
    this.childBuilders = children;
    return this;
  }

  /** Builds this node as the root (axis ""). */
  buildRoot(): ActivityNode {
    return this.buildAt([], null);
  }

  /** Builds this node as a child at the given ancestor part ids. */
  buildAt(ancestorPartIds: readonly string[], partId: string | null): ActivityNode {
    const ids = partId === null ? [...ancestorPartIds] : [...ancestorPartIds, partId];
    const axis = ids.join('/');
    const part = partId === null ? null : this.value.part && { ...this.value.part, id: partId };
    const children = this.childBuilders.map((child) =>
      child.buildAt(ids, child.value.part?.id ?? testId()),
    );
    children.forEach((child, index) => {
      if (child.part) child.part.order = index;
    });
    return {
      ...structuredClone(this.value),
      axis,
      activityPathId: axis,
      part,
      childrenCount: children.length,
      children,
    };
  }

  /** A standalone node (as a child of the root), for rules that look at one node. */
  build(): ActivityNode {
    return this.buildAt([], this.value.part?.id ?? testId());
  }
}

export function anActivity(name?: string): ActivityNodeBuilder {
  return new ActivityNodeBuilder(name);
}
