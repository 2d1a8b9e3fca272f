// /open-catalog/{objectiveId}/view/details: a public course page that anyone may open and sign up from.
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicObjectiveDetail } from '@portal/contracts';
import { BlockingLoader } from '../../components/blocking-loader.tsx';
import { CourseCover } from '../../components/course-list/course-card-parts.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { publicCatalogDomain, publicObjectiveQuery } from './api/open-catalog-queries.ts';
import { AboutContent } from './components/about-content.tsx';
import { JoinCourse } from './components/join-course.tsx';

export const OPEN_CATALOG_PATH = '/open-catalog';
const COVER_HEIGHT = 220;

// Course-experience §8: these statuses mean the course is not there for this visitor.
const unavailableStatuses = new Set([400, 401, 403, 404]);

interface OpenCatalogDetailsPageProps {
  objectiveId: string;
  /** Where "Sign up and add to my courses" goes (registration, then back with the deep action). */
  signUpUrl: string;
  /** Where "Sign in" goes (sign-in, then back with the deep action). */
  signInUrl: string;
}

export function OpenCatalogDetailsPage({
  objectiveId,
  signUpUrl,
  signInUrl,
}: OpenCatalogDetailsPageProps) {
  const { t } = useTranslation('openCatalog');
  const objective = useQuery(publicObjectiveQuery(publicCatalogDomain(), objectiveId));
  const unavailable =
    objective.error instanceof ApiError && unavailableStatuses.has(objective.error.status);
  usePageTitle(objective.data?.name ?? (unavailable ? t('unavailable.title') : undefined));

  if (objective.isPending) return <BlockingLoader visible />;
  if (unavailable) {
    return (
      <EmptyState
        headingLevel={1}
        title={t('unavailable.title')}
        description={t('unavailable.description')}
        action={
          <Anchor component={Link} to={OPEN_CATALOG_PATH}>
            {t('unavailable.backToCatalog')}
          </Anchor>
        }
      />
    );
  }
  if (objective.isError) {
    return (
      <EmptyState
        headingLevel={1}
        title={t('loadFailed.title')}
        description={t('loadFailed.description')}
        action={
          <Button variant="default" onClick={() => void objective.refetch()}>
            {t('loadFailed.retry')}
          </Button>
        }
      />
    );
  }
  return <CourseDetails objective={objective.data} signUpUrl={signUpUrl} signInUrl={signInUrl} />;
}

function CourseDetails({
  objective,
  signUpUrl,
  signInUrl,
}: { objective: PublicObjectiveDetail } & Omit<OpenCatalogDetailsPageProps, 'objectiveId'>) {
  const { t } = useTranslation('openCatalog');
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={OPEN_CATALOG_PATH} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('details.backToCatalog')}
        </Group>
      </Anchor>
      <CourseCover
        imageUrl={objective.imageUrl}
        objectiveId={objective.id}
        height={COVER_HEIGHT}
        radius="md"
      />
      <Stack gap="xs">
        <Title order={1}>
          <bdi>{objective.name}</bdi>
        </Title>
        {objective.code ? (
          <Text c="dimmed">{t('details.code', { code: objective.code })}</Text>
        ) : null}
        {objective.showcases.length > 0 ? (
          <Group gap={6} wrap="wrap" role="list" aria-label={t('details.collections')}>
            {objective.showcases.map((showcase) => (
              <Badge key={showcase.id} variant="default" role="listitem">
                <bdi>
                  <bdi>{showcase.name}</bdi>
                </bdi>
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
      {objective.description ? <Text dir="auto">{objective.description}</Text> : null}
      <JoinCourse signUpUrl={signUpUrl} signInUrl={signInUrl} />
      {objective.about ? <AboutContent html={objective.about} /> : null}
    </Stack>
  );
}
