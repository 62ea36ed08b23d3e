import { centsToYuanText, yuanToCents } from '@seatkeeper/domain';
import type { AppConfig } from '../../config/env';

// What entitlements read of a payment or a refund is theirs to define (payments → entitlements).
import type { PaymentNotice, RefundResult } from '../../entitlements/money-events';
export type { PaymentNotice, RefundResult } from '../../entitlements/money-events';

export interface RefundNotice extends RefundResult {
  orderId: string;
  refundNo: string;
}

export type GatewayEvent =
  { kind: 'payment'; notice: PaymentNotice } | { kind: 'refund'; notice: RefundNotice };

export interface QueryResult {
  status: 'paid' | 'pending' | 'closed' | 'unknown';
  amountCents?: number;
  tradeNo?: string;
}

/** A notification as it reached us: headers and raw body (WeChat Pay signs the bytes), and the form. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  form: Record<string, string>;
}

export interface NotificationAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentRequest {
  orderId: string;
  amountCents: number;
  subject: string;
  expiresAt: Date;
}

export interface PaymentContext {
  /** The app's origin as the customer reached it (the sandbox page lives there). */
  origin: string;
  clientIp: string;
  /** The customer pays from a phone: a link that opens the payment app is wanted beside the QR code. */
  mobile: boolean;
}

export interface CreatedPayment {
  /** The QR code's content. */
  qrContent: string;
  /** A link that opens the payment app (or its mobile page) on the same phone, when the gateway has one. */
  mobileUrl: string | null;
}

export interface RefundRequest {
  orderId: string;
  /** Our stable refund number: the same number twice is one refund at the gateway. */
  refundNo: string;
  amountCents: number;
  totalCents: number;
  reason: string;
}

/**
 * One interface per payment provider (docs/payments.md): create a payment, read its notifications, query,
 * close, refund. Gateways register through GATEWAY_FACTORIES (payments.module.ts); the payments service
 * knows none of them by name.
 */
export interface PaymentGateway {
  readonly name: string;
  /** The name shown to customers, per language. */
  readonly displayName: { 'zh-CN': string; en: string };
  /** Which app the customer scans with, per language (shown under the QR code). */
  readonly scanWith: { 'zh-CN': string; en: string };
  createPayment(order: PaymentRequest, context: PaymentContext): Promise<CreatedPayment>;
  /** The event in a notification, or null when it is not authentic (signature, merchant, app). */
  readNotification(notification: IncomingNotification): GatewayEvent | null;
  /** The answer the provider expects when a notification was handled, refused, or should come again. */
  answer(outcome: 'ok' | 'refused' | 'retry'): NotificationAnswer;
  query(orderId: string): Promise<QueryResult>;
  /** Closes an unpaid order so that it can no longer be paid (an order the gateway never saw is fine). */
  close(orderId: string): Promise<void>;
  refund(request: RefundRequest): Promise<RefundResult>;
  queryRefund(request: Pick<RefundRequest, 'orderId' | 'refundNo'>): Promise<RefundResult>;
}

/** Builds a gateway from the configuration, or null when it is not enabled. */
export interface GatewayFactory {
  readonly name: string;
  /**
   * The name shown to customers, per language, known even when the gateway is not enabled (a receipt names
   * the gateway that took an old order).
   */
  readonly displayName: PaymentGateway['displayName'];
  create(config: AppConfig): PaymentGateway | null;
}

/** The enabled gateways, in the configured order: the first is what the spec's `qrcode` means. */
export class PaymentGateways {
  private readonly byName = new Map<string, PaymentGateway>();

  constructor(readonly list: PaymentGateway[]) {
    for (const g of list) this.byName.set(g.name, g);
  }

  get(name: string): PaymentGateway | undefined {
    return this.byName.get(name);
  }

  get first(): PaymentGateway {
    return this.list[0];
  }
}

export const PAYMENT_GATEWAYS = Symbol('PAYMENT_GATEWAYS');

/** Cents → the gateways' yuan text with two decimals (1235 → '12.35'). */
/**
 * The order's receipt in the console (the app's /orders/:orderId): where a customer returns after paying,
 * from the sandbox's end pages and from a gateway that sends the browser back (docs/payments.md, "Return").
 */
export const receiptPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

export const yuan = (cents: number) => centsToYuanText(cents);
/** A gateway's amount ('12.35', at most two decimals) → cents; anything else → NaN. */
export const cents = (yuanText: string | undefined) => {
  if (!yuanText || !/^\d+(\.\d{1,2})?$/.test(yuanText)) return NaN;
  return yuanToCents(yuanText);
};

/** Alipay's (and the sandbox's) plain-text answers. */
export function alipayAnswer(outcome: 'ok' | 'refused' | 'retry'): NotificationAnswer {
  return {
    status: outcome === 'ok' ? 200 : outcome === 'retry' ? 503 : 400,
    contentType: 'text/plain',
    body: outcome === 'ok' ? 'success' : 'fail',
  };
}
