import type { ReactNode } from 'react';
import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { PreloadLink } from '../../../components/PreloadLink';
import { formatDate, formatYuan } from '../../../lib/format';
import { useOrders, type Order } from '../api/get-orders';
import { OrderStatusBadge } from './OrderStatusBadge';

export const ORDERS_LOADING = 'Loading orders...';
export const ORDERS_ERROR = 'Failed to load orders. Please try again.';
export const NO_ORDERS = 'No orders yet';

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {label}:{' '}
      <Text span inherit c="var(--mantine-color-text)">
        {value}
      </Text>
    </Text>
  );
}

/** The order number links to the order's receipt (/orders/:orderId). */
function ReceiptLink({ orderId }: { orderId: string }) {
  return (
    <Anchor
      component={PreloadLink}
      to={`/orders/${encodeURIComponent(orderId)}`}
      inherit
      aria-label={`Receipt of order ${orderId}`}
    >
      {orderId}
    </Anchor>
  );
}

function OrderItem({ order }: { order: Order }) {
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={order.productName}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <Text fw={600}>{order.productName}</Text>
            <OrderStatusBadge status={order.status} />
          </Group>
          <Text fw={700}>{formatYuan(order.amount)}</Text>
        </Group>
        <Group gap="md">
          <Detail label="Order number" value={<ReceiptLink orderId={order.orderId} />} />
          <Detail label="Created" value={formatDate(order.createdAt)} />
          {order.paidAt && <Detail label="Paid" value={formatDate(order.paidAt)} />}
          {order.paymentMethod && <Detail label="Payment method" value={order.paymentMethod} />}
        </Group>
      </Stack>
    </Paper>
  );
}

/** docs/product.md#screens /orders: the user's orders, newest first, with loading, error and empty states. */
export function OrderList() {
  const query = useOrders();
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{ORDERS_LOADING}</Text>
        </Group>
      </Center>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text c="red" role="alert">
          {ORDERS_ERROR}
        </Text>
        <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </Stack>
    );
  }
  const orders = query.data ?? [];
  if (orders.length === 0) return <Text c="dimmed">{NO_ORDERS}</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="orders">
      {orders.map((order) => (
        <OrderItem key={order.id} order={order} />
      ))}
    </Stack>
  );
}
