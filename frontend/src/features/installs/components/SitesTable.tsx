import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { InstallSite } from '../api/installs';

/** A version, or a dimmed dash when the site did not say. */
function Version({ value }: { value: string | null }) {
  const { t } = useTranslation('installs');
  return value ? (
    <>{value}</>
  ) : (
    <Text span c="dimmed" size="sm">
      {t('unknown')}
    </Text>
  );
}

/**
 * Sites with their versions and last check-in (docs/insights.md): a table from 576 px, a list below it so
 * a phone reads it without scrolling sideways; both named by the heading `labelledBy` points at.
 */
export function SitesTable({ sites, labelledBy }: { sites: InstallSite[]; labelledBy: string }) {
  const { t } = useTranslation('installs');
  return (
    <>
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table striped withTableBorder aria-labelledby={labelledBy}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('columns.site')}</Table.Th>
              <Table.Th scope="col">{t('columns.product')}</Table.Th>
              <Table.Th scope="col">{t('columns.wordpress')}</Table.Th>
              <Table.Th scope="col">{t('columns.php')}</Table.Th>
              <Table.Th scope="col">{t('columns.locale')}</Table.Th>
              <Table.Th scope="col">{t('columns.lastSeen')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sites.map((s) => (
              <Table.Tr key={`${s.kind}/${s.product}/${s.host}`}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.host}</Table.Td>
                {/* The product's slug and the site's locale are identifiers, not words to translate. */}
                <Table.Td translate="no">
                  {s.product} <Version value={s.productVersion} />
                </Table.Td>
                <Table.Td>
                  <Version value={s.wpVersion} />
                </Table.Td>
                <Table.Td>
                  <Version value={s.phpVersion} />
                </Table.Td>
                <Table.Td translate="no">
                  <Version value={s.locale} />
                </Table.Td>
                <Table.Td>{formatDateTime(s.lastSeenAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack
        gap="xs"
        hiddenFrom="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby={labelledBy}
      >
        {sites.map((s) => (
          <Stack key={`${s.kind}/${s.product}/${s.host}`} component="li" gap={2}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {s.host}
            </Text>
            <Text size="sm">
              {t('line', {
                product: s.product,
                version: s.productVersion ?? t('unknown'),
                wordpress: s.wpVersion ?? t('unknown'),
                php: s.phpVersion ?? t('unknown'),
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('lastSeen', { time: formatDateTime(s.lastSeenAt) })}
            </Text>
          </Stack>
        ))}
      </Stack>
    </>
  );
}
