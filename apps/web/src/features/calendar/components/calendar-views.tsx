// The lists of events: one day's (below the month grid), the week's days, and the agenda grouped by day. Each
// event says its kind and links to its course (or, for an expiring certificate, to the certificate).
import type { Ref } from 'react';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { courseCertificatePath, courseDetailsPath } from '../../course-details/course-paths.ts';
import type { CalendarEventView } from '../api/calendar-queries.ts';
import type { PlainDate } from '../model/calendar-dates.ts';
import type { CalendarFormats } from '../model/calendar-formats.ts';

/** Where an event leads: the course's details, or the certificate that expires. */
export function eventPath(event: CalendarEventView): string {
  return event.certificateNumber
    ? courseCertificatePath(event.objectiveId, event.certificateNumber)
    : courseDetailsPath(event.objectiveId);
}

function EventItem({
  event,
  formats,
  withDate,
}: {
  event: CalendarEventView;
  formats: CalendarFormats;
  withDate?: boolean;
}) {
  const { t } = useTranslation('calendar');
  return (
    <li className="calendar-event" data-kind={event.kind}>
      <Text
        component="time"
        dateTime={event.at}
        size="sm"
        c="dimmed"
        className="calendar-event-time"
      >
        {withDate
          ? `${formats.dayLong(event.localDate)}, ${formats.time(event.at)}`
          : formats.time(event.at)}
      </Text>
      <div>
        <Anchor component={Link} to={eventPath(event)}>
          {t(`kinds.${event.kind}`)}: <bdi>{event.activityName ?? event.objectiveName}</bdi>
        </Anchor>
        {event.activityName !== null ? (
          <Text size="sm" c="dimmed">
            <bdi>{event.objectiveName}</bdi>
          </Text>
        ) : null}
      </div>
    </li>
  );
}

export function EventList({
  events,
  formats,
  withDate,
}: {
  events: CalendarEventView[];
  formats: CalendarFormats;
  /** Each event with its day (a list across days, like the dashboard's "Coming up"). */
  withDate?: boolean;
}) {
  return (
    <ul className="calendar-event-list">
      {events.map((event) => (
        <EventItem key={event.key} event={event} formats={formats} withDate={withDate} />
      ))}
    </ul>
  );
}

/** The focused day's events, under the month grid; Enter on a day moves the focus to its heading. */
export function DayEvents({
  date,
  events,
  formats,
  headingRef,
}: {
  date: PlainDate;
  events: CalendarEventView[];
  formats: CalendarFormats;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation('calendar');
  return (
    <section aria-labelledby="calendar-day-heading">
      <Title order={3} id="calendar-day-heading" ref={headingRef} tabIndex={-1} mb="xs">
        {t('dayEvents', { date: formats.dayLong(date) })}
      </Title>
      {events.length > 0 ? (
        <EventList events={events} formats={formats} />
      ) : (
        <Text c="dimmed">{t('empty.day')}</Text>
      )}
    </section>
  );
}

export function WeekView({
  days,
  eventsByDate,
  formats,
  today,
}: {
  days: PlainDate[];
  eventsByDate: ReadonlyMap<PlainDate, CalendarEventView[]>;
  formats: CalendarFormats;
  today: PlainDate;
}) {
  const { t } = useTranslation('calendar');
  const total = days.reduce((sum, day) => sum + (eventsByDate.get(day)?.length ?? 0), 0);
  return (
    <Stack gap="sm">
      {total === 0 ? <Text c="dimmed">{t('empty.week')}</Text> : null}
      <SimpleGrid cols={{ base: 1, lg: 7 }} spacing="xs" component="ol" className="calendar-week">
        {days.map((day) => {
          const events = eventsByDate.get(day) ?? [];
          return (
            <Paper
              key={day}
              component="li"
              withBorder
              p="xs"
              aria-current={day === today ? 'date' : undefined}
              data-today={day === today || undefined}
            >
              <Title order={3} size="h5">
                {formats.dayLong(day)}
                {day === today ? ` (${t('grid.today')})` : ''}
              </Title>
              {events.length > 0 ? (
                <EventList events={events} formats={formats} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('empty.day')}
                </Text>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

export function AgendaView({
  days,
  eventsByDate,
  formats,
  monthLabel,
}: {
  days: PlainDate[];
  eventsByDate: ReadonlyMap<PlainDate, CalendarEventView[]>;
  formats: CalendarFormats;
  monthLabel: string;
}) {
  const { t } = useTranslation('calendar');
  const withEvents = days.filter((day) => (eventsByDate.get(day)?.length ?? 0) > 0);
  if (withEvents.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        title={t('empty.month', { month: monthLabel })}
        description={t('empty.hint')}
      />
    );
  }
  return (
    <Stack gap="md" component="ol" className="calendar-agenda">
      {withEvents.map((day) => (
        <li key={day}>
          <Title order={3} size="h5" mb={4}>
            {formats.dayLong(day)}
          </Title>
          <EventList events={eventsByDate.get(day)!} formats={formats} />
        </li>
      ))}
    </Stack>
  );
}
