// Progress of a workflow or record: a fraction the server may send slightly out of range, shown as a percent.

/** Clamps a progress fraction to 0..1; anything that is not a finite number counts as no progress. */
export function clampProgress(progress: number | null | undefined): number {
  if (progress === null || progress === undefined || !Number.isFinite(progress)) return 0;
  return Math.min(1, Math.max(0, progress));
}

/** Whole-number percent (0..100) of a progress fraction, after clamping. */
export function progressPercent(progress: number | null | undefined): number {
  return Math.round(clampProgress(progress) * 100);
}
