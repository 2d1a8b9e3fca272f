// Cache keys of the learner's state in one course, shared by the features that read it (course details,
// course content): one resource, one key, so a page that shows both fetches each resource once.
// Every key starts with 'lms' so enrolment changes (which invalidate ['lms']) refresh them too.
export const learnerCourseKeys = {
  aggregate: (objectiveId: string) =>
    ['lms', 'users', 'me', 'objectives', objectiveId, 'aggregate'] as const,
  workflow: (workflowId: string) =>
    ['lms', 'users', 'me', 'objective-workflows', workflowId] as const,
  tree: (workflowId: string) =>
    ['lms', 'users', 'me', 'objective-workflows', workflowId, 'activity-with-aggregates'] as const,
};
