import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import type { SubscriptionUser } from '../api/get-subscription-users';
import { AdminDomainCell } from './AdminDomainCell';

export const UNNAMED_USER = 'unnamed user';
export const NOT_YET_PURCHASED = 'not yet purchased';
export const NO_BOUND_SEATS = 'no bound seats';

/**
 * One customer in the overview (docs/product.md#screens): name (or 'unnamed user'), e-mail, tier (or 'not yet
 * purchased'), seats used/total, last order time, and the bound seats with their domains.
 */
export function SubscriptionUserCard({ user }: { user: SubscriptionUser }) {
  const name = user.name?.trim();
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={user.email}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Text fw={600} c={name ? undefined : 'dimmed'} fs={name ? undefined : 'italic'}>
              {name || UNNAMED_USER}
            </Text>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {user.email}
            </Text>
          </Stack>
          <Group gap="md" align="center">
            {user.tierLabel ? (
              <Badge variant="light" color={user.tierLabel === 'VIP' ? 'grape' : 'blue'} tt="none">
                {user.tierLabel}
              </Badge>
            ) : (
              <Badge variant="outline" color="gray" tt="none">
                {NOT_YET_PURCHASED}
              </Badge>
            )}
            <Text size="sm" aria-label="seats used / total">
              seats {user.seatsUsed}/{user.seatCount}
            </Text>
            <Text size="sm" c="dimmed">
              last order: {formatDateTime(user.lastOrderAt)}
            </Text>
            {user.ordersNeedingRefund > 0 && (
              <Badge
                component={Link}
                to={`/admin/orders?userId=${encodeURIComponent(user.userId)}&needsRefund=true`}
                color="red"
                variant="filled"
                tt="none"
                style={{ cursor: 'pointer' }}
                title="Paid orders that granted nothing: open them in the orders list to refund them"
              >
                {user.ordersNeedingRefund === 1
                  ? '1 order needs a refund'
                  : `${user.ordersNeedingRefund} orders need a refund`}
              </Badge>
            )}
          </Group>
        </Group>
        {user.licenses.length === 0 ? (
          <Text size="sm" c="dimmed">
            {NO_BOUND_SEATS}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={6} aria-label={`bound seats of ${user.email}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>seat</Table.Th>
                  <Table.Th>domain</Table.Th>
                  <Table.Th w={180}>binding changes left</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {user.licenses.map((license) => (
                  <Table.Tr key={license.id}>
                    <Table.Td>#{license.seatIndex}</Table.Td>
                    <Table.Td>
                      <AdminDomainCell license={license} />
                    </Table.Td>
                    <Table.Td>{license.bindingChangesLeft}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
