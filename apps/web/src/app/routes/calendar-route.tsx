// /calendar: the learner's calendar (month, week, agenda) and their calendar feed.
import { CalendarPage } from '../../features/calendar/calendar-page.tsx';

export function Component() {
  return <CalendarPage />;
}
