import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { licensesQueryKey, ordersQueryKey, plansQueryKey } from '../../lib/api/query-keys';

/** 'payment succeeded, plan activated' in the active language (plans catalogue). */
export const planActivatedText = () => i18n.t('plans:activated');

/**
 * A paid order (docs/product.md#states Payment order): the new seats, the orders and the plan list (the current tier
 * changed) are refreshed, and the success toast shows (`notify`: the payment modal's links the receipt).
 */
export function activatePlan(
  client: QueryClient,
  notify: () => void = () => notifySuccess(planActivatedText()),
) {
  notify();
  for (const queryKey of [licensesQueryKey, ordersQueryKey, plansQueryKey])
    void client.invalidateQueries({ queryKey });
}
