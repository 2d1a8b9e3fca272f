// One course on the catalog grid: cover, title linking to its catalog page, code, markers, opening date.
import { useId } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EnrollmentAggregate } from '@portal/contracts';
import { isComingSoon, isNotAvailableYet } from '@portal/domain';
import { useFormatters } from '../../../lib/format.ts';
import {
  ActivityCount,
  ComingSoonMarker,
  CourseCover,
  NotAvailableYetMarker,
} from '../../../components/course-list/course-card-parts.tsx';

interface CatalogCourseCardProps {
  aggregate: EnrollmentAggregate;
  now: Date;
}

export function CatalogCourseCard({ aggregate, now }: CatalogCourseCardProps) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  const titleId = useId();
  const { objective } = aggregate;
  const locked = isNotAvailableYet(aggregate, now);
  const comingSoon = isComingSoon(aggregate);

  return (
    <Card
      component="article"
      withBorder
      padding="md"
      radius="md"
      aria-labelledby={titleId}
      h="100%"
    >
      <Card.Section>
        <CourseCover imageUrl={objective.imageUrl} objectiveId={objective.id} />
      </Card.Section>
      <Stack gap="xs" mt="sm" style={{ flexGrow: 1 }}>
        {comingSoon || locked ? (
          <Group gap="xs" wrap="wrap">
            {comingSoon ? <ComingSoonMarker /> : null}
            {locked ? <NotAvailableYetMarker /> : null}
          </Group>
        ) : null}
        <Title order={2} size="h4" id={titleId}>
          <Anchor component={Link} to={`/catalog/${objective.id}`} inherit>
            <bdi>
              <bdi>{objective.name}</bdi>
            </bdi>
          </Anchor>
        </Title>
        {objective.code ? <Text size="sm">{objective.code}</Text> : null}
        <ActivityCount
          presentationMode={objective.presentationMode}
          childrenCount={objective.childrenCount}
        />
        {objective.description ? (
          <Text size="sm" c="dimmed" lineClamp={3} dir="auto">
            {objective.description}
          </Text>
        ) : null}
      </Stack>
      {locked && aggregate.availabilityDate ? (
        <Card.Section withBorder px="md" py="xs" mt="sm" component="footer">
          <Text size="sm">
            {t('card.availableFrom', { date: format.date(aggregate.availabilityDate) })}
          </Text>
        </Card.Section>
      ) : null}
    </Card>
  );
}
