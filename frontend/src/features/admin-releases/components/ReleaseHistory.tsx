import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { Release, ReleaseProduct } from '../api/get-releases';
import { useMakeCurrent } from '../api/make-current';
import { formatBytes, moveKind, shortSha } from '../release-rules';

/** The digest, short, whole on hover and copied whole by its button. */
function Digest({ release }: { release: Release }) {
  const { t } = useTranslation('releases');
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={release.sha256} withinPortal={false} maw={320} multiline>
        <Code title={release.sha256}>{shortSha(release.sha256)}</Code>
      </Tooltip>
      <CopyButton value={release.sha256}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={t('history.copyOf', { version: release.version })}
          >
            {copied ? t('history.copied') : t('history.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** "Sites will be offered X instead of Y", then POST /:id/current; a rollback says so. */
function ConfirmMove({
  product,
  target,
  onClose,
}: {
  product: ReleaseProduct;
  target: Release;
  onClose: () => void;
}) {
  const { t } = useTranslation('releases');
  const move = useMakeCurrent();
  const from = product.current?.version ?? null;
  const kind = moveKind(target.version, from);
  return (
    <Stack gap="sm">
      <Text data-testid="move-offer">
        {from
          ? t('move.offer', { to: target.version, from })
          : t('move.offerFirst', { to: target.version })}
      </Text>
      {kind === 'rollback' && from && (
        <Alert color="yellow" variant="light" role="note" title={t('move.rollbackTitle')}>
          {t('move.rollbackNote', { to: target.version, from })}
        </Alert>
      )}
      {move.error && (
        <Alert color="red" role="alert">
          {describeError(move.error, adminRequestFailed())}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          color={kind === 'rollback' ? 'orange' : undefined}
          loading={move.isPending}
          onClick={() => move.mutate(target, { onSuccess: onClose })}
        >
          {kind === 'rollback'
            ? t('move.confirmRollback', { version: target.version })
            : t('move.confirm', { version: target.version })}
        </Button>
      </Group>
    </Stack>
  );
}

/** Every version of a product, newest first; any but the current one can be made current. */
export function ReleaseHistory({ product }: { product: ReleaseProduct }) {
  const { t } = useTranslation('releases');
  const language = useLanguage();
  const [target, setTarget] = useState<Release | null>(null);
  const from = product.current?.version;

  if (product.releases.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('history.empty')}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" striped aria-label={t('history.table', { name: product.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.version')}</Table.Th>
              <Table.Th>{t('history.date')}</Table.Th>
              <Table.Th>{t('history.source')}</Table.Th>
              <Table.Th>{t('history.size')}</Table.Th>
              <Table.Th>{t('history.sha256')}</Table.Th>
              <Table.Th>{t('history.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {product.releases.map((release) => (
              <Table.Tr key={release.id}>
                <Table.Td>
                  <Text fw={600}>{release.version}</Text>
                </Table.Td>
                <Table.Td>{formatDateTime(release.createdAt)}</Table.Td>
                <Table.Td>
                  {release.source === 'seed' || !release.uploadedBy
                    ? t('history.seeded')
                    : release.uploadedBy}
                </Table.Td>
                <Table.Td>{formatBytes(release.size, language)}</Table.Td>
                <Table.Td>
                  <Digest release={release} />
                </Table.Td>
                <Table.Td>
                  {release.current ? (
                    <Badge color="teal" variant="light">
                      {t('current.badge')}
                    </Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      color={moveKind(release.version, from) === 'rollback' ? 'orange' : undefined}
                      onClick={() => setTarget(release)}
                      aria-label={t('history.makeCurrentOf', { version: release.version })}
                    >
                      {t('history.makeCurrent')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={
          target
            ? moveKind(target.version, from) === 'rollback'
              ? t('move.titleRollback', { name: product.name, version: target.version })
              : t('move.title', { name: product.name, version: target.version })
            : ''
        }
      >
        {target && (
          <ConfirmMove
            key={target.id}
            product={product}
            target={target}
            onClose={() => setTarget(null)}
          />
        )}
      </Modal>
    </>
  );
}
