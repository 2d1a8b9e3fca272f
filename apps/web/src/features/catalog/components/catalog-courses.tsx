// The catalog list with its controls: search, collection chips, the filter drawer (term and collection), the grid.
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Showcase } from '@portal/contracts';
import { CourseListControls } from '../../../components/course-list/course-list-controls.tsx';
import type { FilterOption } from '../../../components/course-list/filter-drawer.tsx';
import { useCourseFilters } from '../../../components/course-list/use-course-filters.ts';
import { CatalogCourseList } from './catalog-course-list.tsx';

interface CatalogCoursesProps {
  /** Terms that occur in the catalog's courses (plus "No term" when some have none). */
  termOptions: FilterOption[];
  /** The catalog's collections, "Uncategorized" last when some courses have none. */
  showcases: Showcase[];
}

export function CatalogCourses({ termOptions, showcases }: CatalogCoursesProps) {
  const { t } = useTranslation('catalog');
  // Only the enrolled list remembers its filters across sessions (spec §3); the catalog keeps them in the URL.
  const filterState = useCourseFilters({
    listType: 'catalog',
    knownTermIds: new Set(termOptions.map((term) => term.id)),
    knownCollectionIds: new Set(showcases.map((showcase) => showcase.id)),
    storageKey: null,
  });

  return (
    <Stack gap="md">
      <CourseListControls
        {...filterState}
        listType="catalog"
        searchLabel={t('search.label')}
        termOptions={termOptions}
        showcases={showcases}
      />
      <CatalogCourseList filters={filterState.filters} onClearFilters={filterState.clearFilters} />
    </Stack>
  );
}
