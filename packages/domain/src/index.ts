// Public face of the domain package: pure learning rules shared by server and web.
export * from './grading.ts';
export * from './progress.ts';
export * from './course-card.ts';
export * from './course-filters.ts';
export * from './catalog.ts';
export * from './format.ts';
export * from './permissions.ts';
export * from './grade-reveal.ts';
export * from './course-rules/index.ts';
export * from './certificates.ts';
export * from './calendar.ts';
export * from './tasks.ts';
export * from './message-format.ts';
