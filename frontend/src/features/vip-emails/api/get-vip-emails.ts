import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { VipEmailPageAnswer } from '../../../lib/api/types';
import { fetchVipEmailsFailed, VIP_PAGE_SIZE } from '../vip-rules';

export type { VipEmail } from '../../../lib/api/types';

export interface VipEmailPage extends VipEmailPageAnswer {
  /** The search this page answers (client side: counts read it, not the box still being typed in). */
  search: string;
}

export interface VipEmailQuery {
  search: string;
  page: number;
}

export const VIP_EMAILS_PATH = '/apitokens/admin/vip-emails';
export const vipEmailsQueryKey = ['admin', 'vip-emails'] as const;

export async function getVipEmails(
  { search, page }: VipEmailQuery,
  signal?: AbortSignal,
): Promise<VipEmailPage> {
  const answer = await api.GET(VIP_EMAILS_PATH, {
    params: { query: { search: search.trim(), page, pageSize: VIP_PAGE_SIZE } },
    signal,
  });
  return { ...answer, search: search.trim() };
}

/**
 * One page of the list, searched on the server; the previous page stays up while the next loads. A
 * failure toasts 'Failed to fetch VIP emails' (docs/product.md#errors), which the page shows too.
 */
export const vipEmailsQueryOptions = (query: VipEmailQuery) =>
  queryOptions({
    queryKey: [...vipEmailsQueryKey, { search: query.search.trim(), page: query.page }],
    queryFn: ({ signal }) => getVipEmails(query, signal),
    placeholderData: keepPreviousData,
    meta: { errorText: fetchVipEmailsFailed() },
  });
