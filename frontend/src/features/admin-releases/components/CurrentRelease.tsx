import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { SafeMarkdown } from '../../../components/SafeMarkdown';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { Release } from '../api/get-releases';
import { formatBytes } from '../release-rules';

/** Who put a release in the store and when: the admin's upload, or the first seed from releases/. */
export function releaseOrigin(t: TFunction<'releases'>, release: Release) {
  const when = formatDateTime(release.createdAt);
  return release.source === 'seed' || !release.uploadedBy
    ? t('seeded', { when })
    : t('uploadedBy', { when, who: release.uploadedBy });
}

function Fact({ label, children }: { label: string; children: string }) {
  const { t } = useTranslation('releases');
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children ? (
        <Text size="sm" fw={500}>
          {children}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('current.notGiven')}
        </Text>
      )}
    </Stack>
  );
}

/** The version sites are offered now: its figures, where it came from and its changelog rendered. */
export function CurrentRelease({ name, release }: { name: string; release: Release | null }) {
  const { t } = useTranslation('releases');
  const language = useLanguage();
  if (!release)
    return (
      <Text c="dimmed" size="sm">
        {t('current.none')}
      </Text>
    );
  return (
    <Paper
      component="section"
      aria-label={t('current.label', { name })}
      withBorder
      radius="sm"
      p="md"
      bg="var(--mantine-color-gray-0)"
    >
      <Stack gap="sm">
        <Group gap="sm" align="baseline">
          <Badge color="teal" variant="filled">
            {t('current.badge')}
          </Badge>
          <Text fz="xl" fw={700} data-testid="current-version">
            {release.version}
          </Text>
          <Text size="sm" c="dimmed">
            {releaseOrigin(t, release)}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label={t('fields.size')}>{formatBytes(release.size, language)}</Fact>
          <Fact label={t('fields.requires')}>{release.requires}</Fact>
          <Fact label={t('fields.tested')}>{release.tested}</Fact>
          <Fact label={t('fields.requiresPhp')}>{release.requiresPhp}</Fact>
        </SimpleGrid>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {t('current.file', { file: release.fileName, sha256: release.sha256 })}
        </Text>
        <Title order={3} size="h5">
          {t('current.changelog')}
        </Title>
        {release.changelog.trim() ? (
          <SafeMarkdown fz="sm">{release.changelog}</SafeMarkdown>
        ) : (
          <Text size="sm" c="dimmed">
            {t('current.noChangelog')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
