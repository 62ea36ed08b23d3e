import type { Tier } from '@seatkeeper/domain';
import { Button, Stack } from '@mantine/core';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { lazyOnIntent } from '../../../lib/preload';
import { useLicenses, type License } from '../../../lib/api/licenses';
import { hasPurchasablePlan, usePlans } from '../../../lib/api/plans';

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

/** The seat block's heading (LicenseSeatsBlock): where the focus goes when the button is gone (all bought). */
const SEATS_TITLE_ID = 'licence-seats-title';

/**
 * When a purchase ended with the focus still to come back (0: none). Kept outside the component: the first
 * seats move the button within the seat block, which mounts it anew while the lists refresh. It lapses,
 * so a customer who left the console meanwhile is not refocused on a later visit.
 */
let focusPendingSince = 0;
const FOCUS_PENDING_MS = 10_000;
const focusPending = () => Date.now() - focusPendingSince < FOCUS_PENDING_MS;

/**
 * The dashed 'buy or upgrade plan' button of the seat block (docs/product.md#screens), shown when the plan list has
 * something to buy. It opens the plan picker; the payment modal follows from there. When the plan list
 * fails to load, the failure shows with 'retry' in its place (as /pricing does), never nothing. When a
 * purchase ends (paid, cancelled, expired), the focus comes back to the button, or to the seat block's
 * heading when nothing is left to buy.
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
  const button = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(focusPending);
  const finished = useCallback(() => {
    focusPendingSince = Date.now();
    setRefocus(true);
  }, []);

  // Once the plans and seats are fresh again (a payment refreshes them), the button, if still shown,
  // takes the focus.
  const fetching = plans.isFetching || licenses.isFetching;
  useEffect(() => {
    if (!refocus || fetching) return;
    focusPendingSince = 0;
    setRefocus(false);
    if (button.current) return button.current.focus();
    const title = document.getElementById(SEATS_TITLE_ID);
    if (!title) return;
    if (!title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1');
    title.focus();
  }, [refocus, fetching]);

  return (
    <>
      {plans.isError && !plans.data && (
        <Stack align="center" gap="xs">
          <LoadError error={plans.error} />
          <Button variant="default" onClick={() => void plans.refetch()} loading={plans.isFetching}>
            {t('common:actions.retry')}
          </Button>
        </Stack>
      )}
      {hasPurchasablePlan(plans.data) && (
        <Button
          ref={button}
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
            onFinished={finished}
          />
        </Suspense>
      )}
    </>
  );
}
