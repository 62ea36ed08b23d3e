import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { TIERS, tierName } from '@seatkeeper/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ListFilters } from '../../../components/ListFilters';
import { ListPageCount, ListPaginator, ListStates } from '../../../components/server-list';
import { usePagedSearchList } from '../../../components/use-paged-search-list';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { formatDateTime, formatYuan } from '../../../lib/format';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrdersExportHref,
  adminOrdersQueryOptions,
  needsRefundCountQueryOptions,
  type AdminOrderSort,
} from '../api/admin-orders';
import {
  canRefund,
  GATEWAYS,
  gatewayLabel,
  ORDER_STATUS_COLOURS,
  statusLabel,
} from '../admin-orders-rules';
import { OrderDetailDrawer, StatusBadge } from './OrderDetailDrawer';
import { RefundButton } from './RefundButton';

const ALL = '';

/** A day from the URL (YYYY-MM-DD), or none. */
const dayParam = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';

/** The sorts and their labels' keys in the adminOrders catalogue. */
const SORTS: { value: AdminOrderSort; key: string }[] = [
  { value: 'time_desc', key: 'filters.newest' },
  { value: 'time_asc', key: 'filters.oldest' },
  { value: 'amount_desc', key: 'filters.highest' },
  { value: 'amount_asc', key: 'filters.lowest' },
];

/**
 * All orders for the admin (docs/product.md, back office): searched by order number, e-mail or trade
 * number, filtered by status, method, plan, needs-refund and dates (the seller's days, as the dashboard's),
 * sorted, 20 a page on the server, with the filtered orders' money (all pages): paid, refunded and net. An order opens in a drawer; paid ones can be refunded from there,
 * and flagged ones from their row too (one confirmation each). `?userId=` and `?needsRefund=true` in the
 * URL preset the filters (the subscription overview links here).
 */
export function AdminOrders() {
  const { t } = useTranslation('adminOrders');
  const [params, setParams] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const needsRefund = params.get('needsRefund') === 'true';
  const [status, setStatus] = useState(ALL);
  const [paymentMethod, setPaymentMethod] = useState(ALL);
  const [tier, setTier] = useState(ALL);
  // The dashboard's "view these orders" link presets the period's days (?from=&to=, YYYY-MM-DD).
  const [fromDay, setFromDay] = useState(() => dayParam(params.get('from')));
  const [toDay, setToDay] = useState(() => dayParam(params.get('to')));
  const [sort, setSort] = useState<AdminOrderSort>('time_desc');
  const [openOrder, setOpenOrder] = useState<string | null>(null);

  const filters = {
    status,
    paymentMethod,
    tier,
    needsRefund,
    userId,
    // Days as they are: the server reads them in the seller's time zone, as the dashboard does.
    from: fromDay,
    to: toDay,
    sort,
  };
  const list = usePagedSearchList(
    ({ search, page }) => adminOrdersQueryOptions({ ...filters, q: search, page }),
    ADMIN_ORDERS_PAGE_SIZE,
  );
  const flagged = useQuery(needsRefundCountQueryOptions());

  const setUrlFlag = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
    list.resetPage();
  };

  return (
    <Stack gap="md">
      <ListFilters
        list={list}
        fields={[
          {
            kind: 'search',
            key: 'q',
            label: t('filters.search'),
            placeholder: t('filters.searchPlaceholder'),
            w: 300,
          },
          {
            kind: 'select',
            key: 'status',
            label: t('filters.status'),
            value: status,
            onChange: setStatus,
            options: [
              { value: ALL, label: t('filters.allStatuses') },
              ...Object.keys(ORDER_STATUS_COLOURS).map((value) => ({
                value,
                label: statusLabel(value),
              })),
            ],
            w: 150,
          },
          {
            kind: 'select',
            key: 'method',
            label: t('filters.method'),
            value: paymentMethod,
            onChange: setPaymentMethod,
            options: [
              { value: ALL, label: t('filters.allMethods') },
              ...GATEWAYS.map((value) => ({ value, label: gatewayLabel(value) })),
            ],
            w: 150,
          },
          {
            kind: 'select',
            key: 'plan',
            label: t('filters.plan'),
            value: tier,
            onChange: setTier,
            options: [
              { value: ALL, label: t('filters.allPlans') },
              ...TIERS.map((t) => ({ value: t, label: tierName(t) })),
            ],
            w: 130,
          },
          {
            kind: 'date',
            key: 'from',
            label: t('filters.from'),
            value: fromDay,
            onChange: setFromDay,
            w: 160,
          },
          {
            kind: 'date',
            key: 'to',
            label: t('filters.to'),
            value: toDay,
            onChange: setToDay,
            w: 160,
          },
          {
            kind: 'select',
            key: 'sort',
            label: t('filters.sort'),
            value: sort,
            onChange: (value) => setSort(value as AdminOrderSort),
            options: SORTS.map(({ value, key }) => ({ value, label: t(key) })),
            w: 160,
          },
        ]}
      />
      <Group gap="sm" align="center">
        <Button
          variant={needsRefund ? 'filled' : 'light'}
          color="red"
          size="xs"
          aria-pressed={needsRefund}
          onClick={() => setUrlFlag('needsRefund', needsRefund ? null : 'true')}
          rightSection={
            flagged.data ? (
              <Badge
                size="sm"
                color={needsRefund ? 'white' : 'red'}
                c={needsRefund ? 'red' : undefined}
                circle
                aria-label={t('filters.needsRefundCount', { count: flagged.data })}
              >
                {flagged.data}
              </Badge>
            ) : null
          }
        >
          {t('filters.needsRefund')}
        </Button>
        {userId && (
          <Button variant="default" size="xs" onClick={() => setUrlFlag('userId', null)}>
            {t('filters.oneCustomer')}
          </Button>
        )}
        <Button
          component="a"
          href={adminOrdersExportHref({ ...filters, q: list.debouncedSearch, page: 1 })}
          download
          variant="default"
          size="xs"
        >
          {t('exportCsv')}
        </Button>
        <ListPageCount list={list} one={t('filters.one')} many={t('filters.many')} />
        {list.data && (
          <Group gap="md" pb={8} role="group" aria-label={t('filters.totalsLabel')}>
            <Text size="sm">{t('filters.paid', { amount: formatYuan(list.data.paidTotal) })}</Text>
            <Text size="sm">
              {t('filters.refunded', { amount: formatYuan(list.data.refundedTotal) })}
            </Text>
            <Text size="sm" fw={600}>
              {t('filters.net', { amount: formatYuan(list.data.netTotal) })}
            </Text>
          </Group>
        )}
        {list.data && (fromDay || toDay) && (
          <Text size="xs" c="dimmed" pb={8}>
            {t('filters.totalsHint')}
          </Text>
        )}
      </Group>
      <ListStates
        list={list}
        loading={t('loading')}
        fallback={adminRequestFailed()}
        retry
        empty={t('empty')}
        items={(data) => data.items}
      >
        {(data) => (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={980}>
              <Table
                verticalSpacing="sm"
                striped
                highlightOnHover
                aria-label={t('table.label')}
                style={{ opacity: list.query.isPlaceholderData ? 0.6 : 1 }}
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
                  {data.items.map((order) => (
                    <Table.Tr
                      key={order.orderId}
                      onClick={() => setOpenOrder(order.orderId)}
                      style={{ cursor: 'pointer' }}
                    >
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          onClick={(e) => {
                            e.stopPropagation();
                            setOpenOrder(order.orderId);
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
                        {order.needsRefund && canRefund(order) && (
                          <RefundButton order={order} size="xs" />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListPaginator list={list} label={t('table.pages')} />
          </Stack>
        )}
      </ListStates>
      <OrderDetailDrawer orderId={openOrder} onClose={() => setOpenOrder(null)} />
    </Stack>
  );
}
