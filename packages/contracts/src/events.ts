// Analytics events posted by the client to POST /api/events.
import { z } from 'zod';

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

export const analyticsEventSchema = z
  .object({
    name: z.enum(analyticsEventNames),
    properties: z.record(
      z.string(),
      z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
    ),
    context: z
      .object({
        isMobile: z.boolean(),
        role: z.string().max(50),
        locale: z.string().max(20),
        appVersion: z.string().max(50),
        /** The browser's device id and the client session id (spec §9), to tell devices and visits apart. */
        deviceId: z.string().max(64).optional(),
        sessionId: z.string().max(64).optional(),
      })
      .strict(),
  })
  .strict();
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
