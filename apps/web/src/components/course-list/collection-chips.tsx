// Collection (showcase) chips above a course list: a quick multi-select of the collection filter.
import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Showcase } from '@portal/contracts';

interface CollectionChipsProps {
  showcases: Showcase[];
  selected: string[];
  onChange(selected: string[]): void;
}

export function CollectionChips({ showcases, selected, onChange }: CollectionChipsProps) {
  const { t } = useTranslation('courseList');
  if (showcases.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label={t('collections.label')}>
      <Chip.Group multiple value={selected} onChange={onChange}>
        {showcases.map((showcase) => (
          <Chip key={showcase.id} value={showcase.id}>
            <bdi>
              <bdi>{showcase.name}</bdi>
            </bdi>
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
