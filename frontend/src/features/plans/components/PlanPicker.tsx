import type { Tier } from '@seatkeeper/domain';
import { Spinner } from '../../../components/Spinner';
import { Button, Center, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import type { PaymentMethod, PaymentMethodId } from '../api/get-payment-methods';
import { usePlans, type Plan } from '../../../lib/api/plans';
import { useApplyCode } from '../api/quote-payment';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { PlanCard } from './PlanCard';

/**
 * The cards a user sees: public plans, plus the VIP plan only for VIP holders (docs/product.md#screens). A plan the
 * user already holds stays visible whatever its catalogue flag.
 */
export function visiblePlans(plans: readonly Plan[], isVipHolder: boolean): Plan[] {
  return plans
    .filter((plan) => {
      if (plan.key === 'vip') return isVipHolder;
      return plan.isPublic || plan.isCurrent;
    })
    .sort((a, b) => a.upgradeRank - b.upgradeRank);
}

export interface PlanPickerProps {
  opened: boolean;
  onClose: () => void;
  isVipHolder: boolean;
  promoCode: string;
  onPromoCodeChange: (value: string) => void;
  onChoose: (plan: Plan) => void;
  /** The tier whose order is being created, if any. */
  pendingTier: Tier | null;
  /** The plan a link asked for (/dashboard?buy=pro): its card is marked and focused. */
  preselect?: Tier | null;
  /** The enabled payment methods (a choice shows only when there are several). */
  methods?: readonly PaymentMethod[];
  paymentMethod?: PaymentMethodId | null;
  onPaymentMethodChange?: (method: PaymentMethodId) => void;
}

/** The plans a code is quoted for: those the user can buy now. */
const buyable = (plan: Plan) => plan.state === 'purchasable' && plan.key !== 'vip';

/**
 * docs/product.md#screens plan picker: a promo code field and one card per plan the user may see. 'apply'
 * quotes each plan the user can buy with the code (docs/payments.md): the cards then show their price
 * after it, and a code no plan takes shows its error beside the field. Editing the code drops the quotes.
 * With several payment methods enabled, the method is chosen here, before 'scan to pay'.
 */
export function PlanPicker({
  opened,
  onClose,
  isVipHolder,
  promoCode,
  onPromoCodeChange,
  onChoose,
  pendingTier,
  preselect = null,
  methods = [],
  paymentMethod = null,
  onPaymentMethodChange,
}: PlanPickerProps) {
  const { t } = useTranslation('plans');
  const query = usePlans();
  const plans = query.data ? visiblePlans(query.data.plans, isVipHolder) : [];
  const apply = useApplyCode();
  // The quotes hold only while the field still says what was applied.
  const applied = apply.data && apply.data.code === promoCode ? apply.data : null;
  const canApply = promoCode.trim() !== '' && plans.some(buyable);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!canApply || apply.isPending) return;
    apply.mutate({ code: promoCode, tiers: plans.filter(buyable).map((p) => p.key) });
  };

  let body;
  if (query.isPending) {
    body = (
      <Center py="lg" role="status">
        <Spinner label={t('picker.loading')} inStatus />
      </Center>
    );
  } else if (query.isError && !query.data) {
    body = <LoadError error={query.error} />;
  } else if (plans.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="lg">
        {t('picker.empty')}
      </Text>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {plans.map((plan) => (
          <PlanCard
            key={plan.key}
            plan={plan}
            onChoose={onChoose}
            loading={pendingTier === plan.key}
            disabled={pendingTier !== null}
            preselected={plan.key === preselect}
            quote={applied && !applied.error ? applied.quotes[plan.key] : undefined}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('buyOrUpgrade')} size="xl" centered>
      <Stack gap="md">
        <form onSubmit={submitCode} noValidate>
          <TextInput
            label={t('picker.promoCode')}
            placeholder={t('picker.promoPlaceholder')}
            value={promoCode}
            onChange={(event) => {
              apply.reset();
              onPromoCodeChange(event.currentTarget.value);
            }}
            error={applied?.error}
            description={applied && !applied.error ? t('picker.applied') : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            rightSectionWidth={84}
            rightSection={
              <Button
                type="submit"
                size="compact-sm"
                variant="light"
                disabled={!canApply}
                loading={apply.isPending}
              >
                {t('picker.apply')}
              </Button>
            }
            maw={360}
            autoComplete="off"
          />
        </form>
        {onPaymentMethodChange && (
          <PaymentMethodChoice
            methods={methods}
            value={paymentMethod}
            onChange={onPaymentMethodChange}
            disabled={pendingTier !== null}
          />
        )}
        {body}
      </Stack>
    </Modal>
  );
}
