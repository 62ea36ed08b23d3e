import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { PaymentMethodList } from '../../../lib/api/types';

export type { PaymentMethod, PaymentMethodId } from '../../../lib/api/types';

export const paymentMethodsQueryKey = ['payments', 'methods'] as const;

export function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodList> {
  return api.GET('/api/payments/methods', { signal });
}

/**
 * The enabled payment methods, in the store's order (docs/payments.md, "Gateways are a registry"). They
 * change only with the configuration: read once. A failure is silent: the order is then created with
 * `qrcode` (the first enabled method), as before there was a choice.
 */
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentMethodsQueryKey,
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: Infinity,
    meta: { silent: true },
  });

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());
