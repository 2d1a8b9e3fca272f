// Use case of the analytics endpoint: stores the client's events with who sent them and when they arrived.
import { idSchema, type AnalyticsEvent } from '@portal/contracts';
import { BadRequestError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { Clock } from '../../lib/clock.ts';
import { nameBasedId, newId } from '../../lib/ids.ts';
import type { EventsRepository } from './events.repository.ts';

/** Events a learner causes once per course, ever (spec 7 "course_open_first_time"). */
const ONCE_PER_COURSE: ReadonlySet<AnalyticsEvent['name']> = new Set(['course_open_first_time']);
/** Namespace of the ids of once-per-course events (docs/decisions/0011). */
const ONCE_PER_COURSE_NAMESPACE = '6f1d8a52-3c1e-4b7a-9e0f-2d4c5b6a7e81';

/**
 * The id an event is stored under: random, or for a once-per-course event one derived from the event, the learner
 * and the course, so that the primary key refuses a second one whatever the client sends.
 */
function eventId(event: AnalyticsEvent, principal: Principal | null): string {
  if (event.name === 'product_feedback') {
    requireSignedIn(event, principal);
    return newId();
  }
  if (!ONCE_PER_COURSE.has(event.name)) return newId();
  requireSignedIn(event, principal);
  const objectiveId = idSchema.safeParse(event.properties.objectiveId);
  if (!objectiveId.success) {
    throw new BadRequestError('invalid_event', `${event.name} needs the course's objectiveId.`, {
      'properties.objectiveId': ['A course id is required.'],
    });
  }
  return nameBasedId(
    ONCE_PER_COURSE_NAMESPACE,
    [event.name, principal.tenantId, principal.userId, objectiveId.data.toLowerCase()].join(':'),
  );
}

/** Feedback and once-per-course events belong to a learner; anonymous visitors cannot send them. */
function requireSignedIn(
  event: AnalyticsEvent,
  principal: Principal | null,
): asserts principal is Principal {
  if (principal === null) {
    throw new BadRequestError(
      'invalid_event',
      `${event.name} is recorded for signed-in learners.`,
      {
        name: [`${event.name} needs a signed-in learner.`],
      },
    );
  }
}

export type EventsService = ReturnType<typeof createEventsService>;

export function createEventsService(deps: { eventsRepository: EventsRepository; clock: Clock }) {
  return {
    /**
     * Records the events; anonymous senders (public pages) are stored without user and tenant. A once-per-course
     * event that is already stored is accepted and not stored again.
     */
    async record(events: AnalyticsEvent[], principal: Principal | null): Promise<number> {
      const received = deps.clock.now().toISOString();
      const userId = principal?.userId ?? null;
      const tenantId = principal?.tenantId ?? null;
      const rows = new Map(events.map((event) => [eventId(event, principal), event]));
      const feedback = [...rows].flatMap(([id, event]) =>
        event.name === 'product_feedback' && principal
          ? [
              {
                id,
                tenantId: principal.tenantId,
                userId: principal.userId,
                grade: event.properties.grade,
                details: JSON.stringify(event.properties.details),
                comment: event.properties.comment,
                locale: event.context.locale,
                os: event.context.os,
                browser: event.context.browser,
                appVersion: event.context.appVersion,
                isMobile: event.context.isMobile ? 1 : 0,
                created: received,
              },
            ]
          : [],
      );
      await deps.eventsRepository.insertMany(
        [...rows].map(([id, event]) => ({
          id,
          tenantId,
          userId,
          name: event.name,
          payload: JSON.stringify({
            properties: event.properties,
            context: event.context,
            userId,
            tenantId,
            receivedAt: received,
          }),
          created: received,
        })),
        feedback,
      );
      return events.length;
    },
  };
}
