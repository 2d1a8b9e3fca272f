// The enrolled list with its controls: search, collection chips, the filter button and drawer, the grid.
import { Badge, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Showcase } from '@portal/contracts';
import { countActiveFilters } from '@portal/domain';
import { trackEvent } from '../../../lib/analytics.ts';
import { useCourseFilters } from '../hooks/use-course-filters.ts';
import { CollectionChips } from './collection-chips.tsx';
import { CourseSearchInput } from './course-search-input.tsx';
import { EnrolledCourseList } from './enrolled-course-list.tsx';
import { FilterDrawer, type FilterOption } from './filter-drawer.tsx';

interface EnrolledCoursesProps {
  /** Terms that occur in the learner's courses (plus "No term" when some have none). */
  termOptions: FilterOption[];
  /** The learner's collections, "Uncategorized" last when some courses have none. */
  showcases: Showcase[];
}

export function EnrolledCourses({ termOptions, showcases }: EnrolledCoursesProps) {
  const { t } = useTranslation('courses');
  const [drawerOpened, drawer] = useDisclosure(false);
  const { filters, setFilters, clearFilters } = useCourseFilters({
    knownTermIds: new Set(termOptions.map((term) => term.id)),
    knownCollectionIds: new Set(showcases.map((showcase) => showcase.id)),
  });
  const activeCount = countActiveFilters(filters);

  const search = (keyword: string) => {
    if (keyword === filters.keyword) return;
    setFilters({ ...filters, keyword });
    if (keyword !== '') trackEvent('my_courses_search', { search: keyword });
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" gap="sm">
        <CourseSearchInput keyword={filters.keyword} onSearch={search} />
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
          rightSection={
            activeCount > 0 ? (
              <Badge circle size="sm" variant="filled" aria-hidden="true">
                {activeCount}
              </Badge>
            ) : null
          }
          onClick={drawer.open}
          aria-haspopup="dialog"
          aria-expanded={drawerOpened}
          aria-label={
            activeCount > 0
              ? t('filters.buttonWithCount', { count: activeCount })
              : t('filters.button')
          }
        >
          {t('filters.button')}
        </Button>
      </Group>
      <CollectionChips
        showcases={showcases}
        selected={filters.collection}
        onChange={(collection) => setFilters({ ...filters, collection })}
      />
      <FilterDrawer
        opened={drawerOpened}
        onClose={drawer.close}
        filters={filters}
        onChange={setFilters}
        onClear={clearFilters}
        termOptions={termOptions}
        collectionOptions={showcases}
      />
      <EnrolledCourseList filters={filters} onClearFilters={clearFilters} />
    </Stack>
  );
}
