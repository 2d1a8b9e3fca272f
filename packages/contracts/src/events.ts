// Analytics events posted by the client to POST /api/events, and the product feedback they carry.
import { z } from 'zod';

/** The events of both specs: the course lists' search and the course experience's seven. */
export const analyticsEventNames = [
  'my_courses_search',
  'course_open_for_review',
  'course_restart',
  'objective_start',
  'activity_start',
  'course_open_first_time',
  'about_the_course_page_load',
  'product_feedback',
] as const;
export type AnalyticsEventName = (typeof analyticsEventNames)[number];

/** The struggles a learner may tick in the feedback form (course-experience.md §9), in the spec's order. */
export const feedbackStruggles = [
  'navigation',
  'startingFinishingCourses',
  'results',
  'communicationsHub',
  'courseActivities',
  'examConnection',
  'mobileAccessibility',
  'registration',
  'contentManagement',
  'reports',
  'administrativeFunctionality',
  'other',
] as const;
export type FeedbackStruggle = (typeof feedbackStruggles)[number];

export const FEEDBACK_MAX_GRADE = 5;
export const FEEDBACK_COMMENT_MAX_LENGTH = 1000;

/** The context every event carries (user and tenant are added by the server from the session). */
const contextShape = {
  isMobile: z.boolean(),
  role: z.string().max(50),
  locale: z.string().max(20),
  appVersion: z.string().max(50),
  /** The browser's device id and the client session id (spec §9), to tell devices and visits apart. */
  deviceId: z.string().max(64).optional(),
  sessionId: z.string().max(64).optional(),
};
export const analyticsContextSchema = z.object(contextShape).strict();

/** Feedback adds the operating system and the browser (course-experience.md §7), and only feedback does. */
export const feedbackContextSchema = z
  .object({ ...contextShape, os: z.string().min(1).max(100), browser: z.string().min(1).max(100) })
  .strict();

const propertyValueSchema = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

export const productFeedbackPropertiesSchema = z
  .object({
    grade: z.number().int().min(1).max(FEEDBACK_MAX_GRADE),
    details: z
      .array(z.enum(feedbackStruggles))
      .max(feedbackStruggles.length)
      .refine((details) => new Set(details).size === details.length, 'Each option at most once.'),
    comment: z.string().trim().min(1).max(FEEDBACK_COMMENT_MAX_LENGTH),
  })
  .strict();
export type ProductFeedbackProperties = z.infer<typeof productFeedbackPropertiesSchema>;

export const productFeedbackEventSchema = z
  .object({
    name: z.literal('product_feedback'),
    properties: productFeedbackPropertiesSchema,
    context: feedbackContextSchema,
  })
  .strict();
export type ProductFeedbackEvent = z.infer<typeof productFeedbackEventSchema>;

type PlainEventName = Exclude<AnalyticsEventName, 'product_feedback'>;
const plainEventNames = analyticsEventNames.filter(
  (name): name is PlainEventName => name !== 'product_feedback',
);

const plainEventSchema = z
  .object({
    name: z.enum(plainEventNames as [PlainEventName, ...PlainEventName[]]),
    properties: z.record(z.string(), propertyValueSchema),
    context: analyticsContextSchema,
  })
  .strict();
export type PlainAnalyticsEvent = z.infer<typeof plainEventSchema>;

// Chosen by the event's name, so that a bad event reports its own fields and an unknown name names `name`.
export const analyticsEventSchema = z.discriminatedUnion('name', [
  plainEventSchema,
  productFeedbackEventSchema,
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
