import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { isApiError } from '../../../lib/api-client';
import { api } from '../../../lib/api/client';
import type {
  AdminOrderDetailAnswer,
  AdminOrderPage,
  Order,
  RefundChain,
  RefundChainResult,
} from '../../../lib/api/types';
import { errorCode } from '../../../lib/errors';

export type {
  AdminOrder,
  AdminOrderDetail,
  AdminOrderDetailAnswer,
  AdminOrderPage,
  RefundChain,
  RefundChainOrder,
  RefundChainResult,
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
  /** Days (YYYY-MM-DD), both included, read by the server in the seller's time zone. */
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

/**
 * What a refund of this order takes (GET …/:orderId/refund-chain; docs/rules.md, "Refunds"): the standing
 * upgrades priced against it, latest first, then the order itself (one order when there is no chain).
 * Asked again each time the confirmation opens; refreshed with every admin orders query after a refund.
 */
export const refundChainQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, 'refund-chain', orderId],
    queryFn: ({ signal }): Promise<RefundChain> =>
      api.GET(`${ADMIN_ORDERS_PATH}/{orderId}/refund-chain`, {
        params: { path: { orderId } },
        signal,
      }),
    staleTime: 0,
    meta: { silent: true },
  });

export const useRefundChain = (orderId: string, enabled: boolean) =>
  useQuery({ ...refundChainQueryOptions(orderId), enabled });

/**
 * The refund of an order with every standing upgrade priced against it, latest first (POST
 * …/:orderId/refund-chain). It stops at a gateway's refusal (REFUND_FAILED naming the order; the ones
 * before stay refunded) or at a refund still pending (`remaining`: the orders left for later). Errors are
 * shown by the confirmation; every admin orders query is refreshed after any answer.
 */
export function useRefundOrderChain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string): Promise<RefundChainResult> =>
      api.POST(`${ADMIN_ORDERS_PATH}/{orderId}/refund-chain`, {
        params: { path: { orderId } },
        body: {},
      }),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}

/** A body field of a refused refund (REFUND_LATER_UPGRADE_FIRST's refundFirst, REFUND_FAILED's orderId). */
function refusalField(error: unknown, field: string): string | null {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return null;
  const value = (error.body as Record<string, unknown>)[field];
  return typeof value === 'string' && value ? value : null;
}

/**
 * The later upgrade a single refund was refused for (409 REFUND_LATER_UPGRADE_FIRST: `refundFirst`, the
 * latest standing upgrade priced against the order), or null for any other answer.
 */
export const laterUpgradeFirst = (error: unknown): string | null =>
  errorCode(error) === 'REFUND_LATER_UPGRADE_FIRST' ? refusalField(error, 'refundFirst') : null;

/** The order a chain refund stopped at when its gateway refused (REFUND_FAILED's `orderId`), or null. */
export const refusedOrderOf = (error: unknown): string | null =>
  errorCode(error) === 'REFUND_FAILED' ? refusalField(error, 'orderId') : null;
