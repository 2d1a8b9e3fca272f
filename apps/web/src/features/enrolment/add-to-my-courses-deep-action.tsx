// Mounted once in the signed-in shell: runs occflow=addToMyCourses (or occflow=startTheCourse) from whatever
// page the learner lands on (typically /courses right after signing up from the open catalog) and reports how
// it went; startTheCourse then opens the course content with start=1, where the start flow runs.
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OCCFLOW_ADD_TO_MY_COURSES, OCCFLOW_START_THE_COURSE } from '@portal/contracts';
import { BlockingLoader } from '../../components/blocking-loader.tsx';
import { OBJECTIVE_ID_PARAM, OCCFLOW_PARAM, SELF_REGISTERED_PARAM } from '../../lib/query-flags.ts';
import { showToast } from '../../lib/toast.ts';
import { addToMyCourses, type AddToMyCoursesOutcome } from './add-to-my-courses.ts';

export { OBJECTIVE_ID_PARAM, OCCFLOW_PARAM };

// Module level, not a ref: React's strict mode mounts twice, and a course must be added only once.
const running = new Set<string>();
const listeners = new Set<() => void>();

function setRunning(objectiveId: string, isRunning: boolean): void {
  if (isRunning) running.add(objectiveId);
  else running.delete(objectiveId);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isAnyRunning = () => running.size > 0;

/** The course content with the one-shot start flag: the content page starts (or continues) the course. */
export const startCoursePath = (coursesPath: string, objectiveId: string) =>
  `${coursesPath}/${encodeURIComponent(objectiveId)}/view/content?start=1`;

interface AddToMyCoursesDeepActionProps {
  /** My Courses, where the learner ends up to see the course (and where a missing course leads). */
  coursesPath: string;
}

export function AddToMyCoursesDeepAction({ coursesPath }: AddToMyCoursesDeepActionProps) {
  const { t } = useTranslation('common');
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const busy = useSyncExternalStore(subscribe, isAnyRunning);
  const flow = searchParams.get(OCCFLOW_PARAM);
  const startsCourse = flow === OCCFLOW_START_THE_COURSE;
  const objectiveId =
    flow === OCCFLOW_ADD_TO_MY_COURSES || startsCourse
      ? searchParams.get(OBJECTIVE_ID_PARAM)
      : null;

  useEffect(() => {
    if (!objectiveId) return;
    // The flags are one-shot: reloading or sharing the address must not run the action again.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of [OCCFLOW_PARAM, OBJECTIVE_ID_PARAM, SELF_REGISTERED_PARAM])
          next.delete(key);
        return next;
      },
      { replace: true },
    );
    if (running.has(objectiveId)) return;
    setRunning(objectiveId, true);

    const report = (outcome: AddToMyCoursesOutcome) => {
      // The learner's lists, collections and terms may all have changed.
      void queryClient.invalidateQueries({ queryKey: ['lms'] });
      switch (outcome.kind) {
        case 'enrolled':
          if (startsCourse) {
            void navigate(startCoursePath(coursesPath, objectiveId), { replace: true });
            return;
          }
          void navigate(coursesPath, { replace: true });
          showToast({
            kind: 'success',
            message: t('publicCatalog.courseEnrolled', { name: outcome.courseName }),
          });
          return;
        case 'aggregateNotFound':
          showToast({ kind: 'critical', message: t('genericError') });
          void navigate(coursesPath, { replace: true });
          return;
        case 'failed':
          showToast({ kind: 'critical', message: outcome.message ?? t('genericError') });
          return;
      }
    };

    void addToMyCourses(objectiveId).then((outcome) => {
      setRunning(objectiveId, false);
      report(outcome);
    });
  }, [objectiveId, startsCourse, coursesPath, navigate, queryClient, setSearchParams, t]);

  return <BlockingLoader visible={busy} label={t('publicCatalog.addingCourse')} />;
}
