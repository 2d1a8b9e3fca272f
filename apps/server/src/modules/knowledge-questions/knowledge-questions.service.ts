// Use cases of knowledge questions by e-mail: opting in and out (enrolled learners only), mailing each opted-in
// learner the next due question through the outbox, recording an answer from a signed link once, and the
// one-click unsubscribe.
import {
  isLocale,
  DEFAULT_LOCALE,
  type KnowledgeQuestionAnswerRequest,
  type KnowledgeQuestionAnswerResult,
} from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { queueMail } from '../mail/mail-outbox.repository.ts';
import { renderKnowledgeQuestionMail } from './knowledge-question-mail.ts';
import {
  KNOWLEDGE_LINK_LIFETIME_MS,
  type KnowledgeLinkPayload,
  type KnowledgeLinkTokens,
} from './knowledge-question-tokens.ts';
import type {
  KnowledgeQuestionsRepository,
  QuestionRow,
} from './knowledge-questions.repository.ts';
import {
  MIN_GAP_MS,
  UNANSWERED_RESEND_MS,
  dueAfterAnswer,
  nextBox,
  normaliseAnswer,
} from './spaced-repetition.ts';

interface Choice {
  id: string;
  text: string;
}

const linkError = (reason: 'invalid' | 'expired') =>
  reason === 'expired'
    ? new BadRequestError('knowledge_link_expired', 'This link has expired.')
    : new BadRequestError('knowledge_link_invalid', 'This link is not valid.');

export function createKnowledgeQuestionsService(deps: {
  db: Kysely<Database>;
  repository: KnowledgeQuestionsRepository;
  tokens: KnowledgeLinkTokens;
  clock: Clock;
  publicUrl: string;
}) {
  const { db, repository, tokens, clock, publicUrl } = deps;

  function verify(token: string): KnowledgeLinkPayload {
    const verified = tokens.verify(token, clock.now());
    if (!verified.ok) throw linkError(verified.reason);
    return verified.payload;
  }

  /** The next question due for the learner, and the box it is in; undefined when none is due. */
  function nextDue(
    questions: QuestionRow[],
    deliveries: Awaited<ReturnType<KnowledgeQuestionsRepository['deliveriesOf']>>,
    now: Date,
  ): { question: QuestionRow; box: number } | undefined {
    const latest = deliveries[0];
    if (latest && now.getTime() - new Date(latest.sentAt).getTime() < MIN_GAP_MS) return undefined;
    let best: { question: QuestionRow; box: number; due: number } | undefined;
    for (const question of questions) {
      const last = deliveries.find((delivery) => delivery.questionId === question.id);
      let due: number;
      let box: number;
      if (!last) {
        // New questions after the reviews that are due, in the bank's order.
        due = now.getTime();
        box = 1;
      } else if (last.answeredAt === null) {
        due = new Date(last.sentAt).getTime() + UNANSWERED_RESEND_MS;
        box = last.box;
      } else {
        due = new Date(last.dueNext ?? last.answeredAt).getTime();
        box = nextBox(last.box, last.correct === 1);
      }
      if (due > now.getTime()) continue;
      if (!best || due < best.due) best = { question, box, due };
    }
    return best && { question: best.question, box: best.box };
  }

  return {
    async setSubscription(principal: Principal, objectiveId: string, optedIn: boolean) {
      if (!(await repository.isEnrolled(principal, objectiveId)))
        throw new NotFoundError('objective_not_found', 'The course does not exist.');
      await repository.setOptedIn(principal, objectiveId, optedIn, clock.now().toISOString());
      const hasQuestions = (await repository.questionsOf(objectiveId)).length > 0;
      return { objectiveId, optedIn, hasQuestions };
    },

    async subscriptionOf(principal: Principal, objectiveId: string) {
      if (!(await repository.isEnrolled(principal, objectiveId)))
        throw new NotFoundError('objective_not_found', 'The course does not exist.');
      const row = await repository.findSubscription(principal.userId, objectiveId);
      const hasQuestions = (await repository.questionsOf(objectiveId)).length > 0;
      return { objectiveId, optedIn: row?.optedIn === 1, hasQuestions };
    },

    /** Mails every opted-in, enrolled learner the next due question of each course; returns the number mailed. */
    async sendDue(): Promise<number> {
      let sent = 0;
      for (const subscription of await repository.activeSubscriptions()) {
        const now = clock.now();
        const questions = await repository.questionsOf(subscription.objectiveId);
        if (questions.length === 0) continue;
        const due = nextDue(
          questions,
          await repository.deliveriesOf(subscription.userId, subscription.objectiveId),
          now,
        );
        if (!due) continue;
        const { question, box } = due;
        const module = await repository.findModule(
          question.objectiveId,
          question.activityId,
          question.activityPathId,
        );
        if (!module) continue;
        const deliveryId = newId();
        const exp = now.getTime() + KNOWLEDGE_LINK_LIFETIME_MS;
        const answerUrl = (answerId?: string) => {
          const token = tokens.sign({
            kind: 'answer',
            deliveryId,
            activityId: question.activityId,
            activityPathId: question.activityPathId,
            ...(answerId ? { answerId } : {}),
            exp,
          });
          const query = new URLSearchParams({
            token,
            activityId: question.activityId,
            activityPathId: question.activityPathId,
            ...(answerId ? { answerId } : {}),
          });
          return `${publicUrl}/learn/email-response-callback?${query.toString()}`;
        };
        const unsubscribeToken = tokens.sign({
          kind: 'unsubscribe',
          subscriptionId: subscription.subscriptionId,
          exp: now.getTime() + 4 * KNOWLEDGE_LINK_LIFETIME_MS,
        });
        const choices = JSON.parse(question.choices) as Choice[];
        const locale = isLocale(subscription.locale) ? subscription.locale : DEFAULT_LOCALE;
        const mail = renderKnowledgeQuestionMail(locale, {
          name: subscription.firstName,
          course: subscription.objectiveName,
          module: module.name,
          prompt: question.prompt,
          links:
            question.kind === 'choice'
              ? choices.map((choice) => ({ text: choice.text, url: answerUrl(choice.id) }))
              : [{ text: null, url: answerUrl() }],
          unsubscribeUrl: `${publicUrl}/learn/email-response-callback?${new URLSearchParams({ unsubscribe: unsubscribeToken }).toString()}`,
        });
        const oneClick = `${publicUrl}/api/lms/v1/knowledge-question-unsubscriptions?${new URLSearchParams({ token: unsubscribeToken }).toString()}`;
        const mailed = await db.transaction().execute(async (trx) => {
          // Another instance may have mailed this learner since the read above: decide again under the lock.
          await repository.lockSubscription(trx, subscription.subscriptionId);
          const stillDue = nextDue(
            questions,
            await repository.deliveriesOf(subscription.userId, subscription.objectiveId, trx),
            now,
          );
          if (stillDue?.question.id !== question.id) return false;
          await repository.insertDelivery(
            trx,
            {
              id: deliveryId,
              tenantId: subscription.tenantId,
              userId: subscription.userId,
              questionId: question.id,
              box,
            },
            now.toISOString(),
          );
          await queueMail(
            trx,
            {
              tenantId: subscription.tenantId,
              to: subscription.email,
              locale: mail.locale,
              template: 'knowledgeQuestion',
              subject: mail.subject,
              text: mail.text,
              html: mail.html,
              headers: {
                'List-Unsubscribe': `<${oneClick}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            },
            now.toISOString(),
          );
          return true;
        });
        if (mailed) sent += 1;
      }
      return sent;
    },

    /**
     * Checks and records the answer of a signed link once. The link identifies the learner: a session of
     * another user is refused. A text question's link without an answer returns the question for the form.
     */
    async answer(
      principal: Principal,
      request: KnowledgeQuestionAnswerRequest,
    ): Promise<KnowledgeQuestionAnswerResult> {
      const payload = verify(request.token);
      if (payload.kind !== 'answer') throw linkError('invalid');
      const mismatch =
        (request.activityId !== undefined && request.activityId !== payload.activityId) ||
        (request.activityPathId !== undefined &&
          request.activityPathId !== payload.activityPathId) ||
        (request.answerId !== undefined && request.answerId !== payload.answerId);
      if (mismatch) throw linkError('invalid');
      const delivery = await repository.findDelivery(payload.deliveryId);
      if (!delivery) throw linkError('invalid');
      if (delivery.userId !== principal.userId || delivery.tenantId !== principal.tenantId)
        throw new ForbiddenError(
          'knowledge_link_other_user',
          'This question was sent to another account.',
        );
      const choices = JSON.parse(delivery.choices) as Choice[];
      const accepted = JSON.parse(delivery.accepted) as string[];
      const module = await repository.findModule(
        delivery.objectiveId,
        delivery.activityId,
        delivery.activityPathId,
      );
      const base = {
        objectiveId: delivery.objectiveId,
        activityId: delivery.activityId,
        activityPathId: delivery.activityPathId,
        moduleExists: module !== undefined,
        kind: delivery.kind,
        prompt: delivery.prompt,
      };
      const textOf = (answer: string) =>
        delivery.kind === 'choice'
          ? (choices.find((choice) => choice.id === answer)?.text ?? answer)
          : answer;
      const correctAnswer =
        delivery.kind === 'choice'
          ? choices
              .filter((choice) => accepted.includes(choice.id))
              .map((choice) => choice.text)
              .join(', ')
          : (accepted[0] ?? '');
      const result = (
        status: 'recorded' | 'replayed',
        row: { answer: string; correct: boolean; answeredAt: string },
      ) => ({
        ...base,
        status,
        answer: textOf(row.answer),
        correct: row.correct,
        correctAnswer,
        explanation: delivery.explanation,
        answeredAt: row.answeredAt,
      });
      const recorded = () =>
        delivery.answeredAt !== null
          ? result('replayed', {
              answer: delivery.answer ?? '',
              correct: delivery.correct === 1,
              answeredAt: delivery.answeredAt,
            })
          : undefined;
      const earlier = recorded();
      if (earlier) return earlier;

      let answer: string;
      if (delivery.kind === 'choice') {
        if (payload.answerId === undefined || !choices.some((c) => c.id === payload.answerId))
          throw linkError('invalid');
        answer = payload.answerId;
      } else {
        if (request.answerText === undefined) return { ...base, status: 'awaitingAnswer' };
        answer = request.answerText;
      }
      const correct =
        delivery.kind === 'choice'
          ? accepted.includes(answer)
          : accepted.some((text) => normaliseAnswer(text) === normaliseAnswer(answer));
      const now = clock.now();
      const row = {
        answer,
        correct,
        answeredAt: now.toISOString(),
        dueNext: dueAfterAnswer(delivery.box, correct, now).toISOString(),
      };
      if (await repository.recordAnswer(delivery.id, row)) return result('recorded', row);
      // Another request recorded it first (a double click): answer with what it recorded.
      const winner = await repository.findDelivery(delivery.id);
      return result('replayed', {
        answer: winner?.answer ?? answer,
        correct: winner?.correct === 1,
        answeredAt: winner?.answeredAt ?? row.answeredAt,
      });
    },

    /** One-click unsubscribe: the signed token is the proof, no session needed. */
    async unsubscribe(token: string): Promise<{ objectiveId: string }> {
      const payload = verify(token);
      if (payload.kind !== 'unsubscribe') throw linkError('invalid');
      const subscription = await repository.findSubscriptionById(payload.subscriptionId);
      if (!subscription) throw linkError('invalid');
      await repository.unsubscribe(subscription.id, clock.now().toISOString());
      return { objectiveId: subscription.objectiveId };
    },
  };
}
export type KnowledgeQuestionsService = ReturnType<typeof createKnowledgeQuestionsService>;
