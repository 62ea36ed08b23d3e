import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import type { AdminOrderDetailAnswer, AdminOrderPage, Order } from '../../../lib/api/types';

export type {
  AdminOrder,
  AdminOrderDetail,
  AdminOrderDetailAnswer,
  AdminOrderPage,
} from '../../../lib/api/types';

export const ADMIN_ORDERS_PATH = '/api/admin/orders';
/** 20 a page, like the other admin lists. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const adminOrdersQueryKey = ['admin', 'orders'] as const;

export type AdminOrderSort = 'time_desc' | 'time_asc' | 'amount_desc' | 'amount_asc';

/** What the list asks the server for; '' means no filter. */
export interface AdminOrderCriteria {
  q: string;
  status: string;
  paymentMethod: string;
  tier: string;
  needsRefund: boolean;
  /** One customer's orders (from the subscription overview's link). */
  userId: string;
  /** ISO instants: from inclusive, to exclusive (see dayRange). */
  from: string;
  to: string;
  sort: AdminOrderSort;
  page: number;
}

/** The query string of the criteria: empty filters are left out. */
export function adminOrdersQuery(c: AdminOrderCriteria) {
  return {
    q: c.q.trim() || undefined,
    status: (c.status || undefined) as never,
    paymentMethod: c.paymentMethod || undefined,
    tier: (c.tier || undefined) as never,
    needsRefund: c.needsRefund ? ('true' as const) : undefined,
    userId: c.userId || undefined,
    from: c.from || undefined,
    to: c.to || undefined,
    sort: c.sort,
    page: c.page,
    pageSize: ADMIN_ORDERS_PAGE_SIZE,
  };
}

/**
 * The CSV export of the orders the list shows (docs/product.md, "Orders CSV export"): the same filters and
 * sort, every page (no page or page size); a plain link, so the browser downloads the streamed file.
 */
export function adminOrdersExportHref(c: AdminOrderCriteria) {
  const query = new URLSearchParams();
  const { page: _page, pageSize: _pageSize, ...filters } = adminOrdersQuery(c);
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined) query.set(key, String(value));
  return `${ADMIN_ORDERS_PATH}/export.csv?${query}`;
}

export const adminOrdersQueryOptions = (c: AdminOrderCriteria) => {
  const query = adminOrdersQuery(c);
  return queryOptions({
    queryKey: [...adminOrdersQueryKey, 'list', query],
    queryFn: ({ signal }): Promise<AdminOrderPage> =>
      api.GET(ADMIN_ORDERS_PATH, { params: { query }, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: adminRequestFailed() },
  });
};

/** How many paid orders are flagged for a refund (the quick filter's badge). */
export const needsRefundCountQueryOptions = () =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, 'needs-refund-count'],
    queryFn: async ({ signal }) =>
      (
        await api.GET(ADMIN_ORDERS_PATH, {
          params: { query: { needsRefund: 'true', pageSize: 1 } },
          signal,
        })
      ).pagination.total,
    meta: { silent: true },
  });

export const adminOrderDetailQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, 'detail', orderId],
    queryFn: ({ signal }): Promise<AdminOrderDetailAnswer> =>
      api.GET(`${ADMIN_ORDERS_PATH}/{orderId}`, { params: { path: { orderId } }, signal }),
    meta: { silent: true },
  });

export const useAdminOrderDetail = (orderId: string | null) =>
  useQuery({ ...adminOrderDetailQueryOptions(orderId ?? ''), enabled: Boolean(orderId) });

/**
 * The whole refund of a paid order (POST …/:orderId/refund, idempotent on the server). Errors are shown
 * by the confirmation itself; every admin orders query is refreshed after any answer.
 */
export function useRefundOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string): Promise<{ order: Order }> =>
      api.POST(`${ADMIN_ORDERS_PATH}/{orderId}/refund`, {
        params: { path: { orderId } },
        body: {},
      }),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
