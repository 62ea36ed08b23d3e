import { Badge } from '@mantine/core';
import type { OrderStatus } from '../api/get-orders';

/** docs/product.md#states: labels and colours of order statuses (expired: orange, between pending and failed). */
export const ORDER_STATUS: Record<OrderStatus, { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  expired: { label: 'Expired', color: 'orange' },
  refunded: { label: 'Refunded', color: 'indigo' },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const known = ORDER_STATUS[status] ?? { label: status, color: 'gray' };
  return (
    <Badge variant="light" color={known.color}>
      {known.label}
    </Badge>
  );
}
