import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { tierName } from '@seatkeeper/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatYuan } from '../../../lib/format';
import type { AdminOrder } from '../api/admin-orders';
import { canRefund, gatewayLabel } from '../admin-orders-rules';
import { StatusBadge } from './OrderDetailDrawer';
import { RefundButton } from './RefundButton';

/** One order's row: a click anywhere (or on its number, by keyboard) opens it; flagged ones refund here. */
function OrderRow({ order, onOpen }: { order: AdminOrder; onOpen: (orderId: string) => void }) {
  const { t } = useTranslation('adminOrders');
  return (
    <Table.Tr onClick={() => onOpen(order.orderId)} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(order.orderId);
          }}
        >
          {order.orderId}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {order.customerEmail}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {tierName(order.tier)}
          {order.upgradedFromTier && (
            <Text span size="xs" c="dimmed">
              {' '}
              {t('table.from', { plan: tierName(order.upgradedFromTier) })}
            </Text>
          )}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{formatYuan(order.amount)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <StatusBadge status={order.status} />
          {order.needsRefund && order.status === 'paid' && (
            <Badge
              color="red"
              variant="filled"
              tt="none"
              title={order.needsRefundReason ?? undefined}
            >
              {t('table.needsRefund')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{gatewayLabel(order.paymentGateway)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" style={{ wordBreak: 'break-all' }}>
          {order.tradeNo ?? '-'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(order.createdAt)}</Text>
      </Table.Td>
      <Table.Td>
        {order.needsRefund && canRefund(order) && <RefundButton order={order} size="xs" />}
      </Table.Td>
    </Table.Tr>
  );
}

/** The page of orders; `dimmed` while the next page loads. */
export function OrdersTable({
  orders,
  dimmed,
  onOpen,
}: {
  orders: AdminOrder[];
  dimmed: boolean;
  onOpen: (orderId: string) => void;
}) {
  const { t } = useTranslation('adminOrders');
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table
        verticalSpacing="sm"
        striped
        highlightOnHover
        aria-label={t('table.label')}
        style={{ opacity: dimmed ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.order')}</Table.Th>
            <Table.Th>{t('table.customer')}</Table.Th>
            <Table.Th>{t('table.plan')}</Table.Th>
            <Table.Th ta="right">{t('table.amount')}</Table.Th>
            <Table.Th>{t('table.status')}</Table.Th>
            <Table.Th>{t('table.method')}</Table.Th>
            <Table.Th>{t('table.tradeNo')}</Table.Th>
            <Table.Th>{t('table.created')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <OrderRow key={order.orderId} order={order} onOpen={onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
