// One course of the public catalog: cover, title linking to its public page, code, collections, summary.
import { useId } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PresentationMode, type PublicObjective } from '@portal/contracts';
import { CourseCover } from '../../../components/course-list/course-card-parts.tsx';

export function openCatalogCoursePath(objectiveId: string): string {
  return `/open-catalog/${encodeURIComponent(objectiveId)}/view/details`;
}

interface PublicCourseCardProps {
  objective: PublicObjective;
}

export function PublicCourseCard({ objective }: PublicCourseCardProps) {
  const { t } = useTranslation('openCatalog');
  const titleId = useId();
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
      <Stack gap="xs" mt="sm">
        <Title order={2} size="h4" id={titleId}>
          <Anchor component={Link} to={openCatalogCoursePath(objective.id)} inherit>
            <bdi>
              <bdi>{objective.name}</bdi>
            </bdi>
          </Anchor>
        </Title>
        {objective.code ? <Text size="sm">{objective.code}</Text> : null}
        {objective.presentationMode === PresentationMode.tiles ? (
          <Text size="sm">{t('card.activities', { count: objective.childrenCount })}</Text>
        ) : null}
        {objective.description ? (
          <Text size="sm" c="dimmed" lineClamp={3} dir="auto">
            {objective.description}
          </Text>
        ) : null}
        {objective.showcases.length > 0 ? (
          <Group gap={6} wrap="wrap">
            {objective.showcases.map((showcase) => (
              <Badge key={showcase.id} variant="default">
                <bdi>
                  <bdi>{showcase.name}</bdi>
                </bdi>
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
