import { Anchor, Badge, Code, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListError, ListLoading } from '../../../components/server-list';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { auditChanges } from '../../../lib/audit-format';
import { useAuditLabels } from '../../../lib/audit-labels';
import { usePlanNames } from '../../../lib/plan-names';
import { useAdminOrderDetail, type AdminOrderDetail } from '../api/admin-orders';
import {
  canRefund,
  endReasonLabel,
  gatewayLabel,
  methodLabel,
  ORDER_STATUS_COLOURS,
  orderChangeLabel,
  refundStatusLabel,
  statusLabel,
} from '../admin-orders-rules';
import { RefundButton } from './RefundButton';

export function StatusBadge({ status }: { status: string }) {
  useTranslation('adminOrders'); // re-rendered on a language switch
  return (
    <Badge variant="light" color={ORDER_STATUS_COLOURS[status] ?? 'gray'} tt="none">
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
  const { t } = useTranslation('adminOrders');
  const names = usePlanNames();
  return (
    <Stack gap="md">
      <Group gap="sm">
        <StatusBadge status={order.status} />
        {order.needsRefund && order.status === 'paid' && (
          <Badge color="red" variant="filled" tt="none">
            {t('detail.needsRefund')}
          </Badge>
        )}
        {order.refundStatus && order.status !== 'refunded' && (
          <Badge color="orange" variant="light" tt="none">
            {refundStatusLabel(order.refundStatus)}
          </Badge>
        )}
      </Group>
      {order.needsRefund && order.needsRefundReason && (
        <Text size="sm" c="red">
          {t('detail.why', { reason: order.needsRefundReason })}
        </Text>
      )}
      <Rows
        label={t('detail.breakdown')}
        rows={[
          [
            t('detail.plan'),
            t('detail.planValue', {
              product: names.product({ productName: order.productName, tier: order.tier }),
              tier: names.plan(order.tier),
              count: order.seatCount,
            }),
          ],
          [
            t('detail.upgradedFrom'),
            order.upgradedFromTier ? names.plan(order.upgradedFromTier) : '-',
          ],
          [t('detail.listPrice'), formatYuan(order.listPrice)],
          [
            t('detail.deduction'),
            order.deduction ? `-${formatYuan(order.deduction)}` : formatYuan(0),
          ],
          [
            t('detail.discount'),
            order.discountCode
              ? `-${formatYuan(order.discountAmount)} (${order.discountCode})`
              : formatYuan(order.discountAmount),
          ],
          [
            t('detail.amount'),
            <Text key="amount" fw={600}>
              {formatYuan(order.amount)}
            </Text>,
          ],
        ]}
      />
      <Rows
        label={t('detail.customer')}
        rows={[
          [
            t('detail.email'),
            <Anchor
              key="email"
              component={Link}
              to={`/admin/customers/${encodeURIComponent(order.customerId)}`}
              title={t('detail.customerPage')}
            >
              {order.customerEmail}
            </Anchor>,
          ],
          [t('detail.customerId'), <Code key="id">{order.customerId}</Code>],
          [
            t('detail.orders'),
            <Anchor
              key="orders"
              component={Link}
              to={`/admin/orders?userId=${encodeURIComponent(order.customerId)}`}
            >
              {t('detail.allOrders')}
            </Anchor>,
          ],
        ]}
      />
      <Rows
        label={t('detail.gateway')}
        rows={[
          [t('detail.gateway'), gatewayLabel(order.paymentGateway)],
          [t('detail.paidWith'), order.paymentMethod && methodLabel(order.paymentMethod)],
          [t('detail.tradeNo'), order.tradeNo],
          [t('detail.created'), formatDateTime(order.createdAt)],
          [t('detail.paid'), formatDateTime(order.paidAt)],
          [t('detail.cancelled'), formatDateTime(order.cancelledAt)],
          [t('detail.failure'), order.endReason && endReasonLabel(order.endReason)],
          [t('detail.refundNo'), order.refundNo],
          [t('detail.refundId'), order.refundId],
          [
            t('detail.refundRequested'),
            order.refundRequestedAt
              ? t('detail.requestedBy', {
                  date: formatDateTime(order.refundRequestedAt),
                  who: order.refundRequestedBy ?? '-',
                })
              : '-',
          ],
          [t('detail.refunded'), formatDateTime(order.refundedAt)],
          [t('detail.refundError'), order.refundError],
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
  const { t } = useTranslation('adminOrders');
  const audit = useAuditLabels();
  const detail = useAdminOrderDetail(orderId);
  return (
    <Drawer
      opened={Boolean(orderId)}
      onClose={onClose}
      position="right"
      size="lg"
      title={orderId ? t('detail.title', { orderId }) : ''}
    >
      {detail.isPending ? (
        <ListLoading label={t('detail.loading')} />
      ) : detail.isError ? (
        <ListError
          message={describeError(detail.error, adminRequestFailed())}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <Stack gap="lg">
          <Detail order={detail.data.order} />
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('detail.audit')}
            </Title>
            {detail.data.audit.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('detail.noAudit')}
              </Text>
            ) : (
              <Table verticalSpacing={4} aria-label={t('detail.auditLabel')} striped>
                <Table.Tbody>
                  {detail.data.audit.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td w={150}>
                        <Text size="xs">{formatDateTime(entry.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" tt="none" size="sm" title={entry.action}>
                          {audit.action(entry.action)}
                        </Badge>
                        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {audit.actor(entry.actor)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {auditChanges(entry.before, entry.after).map((raw) => {
                          const c = orderChangeLabel(raw);
                          return (
                            <Text
                              key={raw.key || 'value'}
                              size="xs"
                              style={{ wordBreak: 'break-all' }}
                            >
                              {c.key && <Code>{c.key}</Code>} {c.from} → {c.to}
                            </Text>
                          );
                        })}
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
