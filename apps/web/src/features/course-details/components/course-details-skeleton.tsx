// The course details page while it loads: placeholders of the final layout (title, actions, the cover of the
// status column), so nothing below moves when the course arrives (layout stability, issue 12).
import { Group, Skeleton, Stack } from '@mantine/core';
import { COVER_HEIGHT } from './course-status.tsx';

export function CourseDetailsSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="lg" role="status" aria-label={label} aria-busy="true">
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="sm" style={{ flex: '1 1 320px' }}>
          <Skeleton height={36} width="70%" />
          <Skeleton height={16} width="30%" />
          <Skeleton height={16} />
          <Skeleton height={16} width="85%" />
          <Skeleton height={36} width={140} mt="sm" />
        </Stack>
        <Stack gap="sm" style={{ flex: '0 1 360px' }} w="100%">
          <Skeleton height={COVER_HEIGHT} radius={8} />
          <Skeleton height={16} width="60%" />
          <Skeleton height={16} width="50%" />
        </Stack>
      </Group>
    </Stack>
  );
}
