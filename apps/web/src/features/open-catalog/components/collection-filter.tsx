// Collection chips of the public catalog: a multi-select that narrows the courses shown.
import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NIL_ID, type PublicShowcase } from '@portal/contracts';

interface CollectionFilterProps {
  showcases: PublicShowcase[];
  selected: string[];
  onChange(selected: string[]): void;
}

export function CollectionFilter({ showcases, selected, onChange }: CollectionFilterProps) {
  const { t } = useTranslation('openCatalog');
  if (showcases.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label={t('collections.label')}>
      <Chip.Group multiple value={selected} onChange={onChange}>
        {showcases.map((showcase) => (
          <Chip key={showcase.id} value={showcase.id}>
            {showcase.id === NIL_ID ? t('collections.uncategorized') : <bdi>{showcase.name}</bdi>}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
