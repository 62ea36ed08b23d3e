import { Badge, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { formatDate } from '../../../lib/format';
import { useLicenses, type License, type Tier } from '../api/get-licenses';
import { expiryBadge, heldSeats, seatHint, visibleSeats } from '../seat-rules';
import { DomainCell } from './DomainCell';

export interface LicenseSeatsBlockProps {
  /** The plan purchase button, for the customer's current tier (null without licenses). */
  renderPurchase?: (currentTier: Tier | null) => ReactNode;
  /** A seat's settings column (the AI settings button). */
  renderSettings?: (license: License) => ReactNode;
}

function SeatRow({
  license,
  now,
  settings,
}: {
  license: License;
  now: Date;
  settings: LicenseSeatsBlockProps['renderSettings'];
}) {
  const badge = expiryBadge(license, now);
  const ai = license.aiConfigStatus;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            #{license.seatIndex}
          </Text>
          {badge && (
            <Badge size="sm" variant="light" color={badge.color}>
              {badge.label}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <DomainCell license={license} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {ai?.baseUrl || '-'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {ai?.maskedApiKey || '-'}
        </Text>
      </Table.Td>
      <Table.Td>{settings?.(license)}</Table.Td>
      <Table.Td>
        <Text size="sm">{formatDate(license.updatedAt)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Dashboard block 2 (docs/product.md#screens, #states Seat): the seat table with the plan name, 'bound X / total seats',
 * bound seats first and at most one free seat, the hints and the place of the plan purchase button.
 * The page composes the purchase button and each seat's settings (the AI config modal) into it.
 */
export function LicenseSeatsBlock({ renderPurchase, renderSettings }: LicenseSeatsBlockProps) {
  const { t } = useTranslation('console');
  const query = useLicenses();
  const data = query.data;
  const currentTier = data?.summary.tier ?? null;
  const purchase = renderPurchase?.(currentTier);
  const planName = data?.summary.planName;

  let body;
  if (query.isPending) {
    body = (
      <Center py="md" role="status">
        <Loader size="sm" aria-label={t('seats.loading')} />
      </Center>
    );
  } else if (query.isError && !data) {
    body = <LoadError error={query.error} text={t('seats.fetchFailed')} />;
  } else if (!data || heldSeats(data.licenses).length === 0) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text c="dimmed">{t('seats.empty')}</Text>
        {purchase}
      </Stack>
    );
  } else {
    const { summary } = data;
    // A revoked seat (status 'revoked') is no longer the customer's: not listed, bound or counted.
    const licenses = heldSeats(data.licenses);
    const rows = visibleSeats(licenses, summary);
    const hint = seatHint(licenses, summary);
    const now = new Date();
    body = (
      <Stack gap="sm">
        {query.isError && <LoadError error={query.error} text={t('seats.fetchFailed')} />}
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500}>
            {t('seats.count', { bound: summary.bound, count: summary.seatTotal })}
          </Text>
          {hint && (
            <Text size="sm" c={hint === 'bindFirst' ? 'blue.8' : 'orange.9'}>
              {hint === 'bindFirst' ? t('seats.bindFirst') : t('seats.full')}
            </Text>
          )}
        </Group>
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('seats.columns.seat')}</Table.Th>
                  <Table.Th>{t('seats.columns.domain')}</Table.Th>
                  <Table.Th>{t('seats.columns.apiUrl')}</Table.Th>
                  <Table.Th>{t('seats.columns.apiKey')}</Table.Th>
                  <Table.Th>{t('seats.columns.settings')}</Table.Th>
                  <Table.Th>{t('seats.columns.updated')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((license) => (
                  <SeatRow key={license.id} license={license} now={now} settings={renderSettings} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {purchase}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="licence-seats-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="licence-seats-title">
          {planName ? t('seats.titleWithPlan', { plan: planName }) : t('seats.title')}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
