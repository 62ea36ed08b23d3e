import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePagedSearchList } from '../../components/use-paged-search-list';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrdersQueryOptions,
  type AdminOrderCriteria,
  type AdminOrderSort,
} from './api/admin-orders';

/** No filter on that field. */
export const ALL = '';

/** A day from the URL (YYYY-MM-DD), or none. */
const dayParam = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';

/** The list's filters but the search and the page. */
export type AdminOrderFilters = Omit<AdminOrderCriteria, 'q' | 'page'>;

/** How the filter bar changes the filters it shows. */
export interface AdminOrderFilterSetters {
  setStatus: (value: string) => void;
  setPaymentMethod: (value: string) => void;
  setTier: (value: string) => void;
  setFromDay: (value: string) => void;
  setToDay: (value: string) => void;
  setSort: (value: AdminOrderSort) => void;
}

/**
 * The admin's orders list and its filters: status, method, plan, dates and sort in the page's state,
 * `?userId=` and `?needsRefund=true` in the URL (the subscription overview links here), the dashboard's
 * `?from=&to=` as the days' first values; 20 a page on the server.
 */
export function useAdminOrdersList() {
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

  const filters: AdminOrderFilters = {
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

  /** Sets or removes a filter kept in the URL; back to page 1. */
  const setUrlFlag = (key: 'needsRefund' | 'userId', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
    list.resetPage();
  };

  const setters: AdminOrderFilterSetters = {
    setStatus,
    setPaymentMethod,
    setTier,
    setFromDay,
    setToDay,
    setSort,
  };
  return { list, filters, setters, setUrlFlag };
}

export type AdminOrdersList = ReturnType<typeof useAdminOrdersList>['list'];
