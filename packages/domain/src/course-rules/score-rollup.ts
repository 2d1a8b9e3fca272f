// Rolling progress and score up an activity tree through its parts' order, optional flags and weights.
import { clampProgress } from '../progress.ts';

/** A node for the roll-up: leaves carry their own values, composites get theirs from their children. */
export interface RollUpNode {
  /** Effective optional flag of the part holding this node (see effectivePartFlags). */
  optional: boolean;
  /** Effective score weight of the part holding this node. */
  scoreWeight: number;
  finished: boolean;
  progress: number;
  /** 0..1, null while the node has no score. */
  normalizedScore: number | null;
  children: readonly RollUpNode[];
}

export interface RollUpResult {
  /** 0..1. */
  progress: number;
  /** 0..1, null when no counted child has a score yet. */
  normalizedScore: number | null;
  /** A leaf as given; a composite when all its required children are (all children when none is required). */
  finished: boolean;
}

function clampScore(score: number | null): number | null {
  return score === null || !Number.isFinite(score) ? null : Math.min(1, Math.max(0, score));
}

/**
 * Rolls a node up. A leaf keeps its values (clamped to 0..1). A composite's progress is the mean of its required
 * children's progress (of all children when none is required); its score is Σ(weight·score)/Σweight over required
 * children with weight > 0, where a child without a score yet counts as 0 — so an unfinished course never shows
 * more than it has earned — and is null when none of them has a score. Optional and zero-weight parts never
 * count towards the score.
 */
export function rollUp(node: RollUpNode): RollUpResult {
  if (node.children.length === 0) {
    return {
      progress: clampProgress(node.progress),
      normalizedScore: clampScore(node.normalizedScore),
      finished: node.finished,
    };
  }
  const results = node.children.map((child) => ({ child, result: rollUp(child) }));
  const required = results.filter(({ child }) => !child.optional);
  const counted = required.length > 0 ? required : results;
  const progress = counted.reduce((sum, { result }) => sum + result.progress, 0) / counted.length;
  let weightSum = 0;
  let weightedScore = 0;
  let anyScore = false;
  for (const { child, result } of required) {
    if (!Number.isFinite(child.scoreWeight) || child.scoreWeight <= 0) continue;
    weightSum += child.scoreWeight;
    if (result.normalizedScore !== null) {
      anyScore = true;
      weightedScore += child.scoreWeight * result.normalizedScore;
    }
  }
  return {
    progress: clampProgress(progress),
    normalizedScore: anyScore && weightSum > 0 ? clampScore(weightedScore / weightSum) : null,
    finished: counted.every(({ result }) => result.finished),
  };
}
