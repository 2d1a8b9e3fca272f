// What a proctoring session means for the learner's screens (docs/decisions/0028): the rules themselves are the
// domain's (packages/domain/src/course-rules/proctoring.ts).
export { isProctorSessionOpen as isOpenProctorSession, proctoringBlock } from '@portal/domain';
