// /courses: the My Courses page.
import { CoursesPage } from '../../features/courses/courses-page.tsx';

export function Component() {
  return <CoursesPage />;
}
