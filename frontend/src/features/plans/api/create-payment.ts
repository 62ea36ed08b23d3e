import { ORDER_LIFETIME_SECONDS } from '@seatkeeper/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient, serverMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import type { Tier } from '../../licenses/api/get-licenses';

export const CREATE_ORDER_FAILED = 'failed to create order';
export const UNKNOWN_ORDER_RESPONSE = 'unknown order response';
/** The QR code's lifetime, for an answer without one (libs/domain: the server's order lifetime). */
export const DEFAULT_PAYMENT_SECONDS = ORDER_LIFETIME_SECONDS;

export interface CreatePaymentVariables {
  subscriptionTier: Tier;
  /** As typed: trimmed here, and sent only when something is left. */
  discountCode?: string;
}

export interface CreatePaymentBody {
  subscriptionTier: Tier;
  discountCode?: string;
  paymentMethod: 'qrcode';
}

/** Spec §3 Payment order: the price breakdown of an upgrade (cents). */
export interface UpgradePricing {
  fromTier: Tier | null;
  toTier: Tier;
  /** The target plan's price. */
  targetPrice: number;
  /** The deduction for the current plan. */
  originalPrice: number;
  discountAmount: number;
}

interface PaymentOrderBase {
  orderId: string;
  productName: string;
  /** Amount due, cents. */
  amount: number;
  /** Seconds the QR code stays valid. */
  expiresIn: number;
  upgradePricing: UpgradePricing | null;
}

/** An order waiting to be paid by scanning its QR code. */
export interface PendingPaymentOrder extends PaymentOrderBase {
  status: 'pending';
  /** The payment URL the QR code encodes. */
  qrImage: string;
}

/** An order paid at once (e.g. fully discounted): the plan is active already. */
export interface PaidPaymentOrder extends PaymentOrderBase {
  status: 'paid';
  qrImage: string | null;
}

export type PaymentOrder = PendingPaymentOrder | PaidPaymentOrder;

/** The create answer had neither a QR code to show nor a paid status. */
export class UnknownOrderResponseError extends Error {
  override readonly name = 'UnknownOrderResponseError';
  constructor() {
    super(UNKNOWN_ORDER_RESPONSE);
  }
}

/** The request body: the promo code trimmed, and left out when empty (spec §5). */
export function paymentBody({ subscriptionTier, discountCode }: CreatePaymentVariables) {
  const code = discountCode?.trim();
  const body: CreatePaymentBody = { subscriptionTier, paymentMethod: 'qrcode' };
  if (code) body.discountCode = code;
  return body;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object';

/** Checks the create answer's shape: a pending order with its QR code, or a paid one. */
export function readPaymentOrder(answer: unknown): PaymentOrder {
  if (!isObject(answer)) throw new UnknownOrderResponseError();
  const { status, orderId, qrImage } = answer;
  const common = {
    orderId: typeof orderId === 'string' ? orderId : '',
    productName: typeof answer.productName === 'string' ? answer.productName : '',
    amount: typeof answer.amount === 'number' ? answer.amount : 0,
    expiresIn:
      typeof answer.expiresIn === 'number' && answer.expiresIn > 0
        ? answer.expiresIn
        : DEFAULT_PAYMENT_SECONDS,
    upgradePricing: isObject(answer.upgradePricing)
      ? (answer.upgradePricing as unknown as UpgradePricing)
      : null,
  };
  if (status === 'paid') {
    return { ...common, status, qrImage: typeof qrImage === 'string' ? qrImage : null };
  }
  if (status === 'pending' && common.orderId && typeof qrImage === 'string' && qrImage) {
    return { ...common, status, qrImage };
  }
  throw new UnknownOrderResponseError();
}

export async function createPayment(variables: CreatePaymentVariables): Promise<PaymentOrder> {
  const answer = await apiClient.post<unknown>('/api/payments/create', paymentBody(variables));
  return readPaymentOrder(answer);
}

/** Spec §8: the server's message (e.g. 'already owned'), else 'failed to create order'. */
export function createOrderErrorMessage(error: unknown): string {
  if (error instanceof UnknownOrderResponseError) return UNKNOWN_ORDER_RESPONSE;
  return serverMessage(error) ?? CREATE_ORDER_FAILED;
}

/** Creates an order for a plan; failures toast their text here (the caller handles success). */
export function useCreatePayment() {
  return useMutation({
    mutationFn: createPayment,
    meta: { silent: true },
    onError: (error) => notifyError(createOrderErrorMessage(error)),
  });
}
