// One course of the public catalog: cover, title linking to its public page, code, collections, summary.
import { useId } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PresentationMode, type PublicObjective } from '@portal/contracts';
import { coverColor } from '@portal/domain';

const COVER_HEIGHT = 112;

export function openCatalogCoursePath(objectiveId: string): string {
  return `/open-catalog/${encodeURIComponent(objectiveId)}/view/details`;
}

interface PublicCourseCardProps {
  objective: PublicObjective;
  /** Position in the list, which picks the cover colour of a course without an image. */
  index: number;
}

export function PublicCourseCard({ objective, index }: PublicCourseCardProps) {
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
        {objective.imageUrl ? (
          <Image src={objective.imageUrl} alt="" h={COVER_HEIGHT} fit="cover" />
        ) : (
          <Box h={COVER_HEIGHT} bg={coverColor(index)} data-testid="course-cover-colour" />
        )}
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Title order={2} size="h4" id={titleId}>
          <Anchor component={Link} to={openCatalogCoursePath(objective.id)} inherit>
            {objective.name}
          </Anchor>
        </Title>
        {objective.code ? <Text size="sm">{objective.code}</Text> : null}
        {objective.presentationMode === PresentationMode.tiles ? (
          <Text size="sm">{t('card.activities', { count: objective.childrenCount })}</Text>
        ) : null}
        {objective.description ? (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {objective.description}
          </Text>
        ) : null}
        {objective.showcases.length > 0 ? (
          <Group gap={6} wrap="wrap">
            {objective.showcases.map((showcase) => (
              <Badge key={showcase.id} variant="default">
                {showcase.name}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
