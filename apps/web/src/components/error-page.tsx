// Error page by HTTP status (spec §8 texts) with the one way out: My courses or the Content library.
import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsLearnerOnly } from '../lib/learner-role.ts';
import { usePageTitle } from '../lib/page-title.ts';

const knownStatuses = ['401', '403', '404', '500', '501'] as const;
type KnownStatus = (typeof knownStatuses)[number];

function textKey(status: number): KnownStatus | 'default' {
  const key = String(status);
  return (knownStatuses as readonly string[]).includes(key) ? (key as KnownStatus) : 'default';
}

export const MY_COURSES_URL = '/learn/courses';
export const CONTENT_LIBRARY_URL = '/';

export interface ErrorPageProps {
  status: number;
  /** The primary button; /forbidden shows none. */
  showButton?: boolean;
  /** Technical details (development only). */
  details?: string;
}

export function ErrorPage({ status, showButton = true, details }: ErrorPageProps) {
  const { t } = useTranslation('errors');
  const learnerOnly = useIsLearnerOnly();
  const key = textKey(status);
  const title = t(`page.${key}.title`);
  usePageTitle(title);
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <Text fz={64} fw={700} lh={1} aria-hidden="true">
          {status}
        </Text>
        <Title order={1}>{title}</Title>
        <Text>{t(`page.${key}.text`)}</Text>
        {showButton && learnerOnly !== undefined ? (
          // Plain links: the Content library lives outside /learn, and after an error a full load is safer.
          learnerOnly ? (
            <Button component="a" href={MY_COURSES_URL}>
              {t('goToMyCourses')}
            </Button>
          ) : (
            <Button component="a" href={CONTENT_LIBRARY_URL}>
              {t('goToContentLibrary')}
            </Button>
          )
        ) : null}
        {details ? (
          <Stack gap="xs" w="100%" ta="start">
            <Title order={2} size="h4">
              {t('technicalDetails')}
            </Title>
            <Code block>{details}</Code>
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
