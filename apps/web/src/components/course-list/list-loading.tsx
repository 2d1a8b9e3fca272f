// The spinner a list or page shows while its data loads, announced by name to screen readers.
import { Center, Loader } from '@mantine/core';

export function ListLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
