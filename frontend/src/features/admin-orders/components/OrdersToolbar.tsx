import { Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListPageCount } from '../../../components/server-list';
import { formatYuan } from '../../../lib/format';
import { adminOrdersExportHref, needsRefundCountQueryOptions } from '../api/admin-orders';
import type { AdminOrderFilters, AdminOrdersList } from '../use-admin-orders-list';

/**
 * Under the filters: the needs-refund toggle with the flagged count, leaving one customer's orders, the
 * CSV export of what the list shows, the count and the filtered orders' money (all pages).
 */
export function OrdersToolbar({
  list,
  filters,
  setUrlFlag,
}: {
  list: AdminOrdersList;
  filters: AdminOrderFilters;
  setUrlFlag: (key: 'needsRefund' | 'userId', value: string | null) => void;
}) {
  const { t } = useTranslation('adminOrders');
  const flagged = useQuery(needsRefundCountQueryOptions());
  const { needsRefund, userId } = filters;
  return (
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
      {list.data && (filters.from || filters.to) && (
        <Text size="xs" c="dimmed" pb={8}>
          {t('filters.totalsHint')}
        </Text>
      )}
    </Group>
  );
}
