import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReleaseProduct } from '../api/get-releases';
import { CurrentRelease } from './CurrentRelease';
import { ReleaseHistory } from './ReleaseHistory';
import { UploadRelease } from './UploadRelease';

/** One product's section: the current release, the upload of a new version, the history. */
export function ProductReleases({
  product,
  maxBytes,
}: {
  product: ReleaseProduct;
  maxBytes: number;
}) {
  const { t } = useTranslation('releases');
  const headingId = useId();
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState(false);
  const close = useCallback(() => setUploading(false), []);

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={2} id={headingId}>
              {product.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`kind.${product.kind}`, { slug: product.slug })}
            </Text>
          </Stack>
          <Button onClick={() => setUploading(true)}>{t('upload.open')}</Button>
        </Group>
        <CurrentRelease name={product.name} release={product.current} />
        <Title order={3} size="h4">
          {t('history.title')}
        </Title>
        <ReleaseHistory product={product} />
      </Stack>
      <Modal
        opened={uploading}
        onClose={close}
        title={t('upload.title', { name: product.name })}
        size="xl"
        closeOnClickOutside={!pending}
        closeOnEscape={!pending}
        withCloseButton={!pending}
      >
        {uploading && (
          <UploadRelease
            product={product}
            maxBytes={maxBytes}
            onDone={close}
            onPendingChange={setPending}
          />
        )}
      </Modal>
    </Paper>
  );
}
