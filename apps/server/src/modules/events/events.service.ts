// Use case of the analytics endpoint: stores the client's events with who sent them and when they arrived.
import type { AnalyticsEvent } from '@portal/contracts';
import type { Principal } from '../../http/principal.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { EventsRepository } from './events.repository.ts';

export type EventsService = ReturnType<typeof createEventsService>;

export function createEventsService(deps: { eventsRepository: EventsRepository; clock: Clock }) {
  return {
    /** Records the events; anonymous senders (public pages) are stored without user and tenant. */
    async record(events: AnalyticsEvent[], principal: Principal | null): Promise<number> {
      const received = deps.clock.now().toISOString();
      const userId = principal?.userId ?? null;
      const tenantId = principal?.tenantId ?? null;
      await deps.eventsRepository.insertMany(
        events.map((event) => ({
          id: newId(),
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
      );
      return events.length;
    },
  };
}
