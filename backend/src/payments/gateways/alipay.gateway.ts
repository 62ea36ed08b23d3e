import { Logger } from '@nestjs/common';
import { AlipaySdk } from 'alipay-sdk';
import {
  cents,
  yuan,
  type PaymentGateway,
  type PaymentNotice,
  type QueryResult,
} from './payment-gateway';

export interface AlipayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
}

/** Alipay face-to-face payment (当面付) through the official SDK: precreate, notification, query. */
export class AlipayGateway implements PaymentGateway {
  readonly name = 'alipay' as const;
  readonly answers = { ok: 'success', refused: 'fail' };
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

  async createQr(order: {
    orderId: string;
    amountCents: number;
    subject: string;
  }): Promise<string> {
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
    return String(result.qr_code);
  }

  verifyNotification(body: Record<string, string>): PaymentNotice | null {
    let authentic = false;
    try {
      authentic = this.sdk.checkNotifySignV2(body);
    } catch {
      authentic = false;
    }
    if (!authentic || body.app_id !== this.config.appId) return null;
    return {
      orderId: body.out_trade_no,
      amountCents: cents(body.total_amount),
      paid: body.trade_status === 'TRADE_SUCCESS' || body.trade_status === 'TRADE_FINISHED',
      tradeNo: body.trade_no,
      method: 'alipay',
    };
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
}
