// Query factories and mutations of the calendar: the learner's events in a range and their secret feed.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { calendarEventKinds } from '@portal/domain';
import { LMS_API, apiFetch, apiGet } from '../../../lib/api-client.ts';

export const calendarEventSchema = z.object({
  key: z.string(),
  kind: z.enum(calendarEventKinds),
  at: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  objectiveId: z.string(),
  objectiveName: z.string(),
  activityPartId: z.string().nullable(),
  activityName: z.string().nullable(),
  certificateNumber: z.string().optional(),
});
export type CalendarEventView = z.infer<typeof calendarEventSchema>;

export const calendarEventsSchema = z.object({
  timeZone: z.string(),
  events: z.array(calendarEventSchema),
});
export type CalendarEvents = z.infer<typeof calendarEventsSchema>;

export const calendarFeedStatusSchema = z.object({
  exists: z.boolean(),
  created: z.string().nullable(),
});
export const calendarFeedUrlsSchema = z.object({ url: z.string(), webcalUrl: z.string() });
export type CalendarFeedUrls = z.infer<typeof calendarFeedUrlsSchema>;

const FEED_PATH = `${LMS_API}/users/me/calendar-feed`;

export const calendarKeys = {
  all: ['lms', 'calendar'] as const,
  events: (from: string, to: string) => [...calendarKeys.all, 'events', from, to] as const,
  feed: () => [...calendarKeys.all, 'feed'] as const,
};

export const calendarEventsQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: calendarKeys.events(range.from, range.to),
    queryFn: ({ signal }) =>
      apiGet(
        `${LMS_API}/users/me/calendar-events`,
        import.meta.env.PROD ? undefined : calendarEventsSchema,
        {
          query: range,
          signal,
        },
      ),
  });

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: calendarKeys.feed(),
    queryFn: ({ signal }) =>
      apiGet(FEED_PATH, import.meta.env.PROD ? undefined : calendarFeedStatusSchema, { signal }),
    staleTime: 0,
  });

/** Makes a new secret address (the old one stops working); its URLs are in the mutation's data, once. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      calendarFeedUrlsSchema.parse(await (await apiFetch('POST', FEED_PATH)).json()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.feed() }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiFetch('DELETE', FEED_PATH);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.feed() }),
  });
}
