import { Anchor, Badge, Code, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListError, ListLoading } from '../../../components/server-list';
import { ADMIN_REQUEST_FAILED } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { auditChanges } from '../../audit/audit-format';
import { tierName } from '@seatkeeper/domain';
import { useAdminOrderDetail, type AdminOrderDetail } from '../api/admin-orders';
import {
  canRefund,
  gatewayLabel,
  ORDER_STATUS_LABELS,
  REFUND_STATUS_LABELS,
  statusLabel,
} from '../admin-orders-rules';
import { RefundButton } from './RefundButton';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={ORDER_STATUS_LABELS[status]?.color ?? 'gray'} tt="none">
      {statusLabel(status)}
    </Badge>
  );
}

function Rows({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {label}
      </Title>
      <Table verticalSpacing={4} aria-label={label} withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w={170} fw={400} c="dimmed">
                {name}
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{value ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Detail({ order }: { order: AdminOrderDetail }) {
  return (
    <Stack gap="md">
      <Group gap="sm">
        <StatusBadge status={order.status} />
        {order.needsRefund && order.status === 'paid' && (
          <Badge color="red" variant="filled" tt="none">
            needs a refund
          </Badge>
        )}
        {order.refundStatus && order.status !== 'refunded' && (
          <Badge color="orange" variant="light" tt="none">
            {REFUND_STATUS_LABELS[order.refundStatus] ?? order.refundStatus}
          </Badge>
        )}
      </Group>
      {order.needsRefund && order.needsRefundReason && (
        <Text size="sm" c="red">
          Why it needs a refund: {order.needsRefundReason}
        </Text>
      )}
      <Rows
        label="Breakdown"
        rows={[
          ['Plan', `${order.productName} (${tierName(order.tier)}, ${order.seatCount} seats)`],
          ['Upgraded from', order.upgradedFromTier ? tierName(order.upgradedFromTier) : '-'],
          ['List price', formatYuan(order.listPrice)],
          ['Deduction', order.deduction ? `-${formatYuan(order.deduction)}` : formatYuan(0)],
          [
            'Discount',
            order.discountCode
              ? `-${formatYuan(order.discountAmount)} (${order.discountCode})`
              : formatYuan(order.discountAmount),
          ],
          [
            'Amount',
            <Text key="amount" fw={600}>
              {formatYuan(order.amount)}
            </Text>,
          ],
        ]}
      />
      <Rows
        label="Customer"
        rows={[
          ['E-mail', order.customerEmail],
          ['Customer id', <Code key="id">{order.customerId}</Code>],
          [
            'Orders',
            <Anchor
              key="orders"
              component={Link}
              to={`/admin/orders?userId=${encodeURIComponent(order.customerId)}`}
            >
              all orders of this customer
            </Anchor>,
          ],
        ]}
      />
      <Rows
        label="Gateway"
        rows={[
          ['Gateway', gatewayLabel(order.paymentGateway)],
          ['Paid with', order.paymentMethod],
          ['Trade number', order.tradeNo],
          ['Created', formatDateTime(order.createdAt)],
          ['Paid', formatDateTime(order.paidAt)],
          ['Cancelled', formatDateTime(order.cancelledAt)],
          ['Failure', order.failureReason],
          ['Refund number', order.refundNo],
          ['Refund id', order.refundId],
          [
            'Refund requested',
            order.refundRequestedAt
              ? `${formatDateTime(order.refundRequestedAt)} by ${order.refundRequestedBy ?? '-'}`
              : '-',
          ],
          ['Refunded', formatDateTime(order.refundedAt)],
          ['Refund error', order.refundError],
        ]}
      />
      {canRefund(order) && <RefundButton order={order} />}
    </Stack>
  );
}

/** One order for the admin (docs/product.md, back office): breakdown, customer, gateway fields, audit trail. */
export function OrderDetailDrawer({
  orderId,
  onClose,
}: {
  orderId: string | null;
  onClose: () => void;
}) {
  const detail = useAdminOrderDetail(orderId);
  return (
    <Drawer
      opened={Boolean(orderId)}
      onClose={onClose}
      position="right"
      size="lg"
      title={orderId ? `Order ${orderId}` : ''}
    >
      {detail.isPending ? (
        <ListLoading label="loading the order" />
      ) : detail.isError ? (
        <ListError
          message={describeError(detail.error, ADMIN_REQUEST_FAILED)}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <Stack gap="lg">
          <Detail order={detail.data.order} />
          <Stack gap={4}>
            <Title order={3} size="h5">
              Audit trail
            </Title>
            {detail.data.audit.length === 0 ? (
              <Text size="sm" c="dimmed">
                no audit entries
              </Text>
            ) : (
              <Table verticalSpacing={4} aria-label="audit trail" striped>
                <Table.Tbody>
                  {detail.data.audit.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td w={150}>
                        <Text size="xs">{formatDateTime(entry.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" tt="none" size="sm">
                          {entry.action}
                        </Badge>
                        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {entry.actor}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {auditChanges(entry.before, entry.after).map((c) => (
                          <Text key={c.key || 'value'} size="xs" style={{ wordBreak: 'break-all' }}>
                            {c.key && <Code>{c.key}</Code>} {c.from} → {c.to}
                          </Text>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
