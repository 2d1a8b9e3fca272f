// The demo tenant's LTI courses: the built-in quiz tool (apps/lti-tools) registered as an LTI 1.3 tool, an LTI
// course it delivers embedded, and a composite course whose last part is the tool in full screen.
import type { Kysely } from 'kysely';
import { ActivityType, AgsScope, DisplayMode, LtiVersion, WorkflowState } from '@portal/contracts';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { refreshLearnerCourses } from '../modules/courses/learner-courses.ts';
import { insertActivityWorkflows, insertCourse, insertEnrolment } from './course-records.ts';

/** Fixed so that `npm start` can configure the tool process to match (scripts/start.mjs). */
export const BUILT_IN_QUIZ = {
  clientId: 'built-in-quiz',
  deploymentId: 'northwind-quiz-1',
  name: 'Quiz (built-in tool)',
} as const;

export interface DemoLtiInput {
  tenantId: string;
  /** Where the built-in tool listens (config LTI_TOOLS_URL). */
  toolUrl: string;
  gradingScaleId: string;
  learnerIds: string[];
  /**
   * One of `learnerIds` who took Security Essentials once and failed: the quiz scored 0 of 3, the course 50%
   * against a passing score of 60%, with the scale's failing grade; retake is allowed.
   */
  failedSecurityAttempt?: {
    learnerId: string;
    started: string;
    finished: string;
    gradeId: string | null;
  };
  /** Enrolled in "Proctored Final Exam" (one of `learnerIds` or another learner). */
  proctoredExamLearnerId?: string;
  created: string;
}

export interface DemoLti {
  toolId: string;
  webBasicsObjectiveId: string;
  securityObjectiveId: string;
  proctoredExamObjectiveId: string;
}

async function deliverByTool(
  db: Kysely<Database>,
  activityId: string,
  toolId: string,
  displayMode: number,
  quiz: string,
): Promise<void> {
  await db
    .updateTable('activities')
    .set({ type: ActivityType.lti13, displayMode, content: null, maxScore: 1 })
    .where('id', '=', activityId)
    .execute();
  // The lists show and filter on the course's activity type.
  await refreshLearnerCourses(db, { activityId });
  await db
    .insertInto('ltiActivityResources')
    .values({
      activityId,
      toolId,
      targetLinkUri: null,
      custom: JSON.stringify({ quiz }),
      preferredWidth: null,
      preferredHeight: null,
    })
    .execute();
}

export async function seedDemoLti(db: Kysely<Database>, input: DemoLtiInput): Promise<DemoLti> {
  const toolUrl = input.toolUrl.replace(/\/+$/, '');
  const toolId = newId();
  await db
    .insertInto('ltiTools')
    .values({
      id: toolId,
      tenantId: input.tenantId,
      name: BUILT_IN_QUIZ.name,
      ltiVersion: LtiVersion.lti13,
      enabled: 1,
      clientId: BUILT_IN_QUIZ.clientId,
      deploymentIds: JSON.stringify([BUILT_IN_QUIZ.deploymentId]),
      loginUrl: `${toolUrl}/login`,
      // /proctoring receives the LTI Proctoring Services messages (docs/decisions/0028).
      redirectUris: JSON.stringify([`${toolUrl}/launch`, `${toolUrl}/proctoring`]),
      jwksUrl: `${toolUrl}/.well-known/jwks.json`,
      publicJwk: null,
      allowedScopes: JSON.stringify([AgsScope.lineItemReadOnly, AgsScope.score]),
      targetLinkUri: `${toolUrl}/launch`,
      privacyLevel: 'name',
      consumerKey: null,
      secretEncrypted: null,
      proctoring: 1,
      created: input.created,
    })
    .execute();

  const webBasics = await insertCourse(db, {
    tenantId: input.tenantId,
    name: 'Web Basics Quiz',
    code: 'LTI-101',
    description: 'A short quiz on how the web works, delivered by an LTI tool inside the portal.',
    about:
      '<p>Answer four questions about HTML, HTTP and accessibility. The quiz runs in an external tool; ' +
      'your score comes back to the portal as soon as you submit.</p>',
    gradingScaleId: input.gradingScaleId,
    type: ActivityType.lti13,
    created: input.created,
  });
  await deliverByTool(db, webBasics.activityId, toolId, DisplayMode.embeddedAuto, 'web-basics');

  const security = await insertCourse(db, {
    tenantId: input.tenantId,
    name: 'Security Essentials',
    code: 'SEC-110',
    description: 'Recognise phishing and protect your accounts, then check yourself in a quiz.',
    about:
      '<p>Read a short guide, then take the security quiz. The quiz opens in full screen and reports ' +
      'your score to the portal.</p>',
    gradingScaleId: input.gradingScaleId,
    children: [
      {
        name: 'Spot a phishing e-mail',
        content:
          '<p>Check the sender address, hover over links before you click, and be wary of urgency. ' +
          'When in doubt, report the message instead of answering it.</p>',
        duration: 300,
      },
      { name: 'Security basics quiz', duration: 300 },
    ],
    created: input.created,
  });
  const quizPart = security.parts.find((part) => part.name === 'Security basics quiz')!;
  await deliverByTool(db, quizPart.activityId, toolId, DisplayMode.fullscreen, 'security-basics');

  // A proctored final exam: instructions to read, then the security quiz watched by the built-in tool acting
  // as the proctoring tool (LtiStartProctoring, LtiStartAssessment, LtiEndAssessment; decision 0028).
  const exam = await insertCourse(db, {
    tenantId: input.tenantId,
    name: 'Proctored Final Exam',
    code: 'EXAM-200',
    description: 'A proctored exam: read the instructions, then take the quiz under proctoring.',
    about:
      '<p>The exam part is proctored. Starting it opens the proctoring tool, which then opens the quiz ' +
      'for you; the proctoring session ends when you submit.</p>',
    gradingScaleId: input.gradingScaleId,
    children: [
      {
        name: 'Exam instructions',
        content:
          '<p>Take the exam alone, in one sitting. Keep this window open: the proctoring tool watches the ' +
          'exam from the moment it starts until you submit your answers.</p>',
        duration: 120,
      },
      { name: 'Final exam', duration: 600 },
    ],
    created: input.created,
  });
  const examPart = exam.parts.find((part) => part.name === 'Final exam')!;
  await deliverByTool(db, examPart.activityId, toolId, DisplayMode.embeddedAuto, 'security-basics');
  await db
    .updateTable('activities')
    .set({ proctored: 1, proctoringToolId: toolId })
    .where('id', '=', examPart.activityId)
    .execute();
  if (input.proctoredExamLearnerId !== undefined) {
    await insertEnrolment(db, {
      tenantId: input.tenantId,
      userId: input.proctoredExamLearnerId,
      objectiveId: exam.objectiveId,
      isSelfEnrolled: true,
      retake: true,
      created: input.created,
    });
  }

  const failed = input.failedSecurityAttempt;
  for (const userId of input.learnerIds) {
    for (const objectiveId of [webBasics.objectiveId, security.objectiveId]) {
      const failedHere = failed?.learnerId === userId && objectiveId === security.objectiveId;
      const { workflowId } = await insertEnrolment(db, {
        tenantId: input.tenantId,
        userId,
        objectiveId,
        isSelfEnrolled: true,
        retake: true,
        created: input.created,
        progress: failedHere
          ? {
              kind: 'attempt',
              state: WorkflowState.finished,
              progress: 1,
              started: failed.started,
              submitted: failed.finished,
              finished: failed.finished,
              result: {
                score: 0.5,
                passed: false,
                gradeId: failed.gradeId,
                started: failed.started,
                submitted: failed.finished,
                finished: failed.finished,
              },
            }
          : undefined,
      });
      if (failedHere) {
        const reading = security.parts.find((part) => part.name === 'Spot a phishing e-mail')!;
        const done = { started: failed.started, finished: failed.finished };
        await insertActivityWorkflows(db, {
          tenantId: input.tenantId,
          userId,
          objectiveWorkflowId: workflowId!,
          workflows: [
            {
              axis: '',
              activityId: security.activityId,
              ...done,
              result: { score: 0.5, passed: false },
            },
            { axis: reading.axis, activityId: reading.activityId, ...done },
            {
              axis: quizPart.axis,
              activityId: quizPart.activityId,
              ...done,
              result: { score: 0, passed: false },
            },
          ],
        });
      }
    }
  }
  return {
    toolId,
    webBasicsObjectiveId: webBasics.objectiveId,
    securityObjectiveId: security.objectiveId,
    proctoredExamObjectiveId: exam.objectiveId,
  };
}
