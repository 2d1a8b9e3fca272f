// Analytics of the details page: every load of the page, and the first time a learner opens a course.
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import type { EnrollmentAggregate } from '@portal/contracts';
import { trackEvent } from '../../lib/analytics.ts';
import { readLocal, writeLocal } from '../../lib/storage.ts';

const OPENED_KEY = 'courseDetails.openedCourses';
const MAX_REMEMBERED = 500;
const openedSchema = z.array(z.string());

/** Sends the events once per mount of the page for the aggregate shown. */
export function useCourseDetailsAnalytics(aggregate: EnrollmentAggregate | undefined) {
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!aggregate || sentFor.current === aggregate.id) return;
    sentFor.current = aggregate.id;
    const properties = {
      objectiveId: aggregate.objective.id,
      objectiveName: aggregate.objective.name,
      objectiveWorkflowAggregateId: aggregate.objectiveWorkflowAggregate.id,
    };
    trackEvent('about_the_course_page_load', properties);
    // "First time": the learner has never taken the course, and this browser has not told it yet. The server
    // stores one per learner and course ever (docs/decisions/0011), whichever browser sends it.
    const { lastObjectiveWorkflow, lastObjectiveRecord } = aggregate.objectiveWorkflowAggregate;
    if (lastObjectiveWorkflow !== null || lastObjectiveRecord !== null) return;
    const key = `${aggregate.userId}:${aggregate.objective.id}`;
    const opened = readLocal(OPENED_KEY, openedSchema) ?? [];
    if (opened.includes(key)) return;
    writeLocal(OPENED_KEY, [...opened, key].slice(-MAX_REMEMBERED));
    trackEvent('course_open_first_time', properties);
  }, [aggregate]);
}
