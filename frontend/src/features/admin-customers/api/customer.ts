import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type {
  CustomerDetail,
  GrantPlanResult,
  SeatActionResult,
  SignOutResult,
} from '../../../lib/api/types';

export type {
  CustomerDetail,
  CustomerSeat,
  GrantPlanResult,
  SeatActionResult,
  SignOutResult,
} from '../../../lib/api/types';

export const CUSTOMER_PATH = '/api/admin/customers/{userId}';
export const customerQueryKey = (userId: string) => ['admin', 'customers', userId] as const;

/** One customer for the admin (docs/rules.md, "Customer support"). The page shows its own states. */
export const customerQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: customerQueryKey(userId),
    queryFn: ({ signal }): Promise<CustomerDetail> =>
      api.GET(CUSTOMER_PATH, { params: { path: { userId } }, signal }),
    meta: { silent: true },
  });

export const useCustomer = (userId: string) => useQuery(customerQueryOptions(userId));

/** The customer's seats and their histories as CSV, in the admin's language (a download link). */
export const customerExportHref = (userId: string) =>
  `/api/admin/customers/${encodeURIComponent(userId)}/export.csv`;

/** The support actions, each with its reason; the page refreshes after any answer. */
export type CustomerAction =
  | { kind: 'grant'; tier: GrantTier; reason: string }
  | { kind: 'reset'; licenseId: string; reason: string }
  | { kind: 'revoke'; licenseId: string; reason: string }
  | { kind: 'signOut'; reason: string };
export type GrantTier = 'basic' | 'vip' | 'pro' | 'ultra';
export type CustomerActionResult = GrantPlanResult | SeatActionResult | SignOutResult;

function send(userId: string, action: CustomerAction): Promise<CustomerActionResult> {
  const path = { userId };
  switch (action.kind) {
    case 'grant':
      return api.POST(`${CUSTOMER_PATH}/grant-plan`, {
        params: { path },
        body: { tier: action.tier, reason: action.reason },
      });
    case 'reset':
      return api.POST(`${CUSTOMER_PATH}/licenses/{licenseId}/reset-changes`, {
        params: { path: { ...path, licenseId: action.licenseId } },
        body: { reason: action.reason },
      });
    case 'revoke':
      return api.POST(`${CUSTOMER_PATH}/licenses/{licenseId}/revoke`, {
        params: { path: { ...path, licenseId: action.licenseId } },
        body: { reason: action.reason },
      });
    case 'signOut':
      return api.POST(`${CUSTOMER_PATH}/sign-out`, {
        params: { path },
        body: { reason: action.reason },
      });
  }
}

/** Runs one support action; errors are shown by the confirmation itself. */
export function useCustomerAction(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: CustomerAction) => send(userId, action),
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: customerQueryKey(userId) }),
  });
}
