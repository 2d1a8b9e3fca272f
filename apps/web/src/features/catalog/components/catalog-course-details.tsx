// The catalog page of one course: name, code, collections, cover, description, enrolment and "About".
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Box, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EnrollmentAggregate } from '@portal/contracts';
import { isComingSoon, isNotAvailableYet } from '@portal/domain';
import { useFormatters } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import {
  ComingSoonMarker,
  CourseCover,
} from '../../../components/course-list/course-card-parts.tsx';
import { sanitizeAbout } from '../sanitize-about.ts';
import { EnrolmentAction } from './enrolment-action.tsx';

const DETAIL_COVER_HEIGHT = 200;

interface CatalogCourseDetailsProps {
  aggregate: EnrollmentAggregate;
  enrolled: boolean;
}

export function CatalogCourseDetails({ aggregate, enrolled }: CatalogCourseDetailsProps) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  const aboutId = useId();
  const { objective } = aggregate;
  usePageTitle(objective.name, t('page.title'));
  const about = useMemo(() => sanitizeAbout(objective.about), [objective.about]);
  const opensLater =
    aggregate.availabilityDate !== null && isNotAvailableYet(aggregate, new Date());

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/catalog" size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          {t('course.backToCatalog')}
        </Group>
      </Anchor>
      <Group align="flex-start" gap="xl" wrap="wrap-reverse">
        <Stack gap="sm" style={{ flex: '1 1 320px' }}>
          <Title order={1}>
            <bdi>{objective.name}</bdi>
          </Title>
          {objective.code ? <Text c="dimmed">{objective.code}</Text> : null}
          {isComingSoon(aggregate) ? <ComingSoonMarker /> : null}
          {objective.showcases.length > 0 ? (
            <Group gap="xs" role="list" aria-label={t('course.collections')}>
              {objective.showcases.map((showcase) => (
                <Badge key={showcase.id} role="listitem" variant="light" tt="none">
                  <bdi>
                    <bdi>{showcase.name}</bdi>
                  </bdi>
                </Badge>
              ))}
            </Group>
          ) : null}
          {objective.description ? <Text dir="auto">{objective.description}</Text> : null}
          {opensLater && aggregate.availabilityDate ? (
            <Text size="sm">
              {t('course.availableFrom', { date: format.date(aggregate.availabilityDate) })}
            </Text>
          ) : null}
          <EnrolmentAction aggregate={aggregate} enrolled={enrolled} />
        </Stack>
        <Box style={{ flex: '0 1 360px', borderRadius: 8, overflow: 'hidden' }} w="100%">
          <CourseCover
            imageUrl={objective.imageUrl}
            objectiveId={objective.id}
            height={DETAIL_COVER_HEIGHT}
          />
        </Box>
      </Group>
      {about ? (
        <Stack gap="sm" component="section" aria-labelledby={aboutId}>
          <Title order={2} id={aboutId}>
            {t('course.about')}
          </Title>
          <Typography>
            {/* Sanitised by DOMPurify in sanitizeAbout. */}
            <div dir="auto" dangerouslySetInnerHTML={{ __html: about }} />
          </Typography>
        </Stack>
      ) : null}
    </Stack>
  );
}
