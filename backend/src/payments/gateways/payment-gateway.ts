/** What a verified payment notification (or a gateway query) says about one order. */
export interface PaymentNotice {
  orderId: string;
  amountCents: number;
  paid: boolean;
  tradeNo?: string;
  method: string;
}

export interface QueryResult {
  status: 'paid' | 'pending' | 'closed' | 'unknown';
  amountCents?: number;
  tradeNo?: string;
}

/** One interface per payment provider: a QR code to pay, notifications to verify, orders to query. */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'alipay';
  /** The content of the QR code the customer scans (the payment URL). */
  createQr(
    order: { orderId: string; amountCents: number; subject: string },
    origin: string,
  ): Promise<string>;
  /** The notice in a notification, or null when it is not authentic (signature, app id). */
  verifyNotification(body: Record<string, string>): PaymentNotice | null;
  /** What the provider expects as the answer to a handled / refused notification. */
  readonly answers: { ok: string; refused: string };
  query(orderId: string): Promise<QueryResult>;
  /** Closes an unpaid order so that it can no longer be paid (an order the gateway never saw is fine). */
  close(orderId: string): Promise<void>;
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

export const yuan = (cents: number) => (cents / 100).toFixed(2);
export const cents = (yuanText: string | undefined) => {
  if (!yuanText || !/^\d+(\.\d{1,2})?$/.test(yuanText)) return NaN;
  return Math.round(Number(yuanText) * 100);
};
