// The learner's tasks, most urgent first: each a link to the place to act, with its due date in the learner's
// time zone and language; overdue is said in words, not only in colour.
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { intlLocaleOf, type LearnerTaskView } from '@portal/contracts';
import { useFormatters } from '../../../lib/format.ts';
import { isLocale, DEFAULT_LOCALE } from '../../../i18n/locales.ts';
import { tasksQuery } from '../api/dashboard-queries.ts';

const KIND_COLOR: Record<LearnerTaskView['kind'], string> = {
  overdue: 'red',
  dueSoon: 'orange',
  notStarted: 'blue',
  inGrading: 'gray',
};

export default function TasksWidget() {
  const { t } = useTranslation('dashboard');
  const { data } = useSuspenseQuery(tasksQuery());
  if (data.tasks.length === 0) return <Text c="dimmed">{t('tasks.empty')}</Text>;
  return (
    <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {data.tasks.map((task) => (
        <TaskItem key={task.key} task={task} timeZone={data.timeZone} />
      ))}
    </Stack>
  );
}

function TaskItem({ task, timeZone }: { task: LearnerTaskView; timeZone: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const format = useFormatters(timeZone);
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const relative =
    task.daysLeft === null
      ? null
      : new Intl.RelativeTimeFormat(intlLocaleOf(locale), { numeric: 'auto' }).format(
          task.daysLeft,
          'day',
        );
  return (
    <li>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={KIND_COLOR[task.kind]} variant="light" style={{ flexShrink: 0 }}>
          {t(`tasks.kind.${task.kind}`)}
        </Badge>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={task.path} fw={500}>
            <bdi>{task.activityName ?? task.objectiveName}</bdi>
          </Anchor>
          {task.activityName !== null && (
            <Text size="sm" c="dimmed">
              {t('tasks.inCourse')} <bdi>{task.objectiveName}</bdi>
            </Text>
          )}
          {task.due !== null && relative !== null && (
            <Text size="sm">
              <time dateTime={task.due}>
                {t('tasks.due', { date: format.dateTime(task.due), relative })}
              </time>
            </Text>
          )}
        </Stack>
      </Group>
    </li>
  );
}
