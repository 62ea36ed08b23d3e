import type { Tier } from '../../licenses/api/get-licenses';

export interface PlanPurchaseButtonProps {
  /** The user's current tier (highest purchaseTier), or null without licences. */
  currentTier: Tier | null;
  /** From the dashboard's VIP initialisation: only VIP holders see the VIP card. */
  isVip: boolean;
}

/**
 * Slot for the dashed 'buy or upgrade plan' button, its plan picker and the payment modal (spec §2
 * block 2; built by the plan purchase issue, against /api/plans and /api/payments/create). It renders
 * nothing until then, so the seat table already has its place.
 */
export function PlanPurchaseButton(_props: PlanPurchaseButtonProps) {
  return null;
}
