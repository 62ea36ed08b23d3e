import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import type { SubscriptionUser } from '../api/get-subscription-users';
import { AdminDomainCell } from './AdminDomainCell';

/**
 * One customer in the overview (docs/product.md#screens): name (or 'unnamed user'), e-mail, tier (or 'not yet
 * purchased'), seats used/total, last order time, and the bound seats with their domains; a revoked one
 * (status 'revoked': refunded or revoked by an admin) is marked so, as it licenses nothing and does not count.
 */
export function SubscriptionUserCard({ user }: { user: SubscriptionUser }) {
  const { t } = useTranslation('adminSubscriptions');
  const name = user.name?.trim();
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={user.email}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            {/* The customer's page (docs/rules.md, "Customer support"). */}
            <Text
              component={Link}
              to={`/admin/customers/${encodeURIComponent(user.userId)}`}
              fw={600}
              c={name ? undefined : 'dimmed'}
              fs={name ? undefined : 'italic'}
              td="underline"
            >
              {name || t('card.unnamed')}
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
                {t('card.notPurchased')}
              </Badge>
            )}
            <Text size="sm" aria-label={t('card.seatsLabel')}>
              {t('card.seats', { used: user.seatsUsed, total: user.seatCount })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('card.lastOrder', { date: formatDateTime(user.lastOrderAt) })}
            </Text>
            {user.ordersNeedingRefund > 0 && (
              <Badge
                component={Link}
                to={`/admin/orders?userId=${encodeURIComponent(user.userId)}&needsRefund=true`}
                color="red"
                variant="filled"
                tt="none"
                style={{ cursor: 'pointer' }}
                title={t('card.needsRefundHint')}
              >
                {t('card.needsRefund', { count: user.ordersNeedingRefund })}
              </Badge>
            )}
          </Group>
        </Group>
        {user.licenses.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('card.noBoundSeats')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={6} aria-label={t('card.boundSeats', { email: user.email })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>{t('card.seat')}</Table.Th>
                  <Table.Th>{t('card.domain')}</Table.Th>
                  <Table.Th w={180}>{t('card.changesLeft')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {user.licenses.map((license) => (
                  <Table.Tr key={license.id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm">#{license.seatIndex}</Text>
                        {license.status === 'revoked' && (
                          <Badge
                            size="sm"
                            color="red"
                            variant="light"
                            tt="none"
                            title={t('card.revokedHint')}
                          >
                            {t('card.revoked')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
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
