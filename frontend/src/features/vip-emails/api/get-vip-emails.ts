import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rethrowAs } from '../../../lib/admin-errors';
import { apiClient } from '../../../lib/api-client';
import { FETCH_VIP_EMAILS_FAILED, VIP_PAGE_SIZE } from '../vip-rules';

/** Spec §3 VIP entry, plus whether the address is an admin's (those cannot be removed). */
export interface VipEmail {
  email: string;
  addedAt: string;
  addedBy: string;
  isAdmin: boolean;
}

export interface Pagination {
  page: number;
  pageSize: number;
  total: number;
}

export interface VipEmailPage {
  vipEmails: VipEmail[];
  pagination: Pagination;
  /** Every listed address, whatever the search. */
  totalAll: number;
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
  try {
    const answer = await apiClient.get<Partial<VipEmailPage> | null>(VIP_EMAILS_PATH, {
      query: { search: search.trim(), page, pageSize: VIP_PAGE_SIZE },
      signal,
    });
    const vipEmails = answer?.vipEmails ?? [];
    const pagination = answer?.pagination ?? {
      page,
      pageSize: VIP_PAGE_SIZE,
      total: vipEmails.length,
    };
    return {
      vipEmails,
      pagination,
      totalAll: answer?.totalAll ?? pagination.total,
      search: search.trim(),
    };
  } catch (error) {
    return rethrowAs(error, FETCH_VIP_EMAILS_FAILED);
  }
}

/** One page of the list, searched on the server; the previous page stays up while the next loads. */
export const vipEmailsQueryOptions = (query: VipEmailQuery) =>
  queryOptions({
    queryKey: [...vipEmailsQueryKey, { search: query.search.trim(), page: query.page }],
    queryFn: ({ signal }) => getVipEmails(query, signal),
    placeholderData: keepPreviousData,
  });

export const useVipEmails = (query: VipEmailQuery) => useQuery(vipEmailsQueryOptions(query));
