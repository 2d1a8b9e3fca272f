// The list part of the public catalog: how many courses match, the grid, or why there are none.
import { Button, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicObjective } from '@portal/contracts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PublicCourseCard } from './public-course-card.tsx';

interface OpenCatalogResultsProps {
  /** Every course of the catalog (before the search). */
  total: number;
  matching: PublicObjective[];
  onClearSearch(): void;
}

export function OpenCatalogResults({ total, matching, onClearSearch }: OpenCatalogResultsProps) {
  const { t } = useTranslation('openCatalog');
  if (total === 0) {
    return <EmptyState title={t('empty.title')} description={t('empty.description')} />;
  }
  return (
    <>
      {/* Announced politely, so screen-reader users learn what the search did without moving focus. */}
      <Text role="status" size="sm" c="dimmed">
        {t('results.count', { count: matching.length })}
      </Text>
      {matching.length === 0 ? (
        <EmptyState
          title={t('noResults.title')}
          description={t('noResults.description')}
          action={
            <Button variant="default" onClick={onClearSearch}>
              {t('noResults.clear')}
            </Button>
          }
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
          spacing="md"
          role="list"
          aria-label={t('results.label')}
        >
          {matching.map((objective) => (
            <div role="listitem" key={objective.id}>
              <PublicCourseCard objective={objective} />
            </div>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
