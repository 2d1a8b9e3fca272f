// Course rules of spec 4: availability, buttons, constraints, the activity tree, roll-up, review, grades.
export * from './availability.ts';
export * from './activity-constraints.ts';
export * from './activity-tree.ts';
export * from './score-rollup.ts';
export * from './course-buttons.ts';
export * from './attempts.ts';
export * from './review.ts';
export * from './grade-display.ts';
export * from './text.ts';
export * from './file-urls.ts';
export * from './proctoring.ts';
