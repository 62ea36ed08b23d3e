import { Button } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOnIntent } from '../../../lib/preload';
import { useLicenses, type License, type Tier } from '../../licenses/api/get-licenses';
import { hasPurchasablePlan, usePlans } from '../api/get-plans';

export interface PlanPurchaseButtonProps {
  /** The user's current tier (highest purchaseTier), or null without licences. */
  currentTier: Tier | null;
  /** From the dashboard's VIP initialisation: only VIP holders see the VIP card. */
  isVip: boolean;
  /** A plan a link asked for (/dashboard?buy=pro): the picker opens at once with it marked. */
  preselect?: Tier | null;
}

/** The picker, the payment modal and the QR code library come in their own chunk, on intent or first use. */
const { Component: PlanPurchaseFlow, intent } = lazyOnIntent(() =>
  import('./PlanPurchaseFlow').then((m) => m.default),
);

/** docs/product.md#states Vip rights: an active vip licence in the licence list. */
export const holdsVipLicense = (licenses: readonly License[] | undefined): boolean =>
  Boolean(licenses?.some((l) => l.status === 'active' && l.tier === 'vip'));

/**
 * The dashed 'buy or upgrade plan' button of the seat block (docs/product.md#screens), shown when the plan list has
 * something to buy. It opens the plan picker; the payment modal follows from there.
 */
export function PlanPurchaseButton(props: PlanPurchaseButtonProps) {
  // The plans catalogue comes with the console page (its namespaces); should it not have, the button
  // waits for it here instead of suspending the whole seat block.
  return (
    <Suspense fallback={null}>
      <PurchaseButton {...props} />
    </Suspense>
  );
}

function PurchaseButton({ isVip, preselect = null }: PlanPurchaseButtonProps) {
  const { t } = useTranslation('plans');
  const plans = usePlans();
  const licenses = useLicenses();
  // A link that names a plan (/dashboard?buy=pro, from the pricing page) opens the picker at once.
  const [opened, setOpened] = useState(Boolean(preselect));
  // Mounted on the first click and kept, so a payment modal outlives the picker (and the button).
  const [started, setStarted] = useState(Boolean(preselect));
  const isVipHolder = isVip || holdsVipLicense(licenses.data?.licenses);

  return (
    <>
      {hasPurchasablePlan(plans.data) && (
        <Button
          variant="default"
          fullWidth
          styles={{ root: { borderStyle: 'dashed', borderWidth: 2 } }}
          {...intent}
          onClick={() => {
            setStarted(true);
            setOpened(true);
          }}
        >
          {t('buyOrUpgrade')}
        </Button>
      )}
      {started && (
        <Suspense fallback={null}>
          <PlanPurchaseFlow
            pickerOpened={opened}
            onPickerClose={() => setOpened(false)}
            isVipHolder={isVipHolder}
            preselect={preselect}
          />
        </Suspense>
      )}
    </>
  );
}
