// The filter drawer of the course lists: a clear button, progress and priority (enrolled list only), term, collection.
import { Button, Checkbox, Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  coursePriorityValues,
  courseProgressValues,
  hasProgressFilters,
  isCoursePriorityFilter,
  isCourseProgressFilter,
  type CourseListFilters,
  type CourseListType,
} from '@portal/domain';

export interface FilterOption {
  id: string;
  name: string;
}

interface FilterDrawerProps {
  listType: CourseListType;
  opened: boolean;
  onClose(): void;
  filters: CourseListFilters;
  onChange(filters: CourseListFilters): void;
  onClear(): void;
  termOptions: FilterOption[];
  collectionOptions: FilterOption[];
}

export function FilterDrawer({
  listType,
  opened,
  onClose,
  filters,
  onChange,
  onClear,
  termOptions,
  collectionOptions,
}: FilterDrawerProps) {
  const { t } = useTranslation('courseList');
  const update = (patch: Partial<CourseListFilters>) => onChange({ ...filters, ...patch });

  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A <header> here would be a second banner landmark beside the shell's. */}
        <Drawer.Header component="div">
          <Drawer.Title>{t('coursesFilterDrawer.title')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('coursesFilterDrawer.close')} />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="lg">
            <Button variant="default" onClick={onClear} style={{ alignSelf: 'flex-start' }}>
              {t('coursesFilterDrawer.clear')}
            </Button>
            {hasProgressFilters(listType) ? (
              <>
                <Checkbox.Group
                  label={t('coursesFilterDrawer.progress')}
                  value={filters.courseProgress}
                  onChange={(value) =>
                    update({ courseProgress: value.filter(isCourseProgressFilter) })
                  }
                >
                  <Stack gap="xs" mt="xs">
                    {courseProgressValues.map((value) => (
                      <Checkbox
                        key={value}
                        value={value}
                        label={t(`coursesFilterDrawer.progressValues.${value}`)}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
                <Checkbox.Group
                  label={t('coursesFilterDrawer.priority')}
                  value={filters.coursePriority}
                  onChange={(value) =>
                    update({ coursePriority: value.filter(isCoursePriorityFilter) })
                  }
                >
                  <Stack gap="xs" mt="xs">
                    {coursePriorityValues.map((value) => (
                      <Checkbox
                        key={value}
                        value={value}
                        label={t(`coursesFilterDrawer.priorityValues.${value}`)}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              </>
            ) : null}
            {termOptions.length > 0 ? (
              <Checkbox.Group
                label={t('coursesFilterDrawer.term')}
                value={filters.term}
                onChange={(term) => update({ term })}
              >
                <Stack gap="xs" mt="xs">
                  {termOptions.map((term) => (
                    <Checkbox key={term.id} value={term.id} label={<bdi>{term.name}</bdi>} />
                  ))}
                </Stack>
              </Checkbox.Group>
            ) : null}
            {collectionOptions.length > 0 ? (
              <Checkbox.Group
                label={t('coursesFilterDrawer.collection')}
                value={filters.collection}
                onChange={(collection) => update({ collection })}
              >
                <Stack gap="xs" mt="xs">
                  {collectionOptions.map((collection) => (
                    <Checkbox
                      key={collection.id}
                      value={collection.id}
                      label={<bdi>{collection.name}</bdi>}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            ) : null}
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
