// The learner dashboard's widgets (spec portal-shell §2, §9): tasks, recent courses and promo banners.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';

export const taskKindSchema = z.enum(['overdue', 'dueSoon', 'notStarted', 'inGrading']);
export type TaskKindCode = z.infer<typeof taskKindSchema>;

/** One thing the learner should do (`GET users/me/tasks`), most urgent first. */
export const learnerTaskSchema = z.object({
  key: z.string(),
  kind: taskKindSchema,
  objectiveId: idSchema,
  objectiveName: z.string(),
  activityPartId: idSchema.nullable(),
  activityName: z.string().nullable(),
  due: isoDateTimeSchema.nullable(),
  /** The calendar day of `due` in the learner's time zone (YYYY-MM-DD). */
  dueLocalDate: z.string().nullable(),
  /** Calendar days from the learner's today to the due day: 0 today, negative once past. */
  daysLeft: z.number().int().nullable(),
  /** Where to act: a path of the portal under /learn. */
  path: z.string().startsWith('/'),
});
export type LearnerTaskView = z.infer<typeof learnerTaskSchema>;

export const learnerTasksSchema = z.object({
  /** The IANA time zone of the learner's profile the days are counted in. */
  timeZone: z.string(),
  tasks: z.array(learnerTaskSchema),
});
export type LearnerTasks = z.infer<typeof learnerTasksSchema>;

export const recentCourseStateSchema = z.enum([
  'notStarted',
  'inProgress',
  'inGrading',
  'completed',
]);

/** A course the learner opened or worked on lately (`GET users/me/recent-courses?take=`). */
export const recentCourseSchema = z.object({
  objectiveId: idSchema,
  objectiveName: z.string(),
  objectiveCode: z.string().nullable(),
  imageUrl: z.string().nullable(),
  state: recentCourseStateSchema,
  /** Progress of the current attempt or result, 0..1. */
  progress: z.number(),
  /** The latest of: opened, attempt started, activity worked on, attempt handed in or finished. */
  lastActivity: isoDateTimeSchema,
  /** Where "Continue" leads: a path of the portal under /learn. */
  path: z.string().startsWith('/'),
});
export type RecentCourse = z.infer<typeof recentCourseSchema>;

export const RECENT_COURSES_MAX = 12;
export const recentCoursesQuerySchema = z
  .object({ take: z.coerce.number().int().min(1).max(RECENT_COURSES_MAX).default(4) })
  .strict();
export const recentCoursesSchema = z.object({ data: z.array(recentCourseSchema) });

/** `POST users/me/recent-courses`: the learner opened this course. */
export const courseOpenedSchema = z.object({ objectiveId: idSchema }).strict();

/** A banner of the tenant shown to the caller now (`GET users/me/promo-banners`). */
export const promoBannerSchema = z.object({
  id: idSchema,
  title: z.string(),
  text: z.string(),
  imageUrl: z.string().nullable(),
  /** The image's text alternative; empty for a decorative image. */
  imageAlt: z.string(),
  linkUrl: z.string().nullable(),
  linkLabel: z.string().nullable(),
});
export type PromoBanner = z.infer<typeof promoBannerSchema>;
export const promoBannersSchema = z.object({ data: z.array(promoBannerSchema) });
