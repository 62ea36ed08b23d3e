import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { useAdminReleases } from '../api/get-releases';
import { megabytes } from '../release-rules';
import { ProductReleases } from './ProductReleases';

/**
 * /admin/releases (docs/wordpress.md, releases managed in the app): per product the version sites are
 * offered, the upload of a new one and the history, where any version can be made current again.
 */
export function AdminReleases() {
  const { t } = useTranslation('releases');
  const query = useAdminReleases();

  if (query.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{t('loading')}</Text>
      </Group>
    );
  if (query.isError)
    return (
      <Alert color="red" title={t('loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{describeError(query.error, adminRequestFailed())}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const { products, maxBytes } = query.data;
  if (products.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <Stack gap="xl">
      <Text size="sm" c="dimmed">
        {t('limit', { max: megabytes(maxBytes) })}
      </Text>
      {products.map((product) => (
        <ProductReleases
          key={`${product.kind}/${product.slug}`}
          product={product}
          maxBytes={maxBytes}
        />
      ))}
    </Stack>
  );
}
