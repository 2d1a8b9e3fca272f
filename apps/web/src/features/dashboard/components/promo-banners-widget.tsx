// The tenant's promo banners shown to the learner now: image with its text alternative, text and link.
// Titles and texts are authored content in one language, so they are direction-isolated.
import { Anchor, Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromoBanner } from '@portal/contracts';
import { promoBannersQuery } from '../api/dashboard-queries.ts';

export default function PromoBannersWidget() {
  const { t } = useTranslation('dashboard');
  const { data } = useSuspenseQuery(promoBannersQuery());
  if (data.length === 0) return <Text c="dimmed">{t('promoBanners.empty')}</Text>;
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, md: 2 }}
      spacing="md"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {data.map((banner) => (
        <li key={banner.id}>
          <BannerCard banner={banner} />
        </li>
      ))}
    </SimpleGrid>
  );
}

function BannerCard({ banner }: { banner: PromoBanner }) {
  return (
    <Card withBorder padding="md" h="100%">
      {banner.imageUrl !== null && (
        <Card.Section mb="sm">
          <Image src={banner.imageUrl} alt={banner.imageAlt} h={140} fit="cover" />
        </Card.Section>
      )}
      <Stack gap="xs">
        <Title order={3} size="h4" dir="auto">
          {banner.title}
        </Title>
        <Text dir="auto">{banner.text}</Text>
        {banner.linkUrl !== null && banner.linkLabel !== null && (
          <Anchor href={banner.linkUrl} dir="auto" fw={500}>
            {banner.linkLabel}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
