// Use case of the analytics endpoint: stores the client's events with who sent them, when they arrived and their
// data-lake session, and (with an LRS configured) their xAPI statements for the outbox, all in one transaction.
import { idSchema, type AnalyticsEvent } from '@portal/contracts';
import { BadRequestError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { Clock } from '../../lib/clock.ts';
import { nameBasedId, newId } from '../../lib/ids.ts';
import { statementOf, type StoredEvent } from '../xapi/xapi-statement.ts';
import type { EventsRepository, StoredEventRow } from './events.repository.ts';

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

/** Whose data-lake session an event is in: the learner's, else the anonymous browser's; null when unknown. */
function sessionKeyOf(event: AnalyticsEvent, principal: Principal | null): string | null {
  if (principal) return `user:${principal.userId}`;
  return event.context.deviceId ? `device:${event.context.deviceId}` : null;
}

/** The stored row read back as the statement mapper's input. */
export function storedEventOf(row: {
  id: string;
  name: string;
  userId?: string | null;
  tenantId?: string | null;
  created: string;
  sessionId: string | null;
  payload: string;
}): StoredEvent {
  const payload = JSON.parse(row.payload) as {
    properties?: Record<string, unknown>;
    context?: Record<string, unknown>;
  };
  return {
    id: row.id,
    name: row.name as AnalyticsEvent['name'],
    userId: row.userId ?? null,
    tenantId: row.tenantId ?? null,
    created: row.created,
    sessionId: row.sessionId,
    properties: payload.properties ?? {},
    context: payload.context ?? {},
  };
}

export type EventsService = ReturnType<typeof createEventsService>;

export function createEventsService(deps: {
  eventsRepository: EventsRepository;
  clock: Clock;
  /** lms.datalake.sessionDuration of the tenant (anonymous events: null), in minutes. */
  sessionMinutes: (tenantId: string | null) => Promise<number>;
  /** Set when an LRS is configured: every stored event gets its statement in the outbox. */
  xapi?: { publicUrl: string; platform: string };
}) {
  function outboxRows(stored: StoredEventRow[], now: string) {
    const { xapi } = deps;
    if (!xapi) return [];
    return stored.flatMap((row) => {
      const statement = statementOf(storedEventOf(row), xapi);
      return statement
        ? [
            {
              id: statement.id,
              eventId: row.id,
              statement: JSON.stringify(statement),
              state: 'pending' as const,
              nextAttemptAt: now,
              created: now,
            },
          ]
        : [];
    });
  }

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
      const minutes = await deps.sessionMinutes(tenantId);
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
          sessionKey: sessionKeyOf(event, principal),
        })),
        {
          feedback,
          sessionIdleMs: minutes * 60_000,
          newSessionId: newId,
          outbox: (stored) => outboxRows(stored, received),
        },
      );
      return events.length;
    },
  };
}
