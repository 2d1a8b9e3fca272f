// A paged grid of course cards: the "Showing x of y" line, the cards, "Show more courses", or no matches.
import type { ReactNode } from 'react';
import { Button, Center, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../empty-state.tsx';

interface CourseGridProps {
  cards: ReactNode[];
  total: number;
  /** True while a new filter's first page loads over the previous cards. */
  refreshing: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onShowMore(): void;
  onClearFilters(): void;
}

export function CourseGrid({
  cards,
  total,
  refreshing,
  hasMore,
  loadingMore,
  onShowMore,
  onClearFilters,
}: CourseGridProps) {
  const { t } = useTranslation('courseList');
  if (cards.length === 0) {
    return (
      <EmptyState
        title={t('noMatches.title')}
        description={t('noMatches.hint')}
        action={<Button onClick={onClearFilters}>{t('noMatches.clearFilters')}</Button>}
      />
    );
  }
  return (
    <Stack gap="md" aria-busy={refreshing}>
      <Text size="sm" aria-live="polite">
        {t('list.showing', { shown: cards.length, count: total })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
        {cards}
      </SimpleGrid>
      {hasMore ? (
        <Center>
          <Button variant="default" onClick={onShowMore} loading={loadingMore}>
            {t('list.showMore')}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
