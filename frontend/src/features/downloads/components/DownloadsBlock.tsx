import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors';
import { loadNamespaces } from '../../../lib/i18n';
import { lazyOnIntent } from '../../../lib/preload';
import { useLicenses } from '../../../lib/api/licenses';
import { downloadFile } from '../../../lib/download-file';
import { useCurrentRelease, type ReleaseKind } from '../api/get-release';
import { downloadAccess, type DownloadAccess } from '../download-rules';

/** The two downloads; their texts are console:downloads.<key>.{title,description,label}. */
export const DOWNLOADS = [
  {
    key: 'plugin',
    kind: 'plugins',
    slug: 'visual-editor',
    href: '/api/wp-updates/plugins/download/visual-editor',
  },
  {
    key: 'theme',
    kind: 'themes',
    slug: 'minimal-theme',
    href: '/api/wp-updates/themes/download/minimal-theme',
  },
] as const satisfies readonly { key: string; kind: ReleaseKind; slug: string; href: string }[];

type Download = (typeof DOWNLOADS)[number];

/** The changelog and its Markdown reader come in their own chunk, when the customer opens it. */
const { Component: ReleaseChangelog, intent } = lazyOnIntent(() =>
  import('./ReleaseChangelog').then((m) => m.default),
);

/** Why the customer cannot download, and what to do: its title and text. */
const REFUSALS = {
  none: { title: 'downloads.noSeatTitle', text: 'downloads.noSeat' },
  revoked: { title: 'downloads.revokedTitle', text: 'downloads.revoked' },
  expired: { title: 'downloads.expiredTitle', text: 'downloads.expired' },
} as const satisfies Record<Exclude<DownloadAccess, 'active'>, { title: string; text: string }>;

function DownloadCard({ item, allowed }: { item: Download; allowed: boolean }) {
  const { t } = useTranslation('console');
  const release = useCurrentRelease(item.kind, item.slug);
  const [changelogOpen, setChangelogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const changelogId = useId();
  const title = item.key === 'plugin' ? t('downloads.plugin.title') : t('downloads.theme.title');

  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadFile(item.href, `${item.slug}.zip`);
    } catch (error) {
      // The server's reason, in the customer's language (the errors catalogue, loaded if not yet).
      await loadNamespaces(['errors']).catch(() => undefined);
      setFailure(describeError(error, t('downloads.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs" align="flex-start" h="100%" justify="space-between">
        <Stack gap={4} w="100%">
          <Title order={3} fz="md">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {item.key === 'plugin'
              ? t('downloads.plugin.description')
              : t('downloads.theme.description')}
          </Text>
          {release.data ? (
            <>
              <Text size="sm" fw={500}>
                {t('downloads.version', { version: release.data.version })}
              </Text>
              <Button
                variant="subtle"
                size="compact-sm"
                px={0}
                style={{ alignSelf: 'flex-start' }}
                aria-expanded={changelogOpen}
                aria-controls={changelogId}
                {...intent}
                onClick={() => setChangelogOpen((open) => !open)}
              >
                {t('downloads.changelogShow', { version: release.data.version })}
              </Button>
              <section
                id={changelogId}
                hidden={!changelogOpen}
                aria-label={t('downloads.changelogLabel', {
                  name: title,
                  version: release.data.version,
                })}
              >
                {changelogOpen && (
                  <Suspense fallback={null}>
                    <ReleaseChangelog changelog={release.data.changelog} />
                  </Suspense>
                )}
              </section>
            </>
          ) : release.isError ? (
            <Text size="sm" c="dimmed">
              {t('downloads.releaseFailed')}
            </Text>
          ) : null}
        </Stack>
        {failure && (
          <Alert
            color="red"
            variant="light"
            title={t('downloads.failedTitle')}
            role="alert"
            w="100%"
          >
            {failure}
          </Alert>
        )}
        {allowed && (
          <Button
            component="a"
            href={item.href}
            download
            variant="light"
            loading={busy}
            onClick={(event) => {
              // Fetched and checked first: a refusal is shown here, never saved as a file.
              event.preventDefault();
              if (!busy) void download();
            }}
          >
            {item.key === 'plugin' ? t('downloads.plugin.label') : t('downloads.theme.label')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Dashboard block 3 (docs/product.md#screens): the plugin and theme with their current version and
 * changelog, and their downloads for a customer holding an active seat. Without one the block says why
 * (no plan yet, seats revoked by a refund, licence expired) and offers the plan purchase
 * (`purchase`, the page's), instead of links the server would refuse.
 */
export function DownloadsBlock({ purchase }: { purchase?: ReactNode }) {
  const { t } = useTranslation('console');
  const licenses = useLicenses();
  // Until the seats are known (or when they cannot be read) the links stay: the server decides.
  const access: DownloadAccess = licenses.data ? downloadAccess(licenses.data.licenses) : 'active';
  const refusal = access === 'active' ? null : REFUSALS[access];
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="downloads-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="downloads-title">
          {t('downloads.title')}
        </Title>
        {refusal && (
          <Alert
            color={access === 'none' ? 'blue' : 'orange'}
            variant="light"
            title={t(refusal.title)}
          >
            <Stack gap="sm">
              <Text size="sm">{t(refusal.text)}</Text>
              {purchase}
            </Stack>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {DOWNLOADS.map((item) => (
            <DownloadCard key={item.key} item={item} allowed={access === 'active'} />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
