// /calendar: the learner's dates in month, week and agenda views (issue 14; decision 0018). The view and the
// focused day live in the address; days are the learner's (profile time zone), texts their language.
import { useRef } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { findTimeZone, intlLocaleOf } from '@portal/contracts';
import { announce } from '../../lib/announcer.ts';
import { useFormatters } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useCurrentUser } from '../../lib/platform-queries.ts';
import { DEFAULT_LOCALE, isLocale, localeDirection } from '../../i18n/locales.ts';
import { calendarEventsQuery } from './api/calendar-queries.ts';
import { eventsByDay } from './model/events-by-day.ts';
import { AgendaView, DayEvents, WeekView } from './components/calendar-views.tsx';
import { MonthGrid } from './components/month-grid.tsx';
import { SubscribePanel } from './components/subscribe-panel.tsx';
import {
  apiRangeOf,
  calendarViews,
  daysFrom,
  firstDayOfWeek,
  monthGrid,
  stepDate,
  todayIn,
  visibleRange,
  weekDays,
  type CalendarView,
  type PlainDate,
} from './model/calendar-dates.ts';
import { createCalendarFormats } from './model/calendar-formats.ts';
import { readCalendarUrl, writeCalendarUrl } from './model/calendar-url.ts';
import './calendar.css';

/** Small screens open on the agenda: a month grid of 360 px shows days and counts, not titles. */
const SMALL_SCREEN = '(max-width: 36em)';

export function CalendarPage() {
  const { t, i18n } = useTranslation('calendar');
  usePageTitle(t('title'));
  const user = useCurrentUser();
  const small = useMediaQuery(SMALL_SCREEN, false, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const dayHeading = useRef<HTMLHeadingElement>(null);

  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const localeTag = intlLocaleOf(locale);
  const rtl = localeDirection(locale) === 'rtl';
  const firstDay = firstDayOfWeek(localeTag);
  const profileZone = findTimeZone(user.timezone)?.iana ?? 'UTC';
  const today = todayIn(profileZone);

  const state = readCalendarUrl(params, small ? 'agenda' : 'month');
  const view = state.view;
  const date = state.date ?? today;
  const range = visibleRange(view, date, firstDay);
  const events = useQuery({
    ...calendarEventsQuery(apiRangeOf(range)),
    placeholderData: keepPreviousData,
  });
  const timeZone = events.data?.timeZone ?? profileZone;
  const formats = createCalendarFormats(localeTag, timeZone);
  const format = useFormatters(timeZone);

  const eventsByDate = eventsByDay(events.data?.events ?? []);

  /** Moves to another day or view; a move inside the grid replaces the entry, anything else adds one. */
  function go(next: { view?: CalendarView; date?: PlainDate }, replace = false) {
    setParams(writeCalendarUrl(params, { view: next.view ?? view, date: next.date ?? date }), {
      replace,
    });
  }

  const periodLabel = view === 'week' ? formats.range(range.start, range.end) : formats.month(date);

  function step(direction: 1 | -1) {
    const next = stepDate(view, date, direction);
    go({ date: next });
    const nextRange = visibleRange(view, next, firstDay);
    announce(view === 'week' ? formats.range(nextRange.start, nextRange.end) : formats.month(next));
  }

  const stepUnit = view === 'week' ? 'week' : 'month';
  const Previous = rtl ? IconChevronRight : IconChevronLeft;
  const Next = rtl ? IconChevronLeft : IconChevronRight;

  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Tabs
        value={view}
        onChange={(value) => {
          if (value && calendarViews.includes(value as CalendarView))
            go({ view: value as CalendarView });
        }}
        keepMounted={false}
      >
        <Group justify="space-between" gap="sm" mb="sm">
          <Tabs.List aria-label={t('views.label')}>
            {calendarViews.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`views.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Group gap="xs">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t(`previous.${stepUnit}`)}
              onClick={() => step(-1)}
            >
              <Previous size={18} aria-hidden="true" />
            </ActionIcon>
            <Button variant="default" onClick={() => go({ date: today })}>
              {t('today')}
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t(`next.${stepUnit}`)}
              onClick={() => step(1)}
            >
              <Next size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Group>
        <Group justify="space-between" align="baseline" gap="xs" mb="sm">
          <Title order={2} id="calendar-period">
            {periodLabel}
          </Title>
          <Text size="sm" c="dimmed">
            {t('timeZoneNote', { timeZone })}
            {events.isFetching ? <Loader size="xs" ms="xs" aria-hidden="true" /> : null}
          </Text>
        </Group>
        {events.isError ? (
          <Alert color="red" title={t('loadFailed')} mb="sm">
            <Button variant="default" size="xs" onClick={() => void events.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : null}
        <Tabs.Panel value="month">
          <Stack gap="md">
            <Text size="sm" c="dimmed" id="calendar-grid-help">
              {t('grid.instructions')}
            </Text>
            <MonthGrid
              weeks={monthGrid(date, firstDay)}
              focusedDate={date}
              today={today}
              eventsByDate={eventsByDate}
              firstDay={firstDay}
              formats={formats}
              label={formats.month(date)}
              describedBy="calendar-grid-help"
              rtl={rtl}
              onFocusDate={(next) => go({ date: next }, true)}
              onOpenDay={() => dayHeading.current?.focus()}
            />
            <DayEvents
              date={date}
              events={eventsByDate.get(date) ?? []}
              formats={formats}
              headingRef={dayHeading}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="week">
          <WeekView
            days={weekDays(date, firstDay)}
            eventsByDate={eventsByDate}
            formats={formats}
            today={today}
          />
        </Tabs.Panel>
        <Tabs.Panel value="agenda">
          <AgendaView
            days={daysFrom(range.start, range.end)}
            eventsByDate={eventsByDate}
            formats={formats}
            monthLabel={formats.month(date)}
          />
        </Tabs.Panel>
      </Tabs>
      <SubscribePanel formatDate={format.date} />
    </Stack>
  );
}
