import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../api/get-orders';

/**
 * docs/product.md#states: colours of order statuses (expired: orange, between pending and failed); their
 * labels are the orders catalogue's `status.<status>` (Paid, Pending, ... / 已支付, 待支付, ..., 已退款).
 */
export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = {
  paid: 'green',
  pending: 'yellow',
  failed: 'red',
  cancelled: 'gray',
  expired: 'orange',
  refunded: 'indigo',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  const known = status in ORDER_STATUS_COLOURS;
  return (
    <Badge variant="light" color={known ? ORDER_STATUS_COLOURS[status] : 'gray'}>
      {known ? t(`status.${status}`) : status}
    </Badge>
  );
}
