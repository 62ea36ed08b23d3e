import { Text } from '@mantine/core';
import { errorMessage } from '../lib/api-client';

/** A view's data failed to load (spec §8: 'error loading data: ...' in red). */
export function LoadError({ error }: { error: unknown }) {
  return (
    <Text c="red" role="alert">
      error loading data: {errorMessage(error)}
    </Text>
  );
}
