// The icons beside a table-of-contents item (status, optional, proctored, locked), each with a tooltip and
// an accessible name, kept outside the item's link so the link is named after the activity alone.
import type { ReactNode } from 'react';
import { Group, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircle,
  IconCircleCheck,
  IconClockHour4,
  IconEye,
  IconLock,
  IconPlayerPlay,
  IconStar,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActivityNode } from '@portal/contracts';
import { itemStatus, type ItemStatus } from '../model/toc-status.ts';

const ICON_SIZE = 16;

const statusIcons: Record<ItemStatus, { icon: ReactNode; color: string }> = {
  comingSoon: { icon: <IconClockHour4 size={ICON_SIZE} />, color: 'gray' },
  completed: { icon: <IconCircleCheck size={ICON_SIZE} />, color: 'green' },
  belowPassingScore: { icon: <IconAlertTriangle size={ICON_SIZE} />, color: 'orange' },
  inProgress: { icon: <IconPlayerPlay size={ICON_SIZE} />, color: 'blue' },
  notStarted: { icon: <IconCircle size={ICON_SIZE} />, color: 'gray' },
};

function LabelledIcon({
  label,
  color,
  children,
}: {
  label: string;
  color: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={150}>
      <span
        role="img"
        aria-label={label}
        data-status-icon={label}
        style={{ display: 'inline-flex', color: `var(--mantine-color-${color}-7)` }}
      >
        {children}
      </span>
    </Tooltip>
  );
}

export function ItemStatusIcons({ node, locked }: { node: ActivityNode; locked: boolean }) {
  const { t } = useTranslation('courseContent');
  const status = itemStatus(node);
  const { icon, color } = statusIcons[status];
  return (
    <Group gap={2} wrap="nowrap" component="span">
      {locked && status !== 'comingSoon' ? (
        <LabelledIcon label={t('status.locked')} color="gray">
          <IconLock size={ICON_SIZE} />
        </LabelledIcon>
      ) : (
        <LabelledIcon label={t(`status.${status}`)} color={color}>
          {icon}
        </LabelledIcon>
      )}
      {node.part?.optional ? (
        <LabelledIcon label={t('status.optional')} color="violet">
          <IconStar size={ICON_SIZE} />
        </LabelledIcon>
      ) : null}
      {node.proctored ? (
        <LabelledIcon label={t('status.proctored')} color="gray">
          <IconEye size={ICON_SIZE} />
        </LabelledIcon>
      ) : null}
    </Group>
  );
}
