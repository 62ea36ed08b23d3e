import { Badge, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/LoadError';
import { formatDate } from '../../../lib/format';
import { FETCH_LICENSES_FAILED, useLicenses, type License, type Tier } from '../api/get-licenses';
import { expiryBadge, seatHint, visibleSeats } from '../seat-rules';
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

/** The seats the customer holds: a seat revoked by a refund is no longer theirs (docs/rules.md, "Refunds"). */
const held = (licenses: readonly License[]) => licenses.filter((l) => !l.revokedAt);

/**
 * Dashboard block 2 (docs/product.md#screens, #states Seat): the seat table with the plan name, 'bound X / total seats',
 * bound seats first and at most one free seat, the hints and the place of the plan purchase button.
 * The page composes the purchase button and each seat's settings (the AI config modal) into it.
 */
export function LicenseSeatsBlock({ renderPurchase, renderSettings }: LicenseSeatsBlockProps) {
  const query = useLicenses();
  const data = query.data;
  const currentTier = data?.summary.tier ?? null;
  const purchase = renderPurchase?.(currentTier);
  const planName = data?.summary.planName;

  let body;
  if (query.isPending) {
    body = (
      <Center py="md" role="status">
        <Loader size="sm" aria-label="loading licence seats" />
      </Center>
    );
  } else if (query.isError && !data) {
    body = <LoadError error={query.error} text={FETCH_LICENSES_FAILED} />;
  } else if (!data || held(data.licenses).length === 0) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text c="dimmed">no licences available</Text>
        {purchase}
      </Stack>
    );
  } else {
    const { summary } = data;
    const licenses = held(data.licenses);
    const rows = visibleSeats(licenses, summary);
    const hint = seatHint(licenses, summary);
    const now = new Date();
    body = (
      <Stack gap="sm">
        {query.isError && <LoadError error={query.error} text={FETCH_LICENSES_FAILED} />}
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500}>
            bound {summary.bound} / {summary.seatTotal} seats
          </Text>
          {hint && (
            <Text size="sm" c={hint === 'click to bind your site' ? 'blue.8' : 'orange.9'}>
              {hint}
            </Text>
          )}
        </Group>
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>seat number</Table.Th>
                  <Table.Th>domain</Table.Th>
                  <Table.Th>API URL</Table.Th>
                  <Table.Th>API Key</Table.Th>
                  <Table.Th>settings</Table.Th>
                  <Table.Th>update date</Table.Th>
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
          lifetime licence seats{planName ? ` (${planName})` : ''}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
