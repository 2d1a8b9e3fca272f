// Use cases of the course experience reads: always scoped to the signed-in caller; policies applied before data leaves.
import {
  ActivityType,
  idSchema,
  WorkflowState,
  type ActivityNode,
  type ActivityWithContent,
  type EnrollmentAggregate,
  type ListEnvelope,
  type ObjectiveRecord,
  type ObjectiveWorkflow,
} from '@portal/contracts';
import {
  activityStartBlockReason,
  findNodeByAxis,
  flattenTree,
  isActivityResultDisclosed,
  isActivityReviewAllowed,
  isGradeRevealed,
  isReviewAllowed,
} from '@portal/domain';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { proctoringRefusal } from '../proctoring/proctoring-guard.ts';
import type { Clock } from '../../lib/clock.ts';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import {
  filterCondition,
  listEnvelope,
  parseLoadOptions,
} from '../../lib/list-query/load-options.ts';
import type { CoursesRepository } from '../courses/courses.repository.ts';
import { toEnrollmentAggregate } from '../courses/courses.mapper.ts';
import { buildActivityTree } from './activity-tree.builder.ts';
import { loadTreeSource, pathTo } from './attempt-progress.ts';
import {
  activityRecordDefaultSort,
  activityRecordFields,
  objectiveRecordDefaultSort,
  objectiveRecordFields,
} from './workflows.fields.ts';
import { toObjectiveRecord, toObjectiveWorkflow } from './workflows.mapper.ts';
import type { AttemptRow, WorkflowsRepository } from './workflows.repository.ts';
import { DISABLED_REASON_KEY } from './workflow-refusals.ts';

export interface WorkflowsServiceDependencies {
  workflowsRepository: WorkflowsRepository;
  coursesRepository: CoursesRepository;
  clock: Clock;
  /** Proctoring sessions are read from here (proctored activities, decision 0028). */
  db: Kysely<Database>;
}

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;

const notFound = () => new NotFoundError('not_found', 'The requested resource does not exist.');

/** Ids in paths are checked before they reach SQL: anything else cannot name the caller's data. */
function requireId(id: string): string {
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function createWorkflowsService({
  workflowsRepository,
  coursesRepository,
  clock,
  db,
}: WorkflowsServiceDependencies) {
  async function requireAttempt(principal: Principal, id: string): Promise<AttemptRow> {
    const attempt = await workflowsRepository.findAttempt(principal, requireId(id));
    if (!attempt) throw notFound();
    return attempt;
  }

  /** The enrolment's grade reveal policy for this attempt; hidden results hide activity scores too. */
  function gradeRevealed(attempt: AttemptRow, now: Date): boolean {
    return isGradeRevealed({
      policy: attempt.gradeRevealPolicy,
      revealDate: attempt.gradeRevealDate,
      finished: attempt.finished !== null,
      now,
    });
  }

  /** The stored tree (for the rules) and the learner's view of it (what may leave the server). */
  async function trees(attempt: AttemptRow, now: Date) {
    const source = await loadTreeSource(workflowsRepository, attempt);
    const revealed = gradeRevealed(attempt, now);
    return {
      revealed,
      content: new Map(source.activities.map((a) => [a.id, a.content])),
      stored: buildActivityTree(source, { now, hideScores: false, ignoreDisclosure: true }),
      shown: buildActivityTree(source, { now, hideScores: !revealed }),
    };
  }

  /** One page of activity records over the given attempts, each score shown only where its attempt's policies allow. */
  async function activityRecordsOf(attempts: AttemptRow[], query: unknown) {
    const options = parseLoadOptions(query, {
      fields: activityRecordFields,
      defaultSort: activityRecordDefaultSort,
    });
    if (attempts.length === 0) return listEnvelope([], options.requireTotalCount ? 0 : undefined);
    const where = filterCondition(options);
    const now = clock.now();
    const ids = attempts.map((attempt) => attempt.id);
    const [rows, totalCount, treesByAttempt] = await Promise.all([
      workflowsRepository.findActivityRecords(ids, {
        where,
        sort: options.sort,
        skip: options.skip,
        take: options.take,
      }),
      options.requireTotalCount ? workflowsRepository.countActivityRecords(ids, where) : undefined,
      Promise.all(
        attempts.map(async (attempt) => [attempt.id, await trees(attempt, now)] as const),
      ),
    ]);
    const treeOf = new Map(treesByAttempt);
    return listEnvelope(
      rows.map((row) => {
        const { stored, revealed } = treeOf.get(row.objectiveWorkflowId)!;
        const constraint = findNodeByAxis(stored, row.axis)?.activityConstraint ?? null;
        const shownScore =
          revealed &&
          isActivityResultDisclosed(
            constraint,
            { state: row.workflowState },
            row.normalizedScore,
            now,
          );
        return {
          id: row.id,
          activityId: row.activityId,
          activityWorkflowId: row.activityWorkflowId,
          score: shownScore ? row.score : null,
          maxScore: shownScore ? row.maxScore : null,
          normalizedScore: shownScore ? row.normalizedScore : null,
          passed: shownScore && row.passed !== null ? row.passed === 1 : null,
          progress: row.progress,
          finished: row.finished,
        };
      }),
      totalCount,
    );
  }

  /** Throws 403 when the node's content may not be opened now (spec 4 start and review rules). */
  function assertOpenable(
    attempt: AttemptRow,
    path: ActivityNode[],
    revealed: boolean,
    now: Date,
  ): void {
    const node = path[path.length - 1]!;
    const workflow = node.activityWorkflowAggregate.lastActivityWorkflow;
    const reviewDenied = () =>
      new ForbiddenError('review_not_allowed', { key: 'reviewNotAllowed' });
    if (attempt.state !== WorkflowState.inProgress) {
      const courseReview = isReviewAllowed(
        {
          supportReview: attempt.rootSupportReview === 1,
          workflowState: attempt.state,
          protectResults: attempt.protectResults === 1,
          gradeRevealPolicy: attempt.gradeRevealPolicy,
          gradeRevealDate: attempt.gradeRevealDate,
        },
        now,
      );
      if (!courseReview || workflow === null) throw reviewDenied();
      if (node.part !== null && !isActivityReviewAllowed(node, { now, gradeRevealed: revealed }))
        throw reviewDenied();
      return;
    }
    if (workflow !== null && workflow.finished !== null) {
      if (node.part !== null && !isActivityReviewAllowed(node, { now, gradeRevealed: revealed }))
        throw reviewDenied();
      return;
    }
    for (const step of path) {
      const reason = activityStartBlockReason(step, now);
      if (reason !== null)
        throw new ForbiddenError('activity_not_startable', { key: DISABLED_REASON_KEY[reason] });
    }
  }

  function nodeAt(tree: ActivityNode, axis: string): ActivityNode {
    const node = findNodeByAxis(tree, axis);
    if (node === null) throw notFound();
    return node;
  }

  return {
    /** The caller's enrolment of one course, as the course list shows it (404 unless enrolled or offered). */
    async getObjectiveAggregate(
      principal: Principal,
      objectiveId: string,
    ): Promise<EnrollmentAggregate> {
      const id = requireId(objectiveId);
      const [row] = await coursesRepository.findEnrollmentAggregates(principal, {
        where: sql<SqlBool>`${sql.ref('lc.objectiveId')} = ${id}`,
        sort: [],
        skip: 0,
        take: 1,
      });
      if (!row) throw notFound();
      const showcases = await coursesRepository.findShowcasesOfObjectives(principal.tenantId, [
        row.objectiveId,
      ]);
      return toEnrollmentAggregate(
        row,
        showcases.map(({ id: showcaseId, name }) => ({ id: showcaseId, name })),
        clock.now(),
      );
    },

    /**
     * The axes of the activities the caller may open now in their newest attempt of the course — exactly
     * those `getActivity` would answer (start, gate and review rules); none without an attempt.
     */
    async openableAxes(principal: Principal, objectiveId: string): Promise<string[]> {
      const attemptId = await workflowsRepository.findLatestAttemptIdOfObjective(
        principal,
        requireId(objectiveId),
      );
      if (attemptId === undefined) return [];
      const attempt = await requireAttempt(principal, attemptId);
      const now = clock.now();
      const { stored, revealed } = await trees(attempt, now);
      const axes: string[] = [];
      for (const node of flattenTree(stored)) {
        if (node.axis === '') continue;
        const path = pathTo(stored, node.axis);
        if (path === null) continue;
        try {
          assertOpenable(attempt, path, revealed, now);
          // Proctored content outside its proctor session is not open either (decision 0028).
          if (
            attempt.state === WorkflowState.inProgress &&
            (await proctoringRefusal(db, principal, path)) !== null
          )
            continue;
          axes.push(node.axis);
        } catch (error) {
          if (!(error instanceof ForbiddenError)) throw error;
        }
      }
      return axes;
    },

    async getObjectiveWorkflow(principal: Principal, id: string): Promise<ObjectiveWorkflow> {
      return toObjectiveWorkflow(await requireAttempt(principal, id));
    },

    async getActivityTree(principal: Principal, id: string): Promise<ActivityNode> {
      const attempt = await requireAttempt(principal, id);
      return (await trees(attempt, clock.now())).shown;
    },

    async getActivity(
      principal: Principal,
      id: string,
      axis: string,
    ): Promise<ActivityWithContent> {
      const attempt = await requireAttempt(principal, id);
      const now = clock.now();
      const { stored, shown, content, revealed } = await trees(attempt, now);
      const path = pathTo(stored, axis);
      if (path === null) throw notFound();
      assertOpenable(attempt, path, revealed, now);
      const node = nodeAt(shown, axis);
      // The content of a proctored text activity is shown only inside an open proctor session.
      if (node.type === ActivityType.text && attempt.state === WorkflowState.inProgress) {
        const refusal = await proctoringRefusal(db, principal, path);
        if (refusal !== null) throw new ForbiddenError('proctoring_refused', { key: refusal });
      }
      return { node, content: content.get(node.id) ?? null };
    },

    async getChildren(principal: Principal, id: string, axis: string): Promise<ActivityNode[]> {
      const attempt = await requireAttempt(principal, id);
      return nodeAt((await trees(attempt, clock.now())).shown, axis).children;
    },

    /** Activity records of one attempt; scores withheld as the tree withholds them. */
    async listActivityRecords(principal: Principal, id: string, query: unknown) {
      const attempt = await requireAttempt(principal, id);
      return activityRecordsOf([attempt], query);
    },

    /** Activity records of every attempt of the caller's aggregate (e.g. for earlier attempts). */
    async listAggregateActivityRecords(principal: Principal, aggregateId: string, query: unknown) {
      const aggregate = await workflowsRepository.findAggregate(principal, requireId(aggregateId));
      if (!aggregate) throw notFound();
      const ids = await workflowsRepository.findAttemptIdsOfAggregate(principal, aggregate.id);
      const attempts = await Promise.all(
        ids.map((attemptId) => requireAttempt(principal, attemptId)),
      );
      return activityRecordsOf(attempts, query);
    },

    async listObjectiveRecords(
      principal: Principal,
      query: unknown,
    ): Promise<ListEnvelope<ObjectiveRecord>> {
      const options = parseLoadOptions(query, {
        fields: objectiveRecordFields,
        defaultSort: objectiveRecordDefaultSort,
      });
      const where = filterCondition(options);
      const [rows, totalCount] = await Promise.all([
        workflowsRepository.findObjectiveRecords(principal, {
          where,
          sort: options.sort,
          skip: options.skip,
          take: options.take,
        }),
        options.requireTotalCount
          ? workflowsRepository.countObjectiveRecords(principal, where)
          : undefined,
      ]);
      const now = clock.now();
      return listEnvelope(
        rows.map((row) => toObjectiveRecord(row, now)),
        totalCount,
      );
    },

    async getObjectiveRecord(principal: Principal, id: string): Promise<ObjectiveRecord> {
      const row = await workflowsRepository.findObjectiveRecord(principal, requireId(id));
      if (!row) throw notFound();
      return toObjectiveRecord(row, clock.now());
    },
  };
}
