// A block shown when a list or page has nothing to show: heading, optional text, action and picture.
import type { ReactNode } from 'react';
import { Stack, Text, Title, type TitleOrder } from '@mantine/core';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  illustration?: ReactNode;
  /** Heading level of the title; 2 by default because the page owns the h1. */
  headingLevel?: TitleOrder;
}

export function EmptyState({
  title,
  description,
  action,
  illustration,
  headingLevel = 2,
}: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" data-testid="empty-state">
      {illustration ? <div aria-hidden="true">{illustration}</div> : null}
      <Title order={headingLevel} size="h3">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" maw={520}>
          {description}
        </Text>
      ) : null}
      {action ? <div>{action}</div> : null}
    </Stack>
  );
}
