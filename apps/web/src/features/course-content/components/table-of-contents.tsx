// The table of contents (spec 4): root name, progress bar and due date, then the activity tree with status
// icons; a "Course contents" navigation landmark whose links are named after the activities.
import { useId } from 'react';
import { Anchor, Box, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActivityNode } from '@portal/contracts';
import { isLockedItem, type ActivityRuleContext } from '@portal/domain';
import { useFormatters } from '../../../lib/format.ts';
import { clampProgress } from '../model/toc-status.ts';
import { visibleChildren } from '../model/tree-paths.ts';
import { ItemStatusIcons } from './item-status-icons.tsx';

export interface TableOfContentsProps {
  root: ActivityNode;
  ctx: ActivityRuleContext;
  /** The axis of the open activity (undefined: none). */
  selectedAxis: string | undefined;
  hrefFor: (axis: string) => string;
  dueDate: string | null;
}

function TocItems({
  nodes,
  ...props
}: Omit<TableOfContentsProps, 'root' | 'dueDate'> & { nodes: ActivityNode[] }) {
  return (
    <Box component="ul" m={0} pl="md" style={{ listStyle: 'none' }}>
      {nodes.map((node) => {
        const selected = node.axis === props.selectedAxis;
        const children = visibleChildren(node);
        return (
          <li key={node.axis} data-axis={node.axis}>
            <Group gap={6} wrap="nowrap" py={4}>
              <ItemStatusIcons node={node} locked={isLockedItem(node, props.ctx)} />
              <Anchor
                component={Link}
                to={props.hrefFor(node.axis)}
                aria-current={selected ? 'page' : undefined}
                fw={selected ? 700 : undefined}
                size="sm"
              >
                <bdi>
                  <bdi>{node.name}</bdi>
                </bdi>
              </Anchor>
            </Group>
            {children.length > 0 ? <TocItems nodes={children} {...props} /> : null}
          </li>
        );
      })}
    </Box>
  );
}

export function TableOfContents({ root, dueDate, ...props }: TableOfContentsProps) {
  const { t } = useTranslation('courseContent');
  const format = useFormatters();
  const headingId = useId();
  const progress = clampProgress(root.activityWorkflowAggregate.lastActivityWorkflow?.progress);
  const percent = format.percent(progress);
  return (
    <Box component="nav" aria-label={t('tocLabel')}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          <bdi>
            <bdi>{root.name}</bdi>
          </bdi>
        </Title>
        <Progress value={progress * 100} aria-label={t('progressLabel')} />
        <Text size="sm">{t('progressValue', { percent })}</Text>
        {dueDate ? <Text size="sm">{t('due', { date: format.dateTime(dueDate) })}</Text> : null}
        {visibleChildren(root).length > 0 ? (
          <TocItems nodes={visibleChildren(root)} {...props} />
        ) : (
          <Anchor
            component={Link}
            to={props.hrefFor('')}
            aria-current={props.selectedAxis === '' ? 'page' : undefined}
            size="sm"
          >
            <bdi>
              <bdi>{root.name}</bdi>
            </bdi>
          </Anchor>
        )}
      </Stack>
    </Box>
  );
}
