// The spec's unavailable-course page: the course does not exist, or the learner has no access to it.
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';

export function CourseUnavailable() {
  const { t } = useTranslation('courseDetails');
  usePageTitle(t('unavailable.title'));
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{t('unavailable.title')}</Title>
        <Text>{t('unavailable.text')}</Text>
        <Button component={Link} to="/courses">
          {t('unavailable.goToMyCourses')}
        </Button>
      </Stack>
    </Container>
  );
}
