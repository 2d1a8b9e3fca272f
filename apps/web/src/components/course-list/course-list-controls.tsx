// The controls above a course list: search, the filter button with its count, collection chips, the drawer.
import { Suspense, useState } from 'react';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Showcase } from '@portal/contracts';
import { countActiveFilters, type CourseListFilters, type CourseListType } from '@portal/domain';
import { CollectionChips } from './collection-chips.tsx';
import { CourseSearchInput } from './course-search-input.tsx';
import { onDemand } from '../../lib/on-demand.ts';
import type { FilterOption } from './filter-drawer.tsx';
import type { CourseFiltersState } from './use-course-filters.ts';

// Loaded when the learner first reaches for the filter button.
const filterDrawer = onDemand(() =>
  import('./filter-drawer.tsx').then((module) => module.FilterDrawer),
);

interface CourseListControlsProps extends CourseFiltersState {
  listType: CourseListType;
  /** Label of the search box (says which list it searches). */
  searchLabel: string;
  /** Called with a new, non-empty search text after it was applied (analytics). */
  onSearched?(keyword: string): void;
  termOptions: FilterOption[];
  showcases: Showcase[];
}

export function CourseListControls({
  listType,
  searchLabel,
  onSearched,
  termOptions,
  showcases,
  filters,
  setFilters,
  clearFilters,
}: CourseListControlsProps) {
  const { t } = useTranslation('courseList');
  const [drawerOpened, drawer] = useDisclosure(false);
  // Mounted from the first opening on, so closing animates and the drawer keeps its state.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const activeCount = countActiveFilters(filters);

  const search = (keyword: string) => {
    if (keyword === filters.keyword) return;
    setFilters({ ...filters, keyword } satisfies CourseListFilters);
    if (keyword !== '') onSearched?.(keyword);
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" gap="sm">
        <CourseSearchInput label={searchLabel} keyword={filters.keyword} onSearch={search} />
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
          onClick={() => {
            setDrawerUsed(true);
            drawer.open();
          }}
          onPointerEnter={filterDrawer.preload}
          onFocus={filterDrawer.preload}
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
      {drawerUsed ? (
        <Suspense fallback={null}>
          <filterDrawer.Component
            listType={listType}
            opened={drawerOpened}
            onClose={drawer.close}
            filters={filters}
            onChange={setFilters}
            onClear={clearFilters}
            termOptions={termOptions}
            collectionOptions={showcases}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
