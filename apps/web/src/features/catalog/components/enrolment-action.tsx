// The enrolment control of a catalog course: "Add to my courses", or the disabled "Enrolled" with a way on.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, Group } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EnrollmentAggregate } from '@portal/contracts';
import { useAddToMyCourses } from '../hooks/use-add-to-my-courses.ts';

interface EnrolmentActionProps {
  aggregate: EnrollmentAggregate;
  enrolled: boolean;
}

export function EnrolmentAction({ aggregate, enrolled }: EnrolmentActionProps) {
  const { t } = useTranslation('catalog');
  const addToMyCourses = useAddToMyCourses(aggregate);
  const goToMyCourses = useRef<HTMLAnchorElement>(null);

  // The pressed button turns into a disabled one, which drops keyboard focus: hand it to the next step.
  const justEnrolled = addToMyCourses.isSuccess && enrolled;
  useEffect(() => {
    if (justEnrolled) goToMyCourses.current?.focus();
  }, [justEnrolled]);

  if (!enrolled) {
    return (
      <Group>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          loading={addToMyCourses.isPending}
          onClick={() => addToMyCourses.mutate()}
        >
          {t('course.addToMyCourses')}
        </Button>
      </Group>
    );
  }
  // The course page itself is not built yet, so the way on is My Courses.
  return (
    <Group>
      <Button disabled leftSection={<IconCheck size={16} aria-hidden="true" />}>
        {t('course.enrolled')}
      </Button>
      <Button component={Link} to="/courses" variant="default" ref={goToMyCourses}>
        {t('course.goToMyCourses')}
      </Button>
    </Group>
  );
}
