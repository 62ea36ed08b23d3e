import { Text } from '@mantine/core';
import { describeError } from '../lib/errors';

/**
 * A view's data failed to load (docs/product.md#errors: 'error loading data: ...' in red): `text` when the view names
 * the failure itself (e.g. 'Failed to fetch licenses'), else the error as describeError words it.
 */
export function LoadError({
  error,
  text,
  fallback,
}: {
  error: unknown;
  text?: string;
  fallback?: string;
}) {
  return (
    <Text c="red" role="alert">
      error loading data: {text ?? describeError(error, fallback)}
    </Text>
  );
}
