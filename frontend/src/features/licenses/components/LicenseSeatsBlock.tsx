import type { Tier } from '@seatkeeper/domain';
import { Spinner } from '../../../components/Spinner';
import {
  Badge,
  Box,
  Center,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useLicenses, type License } from '../../../lib/api/licenses';
import { expiryBadge, heldSeats, seatHint, visibleSeats } from '../../../lib/seat-rules';
import { DomainCell } from './DomainCell';
import { SeatHistoryButton } from './SeatHistoryButton';

export interface LicenseSeatsBlockProps {
  /** The plan purchase button, for the customer's current tier (null without licenses). */
  renderPurchase?: (currentTier: Tier | null) => ReactNode;
  /** A seat's settings column (the AI settings button). */
  renderSettings?: (license: License) => ReactNode;
}

/**
 * Below Mantine's xs breakpoint (576 px) the seats are cards, one under the other, so every action of a
 * seat (the domain editor's save and cancel, the AI settings) is on a phone's screen without scrolling
 * sideways (docs/product.md#screens).
 */
export const SEAT_CARDS_QUERY = '(max-width: 35.99em)';

/** When the plugin last checked the seat's site, or 'not checked yet'. */
function LastCheck({ license }: { license: License }) {
  const { t } = useTranslation('console');
  return (
    <Text size="sm" c={license.lastCheckedAt ? undefined : 'dimmed'}>
      {license.lastCheckedAt ? formatDateTime(license.lastCheckedAt) : t('seats.neverChecked')}
    </Text>
  );
}

function SeatField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box miw={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {children}
    </Box>
  );
}

/** A yearly seat's expiry badge (green 'expires: …', red 'expired'), or nothing. */
function ExpiryBadge({ license, now }: { license: License; now: Date }) {
  const badge = expiryBadge(license, now);
  return badge ? (
    <Badge size="sm" variant="light" color={badge.color}>
      {badge.label}
    </Badge>
  ) : null;
}

/** A seat as a card (phones): the same facts and actions as a table row, stacked. */
function SeatCard({
  license,
  now,
  settings,
}: {
  license: License;
  now: Date;
  settings: LicenseSeatsBlockProps['renderSettings'];
}) {
  const { t } = useTranslation('console');
  const ai = license.aiConfigStatus;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={t('seats.seatCard', { seat: license.seatIndex })}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap={6}>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              #{license.seatIndex}
            </Text>
            <ExpiryBadge license={license} now={now} />
          </Group>
          <SeatHistoryButton license={license} />
        </Group>
        <SeatField label={t('seats.columns.domain')}>
          <DomainCell license={license} />
        </SeatField>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <SeatField label={t('seats.columns.apiUrl')}>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {ai?.baseUrl || '-'}
            </Text>
          </SeatField>
          <SeatField label={t('seats.columns.apiKey')}>
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {ai?.maskedApiKey || '-'}
            </Text>
          </SeatField>
          <SeatField label={t('seats.columns.lastCheck')}>
            <LastCheck license={license} />
          </SeatField>
          <SeatField label={t('seats.columns.updated')}>
            <Text size="sm">{formatDate(license.updatedAt)}</Text>
          </SeatField>
        </SimpleGrid>
        {settings && <Box>{settings(license)}</Box>}
      </Stack>
    </Paper>
  );
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
  const ai = license.aiConfigStatus;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            #{license.seatIndex}
          </Text>
          <ExpiryBadge license={license} now={now} />
        </Group>
        <SeatHistoryButton license={license} />
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
        <LastCheck license={license} />
      </Table.Td>
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
  const cards = useMediaQuery(SEAT_CARDS_QUERY) ?? false;
  const data = query.data;
  const currentTier = data?.summary.tier ?? null;
  const purchase = renderPurchase?.(currentTier);
  const planName = data?.summary.planName;

  let body;
  if (query.isPending) {
    body = (
      <Center py="md" role="status">
        <Spinner label={t('seats.loading')} inStatus />
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
        {rows.length > 0 && cards && (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((license) => (
              <SeatCard key={license.id} license={license} now={now} settings={renderSettings} />
            ))}
          </Stack>
        )}
        {rows.length > 0 && !cards && (
          <Table.ScrollContainer minWidth={920}>
            <Table verticalSpacing="sm" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('seats.columns.seat')}</Table.Th>
                  <Table.Th>{t('seats.columns.domain')}</Table.Th>
                  <Table.Th>{t('seats.columns.apiUrl')}</Table.Th>
                  <Table.Th>{t('seats.columns.apiKey')}</Table.Th>
                  <Table.Th>{t('seats.columns.settings')}</Table.Th>
                  <Table.Th>{t('seats.columns.lastCheck')}</Table.Th>
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
