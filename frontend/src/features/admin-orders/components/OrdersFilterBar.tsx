import { TIERS, tierName } from '@seatkeeper/domain';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../../components/ListFilters';
import type { AdminOrderSort } from '../api/admin-orders';
import { GATEWAYS, gatewayLabel, ORDER_STATUS_COLOURS, statusLabel } from '../admin-orders-rules';
import {
  ALL,
  type AdminOrderFilters,
  type AdminOrderFilterSetters,
  type AdminOrdersList,
} from '../use-admin-orders-list';

/** The sorts and their labels' keys in the adminOrders catalogue. */
const SORTS: { value: AdminOrderSort; key: string }[] = [
  { value: 'time_desc', key: 'filters.newest' },
  { value: 'time_asc', key: 'filters.oldest' },
  { value: 'amount_desc', key: 'filters.highest' },
  { value: 'amount_asc', key: 'filters.lowest' },
];

/** The orders' search, status, method, plan, days and sort. */
export function OrdersFilterBar({
  list,
  filters,
  setters,
}: {
  list: AdminOrdersList;
  filters: AdminOrderFilters;
  setters: AdminOrderFilterSetters;
}) {
  const { t } = useTranslation('adminOrders');
  return (
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
          value: filters.status,
          onChange: setters.setStatus,
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
          value: filters.paymentMethod,
          onChange: setters.setPaymentMethod,
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
          value: filters.tier,
          onChange: setters.setTier,
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
          value: filters.from,
          onChange: setters.setFromDay,
          w: 160,
        },
        {
          kind: 'date',
          key: 'to',
          label: t('filters.to'),
          value: filters.to,
          onChange: setters.setToDay,
          w: 160,
        },
        {
          kind: 'select',
          key: 'sort',
          label: t('filters.sort'),
          value: filters.sort,
          onChange: (value) => setters.setSort(value as AdminOrderSort),
          options: SORTS.map(({ value, key }) => ({ value, label: t(key) })),
          w: 160,
        },
      ]}
    />
  );
}
