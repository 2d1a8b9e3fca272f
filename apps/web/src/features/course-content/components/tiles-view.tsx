// Tile presentation (spec 4, mode 1): the course's top-level activities as cards; one opens like a page.
import { Anchor, Card, Group, SimpleGrid, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActivityNode } from '@portal/contracts';
import { isLockedItem, type ActivityRuleContext } from '@portal/domain';
import { visibleChildren } from '../model/tree-paths.ts';
import { ItemStatusIcons } from './item-status-icons.tsx';

export function TilesView({
  root,
  ctx,
  hrefFor,
}: {
  root: ActivityNode;
  ctx: ActivityRuleContext;
  hrefFor: (axis: string) => string;
}) {
  const { t } = useTranslation('courseContent');
  return (
    <section aria-label={t('tiles')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {visibleChildren(root).map((node) => (
          <Card key={node.axis} withBorder padding="md" data-axis={node.axis}>
            {/* Centred: the 16 px icons sit beside the title's text, not above its first line. */}
            <Group gap="xs" wrap="nowrap" align="center">
              <ItemStatusIcons node={node} locked={isLockedItem(node, ctx)} />
              <Title order={2} size="h4">
                <Anchor component={Link} to={hrefFor(node.axis)}>
                  <bdi>
                    <bdi>{node.name}</bdi>
                  </bdi>
                </Anchor>
              </Title>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
