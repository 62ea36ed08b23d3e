import type { Tier } from '@seatkeeper/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { CreatePaymentBody, PaymentMethodId, PaymentOrder } from '../../../lib/api/types';
import { describeError } from '../../../lib/errors';
import { i18n } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';

/** The spec's texts 'failed to create order' and 'unknown order response', in the active language. */
export const createOrderFailedText = () => i18n.t('plans:createFailed');
export const unknownOrderResponseText = () => i18n.t('plans:unknownResponse');

export interface CreatePaymentVariables {
  subscriptionTier: Tier;
  /** As typed: trimmed here, and sent only when something is left. */
  discountCode?: string;
  /** The method chosen; without one, `qrcode` (the first enabled method). */
  paymentMethod?: PaymentMethodId;
  /** Paying from a phone: the answer then carries a link that opens the payment app, when there is one. */
  mobile?: boolean;
}

export type { UpgradePricing } from '../../../lib/api/types';

/** An order waiting to be paid by scanning its QR code (the payment URL it encodes). */
export type PendingPaymentOrder = PaymentOrder & { status: 'pending'; qrImage: string };
/** An order paid at once (e.g. fully discounted): the plan is active already. */
export type PaidPaymentOrder = PaymentOrder & { status: 'paid' };

/** The create answer had neither a QR code to show nor a paid status. */
export class UnknownOrderResponseError extends Error {
  override readonly name = 'UnknownOrderResponseError';
  constructor() {
    super('unknown order response');
  }
}

/** The request body: the promo code trimmed, and left out when empty (docs/product.md#validation). */
export function paymentBody({
  subscriptionTier,
  discountCode,
  paymentMethod,
  mobile,
}: CreatePaymentVariables) {
  const code = discountCode?.trim();
  const body: CreatePaymentBody = { subscriptionTier, paymentMethod: paymentMethod ?? 'qrcode' };
  if (code) body.discountCode = code;
  if (mobile) body.mobile = true;
  return body;
}

/** docs/product.md#errors: an answer with neither a QR code to show nor a paid status is an 'unknown order response'. */
export function readPaymentOrder(answer: PaymentOrder): PendingPaymentOrder | PaidPaymentOrder {
  if (answer.status === 'paid') return { ...answer, status: 'paid' };
  if (answer.status === 'pending' && answer.qrImage)
    return { ...answer, status: 'pending', qrImage: answer.qrImage };
  throw new UnknownOrderResponseError();
}

export async function createPayment(
  variables: CreatePaymentVariables,
): Promise<PendingPaymentOrder | PaidPaymentOrder> {
  return readPaymentOrder(await api.POST('/api/payments/create', { body: paymentBody(variables) }));
}

/** docs/product.md#errors: the server's message (e.g. 'already owned'), else 'failed to create order'. */
export function createOrderErrorMessage(error: unknown): string {
  if (error instanceof UnknownOrderResponseError) return unknownOrderResponseText();
  return describeError(error, createOrderFailedText());
}

/** Creates an order for a plan; failures toast their text here (the caller handles success). */
export function useCreatePayment() {
  return useMutation({
    mutationFn: createPayment,
    meta: { silent: true },
    onError: (error) => notifyError(createOrderErrorMessage(error)),
  });
}
