import { Center, Loader, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { LoadError } from '../../../components/LoadError';
import type { Tier } from '../../licenses/api/get-licenses';
import { usePlans, type Plan } from '../api/get-plans';
import { PlanCard } from './PlanCard';

export const NO_PLANS = 'no plans available, contact the admin';

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
}

/** docs/product.md#screens plan picker: a promo code field and one card per plan the user may see. */
export function PlanPicker({
  opened,
  onClose,
  isVipHolder,
  promoCode,
  onPromoCodeChange,
  onChoose,
  pendingTier,
}: PlanPickerProps) {
  const query = usePlans();
  const plans = query.data ? visiblePlans(query.data.plans, isVipHolder) : [];

  let body;
  if (query.isPending) {
    body = (
      <Center py="lg" role="status">
        <Loader size="sm" aria-label="loading plans" />
      </Center>
    );
  } else if (query.isError && !query.data) {
    body = <LoadError error={query.error} />;
  } else if (plans.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="lg">
        {NO_PLANS}
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
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="buy or upgrade plan" size="xl" centered>
      <Stack gap="md">
        <TextInput
          label="promo code"
          placeholder="optional"
          value={promoCode}
          onChange={(event) => onPromoCodeChange(event.currentTarget.value)}
          maw={320}
          autoComplete="off"
        />
        {body}
      </Stack>
    </Modal>
  );
}
