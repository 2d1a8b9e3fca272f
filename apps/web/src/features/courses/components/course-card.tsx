// One course on the My Courses grid: cover, title linking to the right place, markers, result and footer.
import { useId } from 'react';
import { Link } from 'react-router';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconClockHour4, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PresentationMode, type EnrollmentAggregate, type GradingScale } from '@portal/contracts';
import {
  cardFooter,
  cardLinkTarget,
  cardResult,
  coverColor,
  isComingSoon,
  isNotAvailableYet,
} from '@portal/domain';
import { CourseCardFooter } from './course-card-footer.tsx';
import { CourseResult } from './course-result.tsx';

const COVER_HEIGHT = 112;

interface CourseCardProps {
  aggregate: EnrollmentAggregate;
  /** Position in the list, which picks the cover colour of a course without an image. */
  index: number;
  gradingScale: GradingScale | null;
  now: Date;
}

export function CourseCard({ aggregate, index, gradingScale, now }: CourseCardProps) {
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
        {objective.imageUrl ? (
          <Image src={objective.imageUrl} alt="" h={COVER_HEIGHT} fit="cover" />
        ) : (
          <Box h={COVER_HEIGHT} bg={coverColor(index)} data-testid="course-cover-colour" />
        )}
      </Card.Section>
      <Stack gap="xs" mt="sm" style={{ flexGrow: 1 }}>
        <Group gap="xs" wrap="wrap">
          {aggregate.isMandatory ? (
            <Badge color="blue" variant="filled">
              {t('card.mandatory')}
            </Badge>
          ) : null}
          {isComingSoon(aggregate) ? (
            <Group gap={4} wrap="nowrap">
              <IconClockHour4 size={16} aria-hidden="true" />
              <Text size="sm">{t('card.comingSoon')}</Text>
            </Group>
          ) : null}
          {locked ? (
            <Tooltip label={t('card.notAvailableYet')}>
              <Box
                component="span"
                role="img"
                aria-label={t('card.notAvailableYet')}
                display="inline-flex"
              >
                <IconLock size={18} aria-hidden="true" />
              </Box>
            </Tooltip>
          ) : null}
        </Group>
        <Title order={2} size="h4" id={titleId}>
          <Anchor component={Link} to={cardLinkTarget(aggregate)} inherit>
            {objective.name}
          </Anchor>
        </Title>
        {objective.code ? <Text size="sm">{objective.code}</Text> : null}
        {objective.presentationMode === PresentationMode.tiles ? (
          <Text size="sm">{t('card.activities', { count: objective.childrenCount })}</Text>
        ) : null}
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
