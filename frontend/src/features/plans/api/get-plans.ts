import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Tier } from '../../licenses/api/get-licenses';

export type PlanState = 'current' | 'included' | 'purchasable' | 'unavailable';

/** A plan as the picker gets it for this user (spec §3 Plan, plus where it stands for the user). */
export interface Plan {
  key: Tier;
  /** 'Basic' | 'VIP' | 'Pro' | 'Max'. */
  name: string;
  /** Name plus ' 套餐'. */
  displayName: string;
  /** The tagline (Chinese). */
  description: string;
  seatCount: number;
  priceCents: number;
  upgradeRank: number;
  isPublic: boolean;
  state: PlanState;
  isCurrent: boolean;
  owned: boolean;
  includedInCurrent: boolean;
  purchasable: boolean;
  isUpgrade: boolean;
  /** What the user pays before any discount (cents); null unless purchasable. */
  upgradePrice: number | null;
}

export interface PlansResponse {
  currentTier: Tier | null;
  plans: Plan[];
}

export const plansQueryKey = ['plans'] as const;

export async function getPlans(signal?: AbortSignal): Promise<PlansResponse> {
  const answer = await apiClient.get<PlansResponse | null>('/api/plans', { signal });
  return { currentTier: answer?.currentTier ?? null, plans: answer?.plans ?? [] };
}

/** The catalogue for this user; refreshed (with the licences) once a payment activates a plan. */
export const plansQueryOptions = () =>
  queryOptions({ queryKey: plansQueryKey, queryFn: ({ signal }) => getPlans(signal) });

export const usePlans = () => useQuery(plansQueryOptions());

/** Whether there is anything to buy: the dashed 'buy or upgrade plan' button shows only then. */
export const hasPurchasablePlan = (answer: PlansResponse | undefined): boolean =>
  Boolean(answer?.plans.some((plan) => plan.state === 'purchasable'));
