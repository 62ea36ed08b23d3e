import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { plansQueryKey } from './query-keys';
import type { PlanList } from './types';

/** A plan as the picker gets it for this user (docs/product.md#data Plan, plus where it stands for the user). */
export type { Plan } from './types';
export type PlansResponse = PlanList;

export function getPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return api.GET('/api/plans', { signal });
}

/** The catalogue for this user; refreshed (with the licences) once a payment activates a plan. */
export const plansQueryOptions = () =>
  queryOptions({ queryKey: plansQueryKey, queryFn: ({ signal }) => getPlans(signal) });

export const usePlans = () => useQuery(plansQueryOptions());

/** Whether there is anything to buy: the dashed 'buy or upgrade plan' button shows only then. */
export const hasPurchasablePlan = (answer: PlansResponse | undefined): boolean =>
  Boolean(answer?.plans.some((plan) => plan.state === 'purchasable'));
