import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <Text c="red" role="alert">
      {t('loadError', { text: text ?? describeError(error, fallback) })}
    </Text>
  );
}
