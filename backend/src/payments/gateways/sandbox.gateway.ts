import { inEveryLanguage } from '../../i18n/server-i18n';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { hmacHex } from '../../common/signed';
import {
  alipayAnswer,
  cents,
  yuan,
  type GatewayEvent,
  type GatewayFactory,
  type IncomingNotification,
  type PaymentContext,
  type PaymentGateway,
  type PaymentRequest,
  type QueryResult,
  type RefundResult,
} from './payment-gateway';

const APP_ID = 'sandbox';

/** Sorted `k=v&...` of every non-empty parameter except sign and sign_type (Alipay's signing string). */
export function signingString(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

const SANDBOX_NAMES = inEveryLanguage('payments', 'gateways.sandbox.name');

/**
 * The development gateway: the QR code opens a payment page served by the app (/sandbox-pay/...), whose
 * 'pay' button sends a signed notification to the same notify endpoint a real gateway uses. Signed with a
 * key derived from the app secret (HMAC-SHA256 in place of Alipay's RSA2). Refused in production.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly displayName = SANDBOX_NAMES;
  readonly scanWith = inEveryLanguage('payments', 'gateways.sandbox.scanWith');
  private readonly key: string;

  constructor(secret: string) {
    this.key = hmacHex(secret, 'sandbox-gateway');
  }

  /** Nothing to close: the sandbox payment page pays only pending orders. */
  async close(): Promise<void> {}

  async createPayment(order: PaymentRequest, context: PaymentContext) {
    const page = `${context.origin}/sandbox-pay/${encodeURIComponent(order.orderId)}`;
    return { qrContent: page, mobileUrl: page };
  }

  answer(outcome: 'ok' | 'refused' | 'retry') {
    return alipayAnswer(outcome);
  }

  /** The sandbox refunds at once (no money moved). */
  async refund(r: { refundNo: string }): Promise<RefundResult> {
    return { status: 'succeeded', refundId: `SANDBOX-${r.refundNo}` };
  }

  async queryRefund(r: { refundNo: string }): Promise<RefundResult> {
    return { status: 'succeeded', refundId: `SANDBOX-${r.refundNo}` };
  }

  /** A notification as the sandbox 'pay' button sends it. */
  notification(
    orderId: string,
    amountCents: number,
    status = 'TRADE_SUCCESS',
  ): Record<string, string> {
    const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
    const params: Record<string, string> = {
      notify_time: now,
      notify_type: 'trade_status_sync',
      notify_id: `sandbox-${Date.now()}`,
      app_id: APP_ID,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'HMAC-SHA256',
      trade_no: `SANDBOX${orderId}`,
      out_trade_no: orderId,
      trade_status: status,
      total_amount: yuan(amountCents),
      gmt_payment: now,
    };
    params.sign = this.sign(params);
    return params;
  }

  readNotification({ form: body }: IncomingNotification): GatewayEvent | null {
    if (body.app_id !== APP_ID || typeof body.sign !== 'string') return null;
    const expected = Buffer.from(this.sign(body), 'base64');
    const given = Buffer.from(body.sign, 'base64');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return {
      kind: 'payment',
      notice: {
        orderId: body.out_trade_no,
        amountCents: cents(body.total_amount),
        paid: body.trade_status === 'TRADE_SUCCESS' || body.trade_status === 'TRADE_FINISHED',
        tradeNo: body.trade_no,
        method: this.name,
      },
    };
  }

  async query(): Promise<QueryResult> {
    return { status: 'unknown' }; // the sandbox keeps no trades of its own: its page notifies at once
  }

  private sign(params: Record<string, string | undefined>): string {
    return createHmac('sha256', this.key).update(signingString(params)).digest('base64');
  }
}

export const sandboxGateway: GatewayFactory = {
  name: 'sandbox',
  displayName: SANDBOX_NAMES,
  create: (config) =>
    config.payments.gateways.includes('sandbox') ? new SandboxGateway(config.secret) : null,
};
