// One course on the My Courses grid: cover, title linking to the right place, markers, result and footer.
import { useId } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EnrollmentAggregate, GradingScale } from '@portal/contracts';
import {
  cardFooter,
  cardLinkTarget,
  cardResult,
  isComingSoon,
  isNotAvailableYet,
} from '@portal/domain';
import {
  ActivityCount,
  ComingSoonMarker,
  CourseCover,
  NotAvailableYetMarker,
} from '../../../components/course-list/course-card-parts.tsx';
import { UnreadAnnouncementsBadge } from '../../communications/components/unread-announcements-badge.tsx';
import { CourseCardFooter } from './course-card-footer.tsx';
import { CourseResult } from './course-result.tsx';

interface CourseCardProps {
  aggregate: EnrollmentAggregate;
  gradingScale: GradingScale | null;
  now: Date;
}

export function CourseCard({ aggregate, gradingScale, now }: CourseCardProps) {
  const { t } = useTranslation('courses');
  const titleId = useId();
  const { objective } = aggregate;
  const locked = isNotAvailableYet(aggregate, now);
  const result = cardResult(aggregate, gradingScale, now);

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
        <Group gap="xs" wrap="wrap">
          {aggregate.isMandatory ? (
            <Badge color="blue" variant="filled">
              {t('card.mandatory')}
            </Badge>
          ) : null}
          {isComingSoon(aggregate) ? <ComingSoonMarker /> : null}
          {locked ? <NotAvailableYetMarker /> : null}
          {objective.announcementChannelId ? (
            <UnreadAnnouncementsBadge objectiveId={objective.id} courseName={objective.name} />
          ) : null}
        </Group>
        <Title order={2} size="h4" id={titleId}>
          <Anchor component={Link} to={cardLinkTarget(aggregate)} inherit>
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
        {result ? (
          <Stack gap="xs">
            <CourseResult result={result} />
            <Button
              component={Link}
              to={`/courses/${objective.id}`}
              variant="default"
              size="xs"
              style={{ alignSelf: 'flex-start' }}
              aria-label={t('card.goToDetailsOf', { name: objective.name })}
            >
              {t('card.goToDetails')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
      <CourseCardFooter footer={cardFooter(aggregate, now)} />
    </Card>
  );
}
