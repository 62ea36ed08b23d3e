import { inEveryLanguage } from '../../i18n/server-i18n';
import { Logger } from '@nestjs/common';
import { AlipaySdk } from 'alipay-sdk';
import {
  alipayAnswer,
  cents,
  yuan,
  type GatewayEvent,
  type GatewayFactory,
  type IncomingNotification,
  type PaymentGateway,
  type PaymentRequest,
  type QueryResult,
  type RefundRequest,
  type RefundResult,
} from './payment-gateway';

export interface AlipayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
}

const ALIPAY_NAMES = inEveryLanguage('payments', 'gateways.alipay.name');

/**
 * Alipay face-to-face payment (当面付) through the official SDK: precreate (the QR code, whose `qr_code` URL
 * also opens the Alipay app on a phone), notification, query, close and refunds (docs/payments.md).
 */
export class AlipayGateway implements PaymentGateway {
  readonly name = 'alipay';
  readonly displayName = ALIPAY_NAMES;
  readonly scanWith = inEveryLanguage('payments', 'gateways.alipay.scanWith');
  private readonly sdk: AlipaySdk;
  private readonly logger = new Logger('Alipay');

  constructor(private readonly config: AlipayConfig) {
    this.sdk = new AlipaySdk({
      appId: config.appId,
      privateKey: config.privateKey.trim(),
      alipayPublicKey: config.alipayPublicKey.trim(),
      gateway: config.gateway,
      signType: 'RSA2',
      timeout: 10_000,
      camelcase: false,
    });
  }

  async createPayment(order: PaymentRequest) {
    const result = await this.sdk.exec(
      'alipay.trade.precreate',
      {
        notify_url: this.config.notifyUrl,
        bizContent: {
          out_trade_no: order.orderId,
          total_amount: yuan(order.amountCents),
          subject: order.subject,
          timeout_express: '30m',
        },
      },
      { validateSign: true },
    );
    if (result.code !== '10000' || !result.qr_code) {
      this.logger.warn(
        `precreate refused for ${order.orderId}: ${result.code} ${result.sub_code ?? ''} ${result.sub_msg ?? result.msg}`,
      );
      throw new Error(result.sub_msg || result.msg || 'precreate failed');
    }
    // The qr_code URL is also what opens the Alipay app when tapped on a phone.
    return { qrContent: String(result.qr_code), mobileUrl: String(result.qr_code) };
  }

  readNotification({ form: body }: IncomingNotification): GatewayEvent | null {
    let authentic = false;
    try {
      authentic = this.sdk.checkNotifySignV2(body);
    } catch {
      authentic = false;
    }
    if (!authentic || body.app_id !== this.config.appId) return null;
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

  answer(outcome: 'ok' | 'refused' | 'retry') {
    return alipayAnswer(outcome);
  }

  /** alipay.trade.close; ACQ.TRADE_NOT_EXIST means the customer never scanned the code (nothing to close). */
  async close(orderId: string): Promise<void> {
    const result = await this.sdk.exec(
      'alipay.trade.close',
      { bizContent: { out_trade_no: orderId } },
      { validateSign: true },
    );
    if (result.code === '10000' || result.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
    throw new Error(
      `${result.code} ${result.sub_code ?? ''} ${result.sub_msg ?? result.msg ?? ''}`.trim(),
    );
  }

  async query(orderId: string): Promise<QueryResult> {
    const result = await this.sdk.exec(
      'alipay.trade.query',
      { bizContent: { out_trade_no: orderId } },
      { validateSign: true },
    );
    if (result.code !== '10000')
      return { status: result.sub_code === 'ACQ.TRADE_NOT_EXIST' ? 'pending' : 'unknown' };
    const status = result.trade_status;
    return {
      status:
        status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED'
          ? 'paid'
          : status === 'TRADE_CLOSED'
            ? 'closed'
            : 'pending',
      amountCents: cents(result.total_amount),
      tradeNo: result.trade_no,
    };
  }

  /**
   * alipay.trade.refund with our stable out_request_no: a retry of a refund that went through answers
   * success again (fund_change "N"), never a second refund.
   */
  async refund(r: RefundRequest): Promise<RefundResult> {
    try {
      const result = await this.sdk.exec(
        'alipay.trade.refund',
        {
          bizContent: {
            out_trade_no: r.orderId,
            refund_amount: yuan(r.amountCents),
            out_request_no: r.refundNo,
            refund_reason: r.reason.slice(0, 256),
          },
        },
        { validateSign: true },
      );
      if (result.code === '10000') return { status: 'succeeded', refundId: r.refundNo };
      return {
        status: 'failed',
        error: `${result.sub_code ?? result.code}: ${result.sub_msg ?? result.msg ?? ''}`.trim(),
      };
    } catch (e) {
      // No answer (time-out, connection): unknown, so pending; a query settles it.
      return { status: 'pending', error: (e as Error).message };
    }
  }

  async queryRefund(r: Pick<RefundRequest, 'orderId' | 'refundNo'>): Promise<RefundResult> {
    const result = await this.sdk.exec(
      'alipay.trade.fastpay.refund.query',
      { bizContent: { out_trade_no: r.orderId, out_request_no: r.refundNo } },
      { validateSign: true },
    );
    if (result.code === '10000' && result.refund_status === 'REFUND_SUCCESS')
      return { status: 'succeeded', refundId: r.refundNo };
    if (result.code === '10000') return { status: 'failed', error: 'no such refund at Alipay' };
    return { status: 'pending', error: `${result.sub_code ?? result.code}` };
  }
}

export const alipayGateway: GatewayFactory = {
  name: 'alipay',
  displayName: ALIPAY_NAMES,
  create(config) {
    const alipay = config.payments.alipay;
    if (!config.payments.gateways.includes('alipay') || !alipay) return null;
    return new AlipayGateway({
      ...alipay,
      notifyUrl: `${config.publicUrl}/api/payments/notify/alipay`,
    });
  },
};
