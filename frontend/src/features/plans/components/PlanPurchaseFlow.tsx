import type { Tier } from '@seatkeeper/domain';
// A dialog of the console, whose first screen loads only part of Mantine's sheet (styles/shell.ts).
import '../../../styles/full';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { activatePlan } from '../activation';
import {
  useCreatePayment,
  type CreatePaymentVariables,
  type PendingPaymentOrder,
} from '../api/create-payment';
import { usePaymentMethods, type PaymentMethodId } from '../api/get-payment-methods';
import type { Plan } from '../../../lib/api/plans';
import { usePhone } from '../use-phone';
import { notifyPaid } from './paid-notice';
import { PaymentModal } from './PaymentModal';
import { PlanPicker } from './PlanPicker';

export interface PlanPurchaseFlowProps {
  pickerOpened: boolean;
  onPickerClose: () => void;
  isVipHolder: boolean;
  /** The plan a link asked for: marked in the picker. */
  preselect?: Tier | null;
  /** A purchase ended (paid, cancelled, expired): the opener takes the focus back. */
  onFinished?: () => void;
}

/**
 * The picker and the payment modal (loaded on demand with the QR code library). Choosing a plan creates
 * the order with the promo code and the payment method (chosen in the picker when several are enabled,
 * else `qrcode`, the first one), asking for a link to the payment app on a phone. A pending order opens
 * the payment modal, a paid one (a code covering the whole price: ¥0) activates the plan at once with
 * 'got it free' instead of a payment's success. Switching the method in the
 * modal creates a new order for it, which replaces (and closes) the shown one (docs/rules.md, "One open
 * order").
 */
export default function PlanPurchaseFlow({
  pickerOpened,
  onPickerClose,
  isVipHolder,
  preselect = null,
  onFinished,
}: PlanPurchaseFlowProps) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const create = useCreatePayment();
  const methods = usePaymentMethods().data?.methods ?? [];
  const phone = usePhone();
  const [promoCode, setPromoCode] = useState('');
  const [chosen, setChosen] = useState<PaymentMethodId | null>(null);
  const [payment, setPayment] = useState<PendingPaymentOrder | null>(null);
  // What the shown order was created with: a switch of method creates the same order again.
  const [ordered, setOrdered] = useState<CreatePaymentVariables | null>(null);

  const choice = methods.length > 1;
  const method = choice ? (methods.find((m) => m.id === chosen) ?? methods[0]).id : undefined;

  const order = (variables: CreatePaymentVariables, onCreated?: () => void) => {
    if (create.isPending) return;
    create.mutate(variables, {
      onSuccess: (answer) => {
        onCreated?.();
        if (answer.status === 'paid') {
          // Paid at once: a code covered the whole price (docs/payments.md, free orders), no QR code.
          setPayment(null);
          activatePlan(client, () =>
            notifyPaid(answer.orderId, navigate, { free: answer.amount === 0 }),
          );
          onFinished?.();
        } else {
          setOrdered(variables);
          setPayment(answer);
        }
      },
    });
  };

  const choose = (plan: Plan) =>
    order(
      {
        subscriptionTier: plan.key,
        discountCode: promoCode,
        paymentMethod: method,
        ...(phone ? { mobile: true } : {}),
      },
      () => {
        onPickerClose();
        setPromoCode('');
      },
    );

  const changeMethod = (next: PaymentMethodId) => {
    if (!ordered) return;
    setChosen(next);
    order({ ...ordered, paymentMethod: next });
  };

  const closePayment = useCallback(() => {
    setPayment(null);
    onFinished?.();
  }, [onFinished]);

  return (
    <>
      <PlanPicker
        opened={pickerOpened && !payment}
        onClose={onPickerClose}
        isVipHolder={isVipHolder}
        preselect={preselect}
        promoCode={promoCode}
        onPromoCodeChange={setPromoCode}
        onChoose={choose}
        pendingTier={create.isPending ? create.variables.subscriptionTier : null}
        methods={methods}
        paymentMethod={method ?? null}
        onPaymentMethodChange={setChosen}
      />
      {payment && (
        <PaymentModal
          key={payment.orderId}
          payment={payment}
          tier={ordered?.subscriptionTier}
          onClose={closePayment}
          methods={methods}
          onChangeMethod={choice ? changeMethod : undefined}
          switching={create.isPending}
        />
      )}
    </>
  );
}
