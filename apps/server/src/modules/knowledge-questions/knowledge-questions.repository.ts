// SQL of knowledge-question e-mails: opt-ins, the scheduler's candidates, deliveries and the answer recorded once.
import type { Kysely, Selectable } from 'kysely';
import type { Database, KnowledgeQuestionsTable } from '../../db/schema.ts';
import { dialectOf } from '../../db/dialect.ts';
import { newId } from '../../lib/ids.ts';
import { isEnrolledLearner } from '../courses/learner-courses.ts';

export type QuestionRow = Selectable<KnowledgeQuestionsTable>;

export type KnowledgeQuestionsRepository = ReturnType<typeof createKnowledgeQuestionsRepository>;

export function createKnowledgeQuestionsRepository(db: Kysely<Database>) {
  return {
    /** Enrolled as the learner list counts it (learner_courses.enrolled): not a catalog-only offer. */
    async isEnrolled(caller: { userId: string }, objectiveId: string) {
      return isEnrolledLearner(db, caller.userId, objectiveId);
    },

    async findSubscription(userId: string, objectiveId: string) {
      return db
        .selectFrom('knowledgeQuestionSubscriptions')
        .selectAll()
        .where('userId', '=', userId)
        .where('objectiveId', '=', objectiveId)
        .executeTakeFirst();
    },

    async findSubscriptionById(id: string) {
      return db
        .selectFrom('knowledgeQuestionSubscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Opts in or out; one row per learner and course, created on the first opt-in. */
    async setOptedIn(
      caller: { tenantId: string; userId: string },
      objectiveId: string,
      optedIn: boolean,
      now: string,
    ): Promise<void> {
      await db
        .insertInto('knowledgeQuestionSubscriptions')
        .values({
          id: newId(),
          tenantId: caller.tenantId,
          userId: caller.userId,
          objectiveId,
          optedIn: optedIn ? 1 : 0,
          unsubscribedAt: optedIn ? null : now,
          created: now,
        })
        .onConflict((oc) =>
          oc.columns(['userId', 'objectiveId']).doUpdateSet({
            optedIn: optedIn ? 1 : 0,
            unsubscribedAt: optedIn ? null : now,
          }),
        )
        .execute();
    },

    async unsubscribe(subscriptionId: string, now: string): Promise<void> {
      await db
        .updateTable('knowledgeQuestionSubscriptions')
        .set({ optedIn: 0, unsubscribedAt: now })
        .where('id', '=', subscriptionId)
        .where('optedIn', '=', 1)
        .execute();
    },

    /** Opted-in learners who are still enrolled in the course, with what their mail needs. */
    async activeSubscriptions() {
      return db
        .selectFrom('knowledgeQuestionSubscriptions as s')
        .innerJoin('users as u', 'u.id', 's.userId')
        .innerJoin('objectives as o', 'o.id', 's.objectiveId')
        .where('s.optedIn', '=', 1)
        .where('u.status', '=', 'Active')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('learnerCourses as lc')
              .select('lc.id')
              .whereRef('lc.userId', '=', 's.userId')
              .whereRef('lc.objectiveId', '=', 's.objectiveId')
              .where('lc.enrolled', '=', 1),
          ),
        )
        .select([
          's.id as subscriptionId',
          's.tenantId',
          's.userId',
          's.objectiveId',
          'u.email',
          'u.firstName',
          'u.locale',
          'o.name as objectiveName',
        ])
        .orderBy('s.created')
        .orderBy('s.id')
        .execute();
    },

    async questionsOf(objectiveId: string): Promise<QuestionRow[]> {
      return db
        .selectFrom('knowledgeQuestions')
        .selectAll()
        .where('objectiveId', '=', objectiveId)
        .orderBy('ord')
        .orderBy('id')
        .execute();
    },

    /** The learner's deliveries of the course's questions, newest first. */
    async deliveriesOf(userId: string, objectiveId: string, executor: Kysely<Database> = db) {
      return executor
        .selectFrom('knowledgeQuestionDeliveries as d')
        .innerJoin('knowledgeQuestions as q', 'q.id', 'd.questionId')
        .selectAll('d')
        .where('d.userId', '=', userId)
        .where('q.objectiveId', '=', objectiveId)
        .orderBy('d.sentAt', 'desc')
        .orderBy('d.id', 'desc')
        .execute();
    },

    /**
     * Locks the subscription row until the transaction ends (PostgreSQL), so that two schedulers mailing the same
     * learner's question serialise; SQLite runs one instance, whose writes serialise anyway.
     */
    async lockSubscription(executor: Kysely<Database>, subscriptionId: string): Promise<void> {
      await executor
        .selectFrom('knowledgeQuestionSubscriptions')
        .select('id')
        .where('id', '=', subscriptionId)
        .$if(dialectOf(executor) === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
    },

    async insertDelivery(
      executor: Kysely<Database>,
      row: { id: string; tenantId: string; userId: string; questionId: string; box: number },
      now: string,
    ): Promise<void> {
      await executor
        .insertInto('knowledgeQuestionDeliveries')
        .values({
          ...row,
          sentAt: now,
          dueNext: null,
          answeredAt: null,
          answer: null,
          correct: null,
        })
        .execute();
    },

    async findDelivery(id: string) {
      return db
        .selectFrom('knowledgeQuestionDeliveries as d')
        .innerJoin('knowledgeQuestions as q', 'q.id', 'd.questionId')
        .select([
          'd.id',
          'd.tenantId',
          'd.userId',
          'd.box',
          'd.answeredAt',
          'd.answer',
          'd.correct',
          'q.objectiveId',
          'q.activityId',
          'q.activityPathId',
          'q.kind',
          'q.prompt',
          'q.choices',
          'q.correct as accepted',
          'q.explanation',
        ])
        .where('d.id', '=', id)
        .executeTakeFirst();
    },

    /** Records the answer unless one is recorded already; true when this call recorded it. */
    async recordAnswer(
      id: string,
      answer: { answer: string; correct: boolean; answeredAt: string; dueNext: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('knowledgeQuestionDeliveries')
        .set({
          answer: answer.answer,
          correct: answer.correct ? 1 : 0,
          answeredAt: answer.answeredAt,
          dueNext: answer.dueNext,
        })
        .where('id', '=', id)
        .where('answeredAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The module's name when the axis still leads from the course's root to the activity, else undefined. */
    async findModule(objectiveId: string, activityId: string, activityPathId: string) {
      const objective = await db
        .selectFrom('objectives')
        .select('activityId')
        .where('id', '=', objectiveId)
        .executeTakeFirst();
      if (!objective) return undefined;
      let current = objective.activityId;
      for (const partId of activityPathId.split('/')) {
        const part = await db
          .selectFrom('activityParts')
          .select('childActivityId')
          .where('id', '=', partId)
          .where('parentActivityId', '=', current)
          .executeTakeFirst();
        if (!part) return undefined;
        current = part.childActivityId;
      }
      if (current !== activityId) return undefined;
      return db
        .selectFrom('activities')
        .select('name')
        .where('id', '=', activityId)
        .executeTakeFirst();
    },
  };
}
