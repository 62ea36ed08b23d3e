import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { activatePlan } from '../activation';
import { useCreatePayment, type PendingPaymentOrder } from '../api/create-payment';
import type { Plan } from '../api/get-plans';
import { PaymentModal } from './PaymentModal';
import { PlanPicker } from './PlanPicker';

export interface PlanPurchaseFlowProps {
  pickerOpened: boolean;
  onPickerClose: () => void;
  isVipHolder: boolean;
}

/**
 * The picker and the payment modal (loaded on demand with the QR code library). Choosing a plan creates
 * the order with the promo code; a pending order opens the payment modal, a paid one (fully discounted)
 * activates the plan at once.
 */
export default function PlanPurchaseFlow({
  pickerOpened,
  onPickerClose,
  isVipHolder,
}: PlanPurchaseFlowProps) {
  const client = useQueryClient();
  const create = useCreatePayment();
  const [promoCode, setPromoCode] = useState('');
  const [payment, setPayment] = useState<PendingPaymentOrder | null>(null);

  const choose = (plan: Plan) => {
    if (create.isPending) return;
    create.mutate(
      { subscriptionTier: plan.key, discountCode: promoCode },
      {
        onSuccess: (order) => {
          onPickerClose();
          setPromoCode('');
          if (order.status === 'paid') activatePlan(client);
          else setPayment(order);
        },
      },
    );
  };

  const closePayment = useCallback(() => setPayment(null), []);

  return (
    <>
      <PlanPicker
        opened={pickerOpened && !payment}
        onClose={onPickerClose}
        isVipHolder={isVipHolder}
        promoCode={promoCode}
        onPromoCodeChange={setPromoCode}
        onChoose={choose}
        pendingTier={create.isPending ? create.variables.subscriptionTier : null}
      />
      {payment && <PaymentModal key={payment.orderId} payment={payment} onClose={closePayment} />}
    </>
  );
}
