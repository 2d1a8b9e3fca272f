// The spec's unavailable-course page: the course does not exist, or the learner may not open or join it.
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';

export function CourseUnavailable() {
  const { t } = useTranslation('common');
  usePageTitle(t('courseUnavailable.title'));
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{t('courseUnavailable.title')}</Title>
        <Text>{t('courseUnavailable.text')}</Text>
        <Button component={Link} to="/courses">
          {t('courseUnavailable.goToMyCourses')}
        </Button>
      </Stack>
    </Container>
  );
}
