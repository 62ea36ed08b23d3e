import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPaginator, ListStates } from '../../../components/server-list';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { useAdminOrdersList } from '../use-admin-orders-list';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { OrdersFilterBar } from './OrdersFilterBar';
import { OrdersTable } from './OrdersTable';
import { OrdersToolbar } from './OrdersToolbar';

/**
 * All orders for the admin (docs/product.md, back office): searched by order number, e-mail or trade
 * number, filtered by status, method, plan, needs-refund and dates (the seller's days, as the dashboard's),
 * sorted, 20 a page on the server, with the filtered orders' money (all pages): paid, refunded and net. An order opens in a drawer; paid ones can be refunded from there,
 * and flagged ones from their row too (one confirmation each). `?userId=` and `?needsRefund=true` in the
 * URL preset the filters (the subscription overview links here).
 */
export function AdminOrders() {
  const { t } = useTranslation('adminOrders');
  const { list, filters, setters, setUrlFlag } = useAdminOrdersList();
  const [openOrder, setOpenOrder] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <OrdersFilterBar list={list} filters={filters} setters={setters} />
      <OrdersToolbar list={list} filters={filters} setUrlFlag={setUrlFlag} />
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
            <OrdersTable
              orders={data.items}
              dimmed={list.query.isPlaceholderData}
              onOpen={setOpenOrder}
            />
            <ListPaginator list={list} label={t('table.pages')} />
          </Stack>
        )}
      </ListStates>
      <OrderDetailDrawer orderId={openOrder} onClose={() => setOpenOrder(null)} />
    </Stack>
  );
}
