// The dashboard's calendar widget: this month with markers on the days that have events (the same keyboard
// grid as the calendar page) and the next events; a day opens the calendar on it.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { findTimeZone, intlLocaleOf } from '@portal/contracts';
import { useCurrentUser } from '../../../lib/platform-queries.ts';
import { DEFAULT_LOCALE, isLocale, localeDirection } from '../../../i18n/locales.ts';
import { calendarEventsQuery } from '../api/calendar-queries.ts';
import { eventsByDay } from '../model/events-by-day.ts';
import {
  addDays,
  apiRangeOf,
  firstDayOfWeek,
  monthGrid,
  todayIn,
  visibleRange,
  type PlainDate,
} from '../model/calendar-dates.ts';
import { createCalendarFormats } from '../model/calendar-formats.ts';
import { writeCalendarUrl } from '../model/calendar-url.ts';
import { EventList } from './calendar-views.tsx';
import { MonthGrid } from './month-grid.tsx';
import '../calendar.css';

/** How far ahead "Coming up" looks, and how many events it lists. */
const UPCOMING_DAYS = 60;
const UPCOMING_SHOWN = 5;

export default function CalendarWidget() {
  const { t, i18n } = useTranslation('calendar');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const localeTag = intlLocaleOf(locale);
  const firstDay = firstDayOfWeek(localeTag);
  const profileZone = findTimeZone(user.timezone)?.iana ?? 'UTC';
  const today = todayIn(profileZone);
  const [focused, setFocused] = useState<PlainDate>(today);

  // The widget shows once its next events are there; the grid's month follows the focus (PageUp/PageDown).
  const upcoming = useSuspenseQuery(
    calendarEventsQuery(apiRangeOf({ start: today, end: addDays(today, UPCOMING_DAYS) })),
  );
  const month = useQuery(calendarEventsQuery(apiRangeOf(visibleRange('month', focused, firstDay))));
  const timeZone = upcoming.data.timeZone;
  const formats = createCalendarFormats(localeTag, timeZone);
  const next = upcoming.data.events.filter((event) => event.localDate >= today);

  return (
    <Stack gap="md">
      <MonthGrid
        weeks={monthGrid(focused, firstDay)}
        focusedDate={focused}
        today={today}
        eventsByDate={eventsByDay(month.data?.events ?? [])}
        firstDay={firstDay}
        formats={formats}
        label={formats.month(focused)}
        rtl={localeDirection(locale) === 'rtl'}
        onFocusDate={setFocused}
        onOpenDay={(date) =>
          void navigate({
            pathname: '/calendar',
            search: `?${writeCalendarUrl(new URLSearchParams(), { view: 'month', date })}`,
          })
        }
      />
      <section aria-labelledby="calendar-widget-upcoming">
        <Title order={3} id="calendar-widget-upcoming" size="h4" mb="xs">
          {t('widget.upcoming')}
        </Title>
        {next.length > 0 ? (
          <EventList events={next.slice(0, UPCOMING_SHOWN)} formats={formats} withDate />
        ) : (
          <Text c="dimmed">{t('widget.emptyUpcoming')}</Text>
        )}
      </section>
      <Anchor component={Link} to="/calendar">
        {t('widget.open')}
      </Anchor>
    </Stack>
  );
}
