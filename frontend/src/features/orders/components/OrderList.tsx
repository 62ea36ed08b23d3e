import type { ReactNode } from 'react';
import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../../../components/PreloadLink';
import { formatDate, formatYuan } from '../../../lib/format';
import { usePlanNames } from '../../../lib/plan-names';
import { useOrders, type Order } from '../api/get-orders';
import { OrderStatusBadge } from './OrderStatusBadge';

function Detail({ label, value }: { label: string; value: ReactNode }) {
  const { t } = useTranslation('orders');
  return (
    <Text size="sm" c="dimmed">
      {t('detail', { label })}
      <Text span inherit c="var(--mantine-color-text)">
        {value}
      </Text>
    </Text>
  );
}

/** The order number links to the order's receipt (/orders/:orderId). */
function ReceiptLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  return (
    <Anchor
      component={PreloadLink}
      to={`/orders/${encodeURIComponent(orderId)}`}
      inherit
      aria-label={t('receiptOf', { orderId })}
    >
      {orderId}
    </Anchor>
  );
}

/** A method's name in the active language (alipay, wechat, sandbox); another value as it is. */
function useMethodName() {
  const { t, i18n } = useTranslation('orders');
  return (method: string) =>
    i18n.exists(`orders:methods.${method}`) ? t(`methods.${method}`) : method;
}

/**
 * Why an order ended unpaid, in the active language (the server answers a code and its parameter:
 * backend/src/orders/order-end-reason.ts); a reason the screen does not know, as the server wrote it.
 */
function useEndReason() {
  const { t, i18n } = useTranslation('orders');
  return (reason: NonNullable<Order['endReason']>) =>
    i18n.exists(`orders:endReason.${reason.code}`)
      ? t(`endReason.${reason.code}`, {
          orderId: reason.orderId ?? '',
          detail: reason.detail ?? '',
        })
      : (reason.detail ?? reason.code);
}

function OrderItem({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const endReason = useEndReason();
  const methodName = useMethodName();
  const product = usePlanNames().product({
    productName: order.productName,
    tier: order.subscriptionTier,
  });
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={product}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <Text fw={600}>{product}</Text>
            <OrderStatusBadge status={order.status} />
          </Group>
          <Text fw={700}>{formatYuan(order.amount)}</Text>
        </Group>
        <Group gap="md">
          <Detail label={t('orderNumber')} value={<ReceiptLink orderId={order.orderId} />} />
          <Detail label={t('created')} value={formatDate(order.createdAt)} />
          {order.paidAt && <Detail label={t('paid')} value={formatDate(order.paidAt)} />}
          {order.paymentMethod && (
            <Detail label={t('paymentMethod')} value={methodName(order.paymentMethod)} />
          )}
          {order.endReason && (
            <Detail label={t('endReason.label')} value={endReason(order.endReason)} />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** docs/product.md#screens /orders: the user's orders, newest first, with loading, error and empty states. */
export function OrderList() {
  const { t } = useTranslation('orders');
  const query = useOrders();
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{t('loading')}</Text>
        </Group>
      </Center>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text c="red" role="alert">
          {t('loadError')}
        </Text>
        <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  const orders = query.data ?? [];
  if (orders.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list')}>
      {orders.map((order) => (
        <OrderItem key={order.id} order={order} />
      ))}
    </Stack>
  );
}
