// Use cases of the learner dashboard: the caller's tasks, recently opened courses and promo banners, and the
// administrators' management of banners (CLI).
import {
  findTimeZone,
  WorkflowState,
  type PromoBanner,
  type RecentCourse,
} from '@portal/contracts';
import { clampProgress, learnerTasksOf, type TaskCourseInput } from '@portal/domain';
import { z } from 'zod';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { Caller, DashboardRepository } from './dashboard.repository.ts';
import type { PromoBannersRepository } from './promo-banners.repository.ts';

const IN_GRADING: readonly number[] = [
  WorkflowState.submitted,
  WorkflowState.inGrading,
  WorkflowState.graded,
];

// A web page, or a path of this portal; anything else (javascript:, data:, protocol-relative) is refused.
const urlSchema = z
  .string()
  .max(2000)
  .regex(
    /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i,
    'Must be an http(s) URL or a path starting with /.',
  );
const instantSchema = z.iso.datetime({ offset: true }).transform((v) => new Date(v).toISOString());

export const promoBannerInputSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    text: z.string().trim().min(1).max(1000),
    imageUrl: urlSchema.nullable().default(null),
    imageAlt: z.string().trim().max(300).default(''),
    linkUrl: urlSchema.nullable().default(null),
    linkLabel: z.string().trim().min(1).max(100).nullable().default(null),
    startsAt: instantSchema,
    endsAt: instantSchema.nullable().default(null),
    sortOrder: z.number().int().default(0),
    unitIds: z.array(z.uuid().toLowerCase()).default([]),
  })
  .strict()
  .refine((b) => b.endsAt === null || b.endsAt > b.startsAt, {
    path: ['endsAt'],
    message: 'Must be after startsAt.',
  })
  .refine((b) => (b.linkUrl === null) === (b.linkLabel === null), {
    path: ['linkLabel'],
    message: 'A link needs both linkUrl and linkLabel.',
  });
export type PromoBannerInput = z.input<typeof promoBannerInputSchema>;

/** The latest of some ISO times, or null when none is readable. */
function latestOf(...times: (string | null | undefined)[]): string | null {
  let latest: number | null = null;
  for (const time of times) {
    const ms = time ? Date.parse(time) : Number.NaN;
    if (!Number.isNaN(ms) && (latest === null || ms > latest)) latest = ms;
  }
  return latest === null ? null : new Date(latest).toISOString();
}

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardService(deps: {
  dashboardRepository: DashboardRepository;
  promoBannersRepository: PromoBannersRepository;
  clock: Clock;
}) {
  const repo = deps.dashboardRepository;
  const banners = deps.promoBannersRepository;

  return {
    /** What the caller should do now, most urgent first, counted in the caller's time zone. */
    async tasks(caller: Caller) {
      const now = deps.clock.now();
      const timeZone = findTimeZone(await repo.findTimeZone(caller.userId))?.iana ?? 'UTC';
      const enrolments = await repo.findEnrolments(caller);
      const parts = await repo.findActivityParts(enrolments.map((e) => e.rootActivityId));
      const workflows = await repo.findActivityWorkflows(
        enrolments.flatMap((e) => (e.lastObjectiveWorkflowId ? [e.lastObjectiveWorkflowId] : [])),
      );
      const partsByParent = new Map<string, typeof parts>();
      for (const part of parts) {
        const siblings = partsByParent.get(part.parentActivityId) ?? [];
        siblings.push(part);
        partsByParent.set(part.parentActivityId, siblings);
      }
      // The newest activity workflow per attempt and axis (the query lists them oldest first).
      const lastWorkflow = new Map(
        workflows.map((w) => [`${w.objectiveWorkflowId}|${w.axis}`, w] as const),
      );

      const courses: TaskCourseInput[] = enrolments.map((enrolment) => {
        const activities: TaskCourseInput['activities'] = [];
        const visit = (activityId: string, axis: string, depth: number) => {
          if (depth > 16) return;
          for (const part of partsByParent.get(activityId) ?? []) {
            const partAxis = axis ? `${axis}/${part.id}` : part.id;
            const workflow = enrolment.lastObjectiveWorkflowId
              ? lastWorkflow.get(`${enrolment.lastObjectiveWorkflowId}|${partAxis}`)
              : undefined;
            activities.push({
              activityPartId: part.id,
              axis: partAxis,
              activityName: part.activityName,
              optional: part.optional === 1,
              startFrom: part.startFrom,
              startUntil: part.startUntil,
              due: part.due,
              accessibleUntil: part.accessibleUntil,
              gracePeriodUntil: part.gracePeriodUntil,
              workflow: workflow ? { state: workflow.state, submitted: workflow.submitted } : null,
            });
            visit(part.childActivityId, partAxis, depth + 1);
          }
        };
        visit(enrolment.rootActivityId, '', 0);
        return {
          objectiveId: enrolment.objectiveId,
          objectiveName: enrolment.objectiveName,
          activityState: enrolment.activityState,
          isMandatory: enrolment.isMandatory === 1,
          retake: enrolment.retake === 1,
          availabilityDate: enrolment.availabilityDate,
          availabilityEndDate: enrolment.availabilityEndDate,
          dueDate: enrolment.dueDate,
          workflow:
            enrolment.workflowState === null
              ? null
              : { state: enrolment.workflowState, submitted: enrolment.workflowSubmitted },
          hasRecord: enrolment.lastObjectiveRecordId !== null,
          activities,
        };
      });
      return { timeZone, tasks: learnerTasksOf(courses, { now, timeZone }) };
    },

    /** The caller's courses by when they were last opened or worked on, most recent first. */
    async recentCourses(caller: Caller, take: number): Promise<RecentCourse[]> {
      const rows = await repo.findVisitedCourses(caller);
      return rows
        .flatMap((row) => {
          const lastActivity = latestOf(
            row.lastOpened,
            row.workflowStarted,
            row.workflowSubmitted,
            row.workflowFinished,
            row.recordFinished,
            row.activityWorkedOn,
          );
          if (lastActivity === null) return [];
          const state: RecentCourse['state'] =
            row.workflowState === null
              ? row.recordFinished === null
                ? 'notStarted'
                : 'completed'
              : row.workflowState === WorkflowState.finished
                ? 'completed'
                : IN_GRADING.includes(row.workflowState)
                  ? 'inGrading'
                  : 'inProgress';
          const objectiveId = encodeURIComponent(row.objectiveId);
          return [
            {
              objectiveId: row.objectiveId,
              objectiveName: row.objectiveName,
              objectiveCode: row.objectiveCode,
              imageUrl: row.imageUrl,
              state,
              progress: clampProgress(
                row.workflowState === null ? (row.recordProgress ?? 0) : row.workflowProgress,
              ),
              lastActivity,
              // An attempt in progress continues in the content; otherwise the course page offers what is next.
              path:
                state === 'inProgress'
                  ? `/courses/${objectiveId}/view/content`
                  : `/courses/${objectiveId}`,
            },
          ];
        })
        .sort(
          (a, b) =>
            b.lastActivity.localeCompare(a.lastActivity) ||
            a.objectiveName.localeCompare(b.objectiveName),
        )
        .slice(0, take);
    },

    /** The learner opened one of their courses: it moves to the front of the recent courses. */
    async courseOpened(caller: Caller, objectiveId: string): Promise<void> {
      const found = await repo.recordOpened(caller, objectiveId, deps.clock.now().toISOString());
      if (!found) throw new NotFoundError('objective_not_found');
    },

    async promoBanners(caller: Caller): Promise<PromoBanner[]> {
      return banners.findShownTo(caller, deps.clock.now().toISOString());
    },

    listBanners(tenantId: string) {
      return banners.list(tenantId);
    },

    /** Adds a banner; its units must be units of the tenant. Returns the new banner's id. */
    async addBanner(tenantId: string, input: PromoBannerInput): Promise<string> {
      const banner = promoBannerInputSchema.parse(input);
      const unitIds = [...new Set(banner.unitIds)];
      const known = await banners.findUnitIds(tenantId, unitIds);
      const unknown = unitIds.filter((id) => !known.includes(id));
      if (unknown.length > 0) {
        throw new BadRequestError('unknown_unit', 'No such unit in this tenant.', {
          unitIds: [`Unknown unit: ${unknown.join(', ')}`],
        });
      }
      const id = newId();
      await banners.insert({
        ...banner,
        id,
        tenantId,
        unitIds,
        created: deps.clock.now().toISOString(),
      });
      return id;
    },

    async removeBanner(tenantId: string, id: string): Promise<void> {
      if (!(await banners.remove(tenantId, id))) throw new NotFoundError('promo_banner_not_found');
    },
  };
}
