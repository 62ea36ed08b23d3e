import { Logger } from '@nestjs/common';
import {
  readNotification,
  WechatPayClient,
  WechatPayError,
  type WechatPayConfig,
} from './wechatpay-v3';

export interface WechatGatewayConfig extends WechatPayConfig {
  notifyUrl: string;
  /** Whether the merchant has H5 payment (paying from a phone's browser) enabled. */
  h5: boolean;
}

interface Transaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_state: string;
  amount?: { total?: number };
}

interface Refund {
  out_trade_no: string;
  out_refund_no: string;
  refund_id: string;
  status?: string;
  refund_status?: string;
  mchid?: string;
  amount?: { refund?: number };
}

export type WechatEvent =
  | { kind: 'payment'; orderId: string; amountCents: number; paid: boolean; tradeNo?: string }
  | {
      kind: 'refund';
      orderId: string;
      refundNo: string;
      refundId: string;
      status: 'succeeded' | 'pending' | 'failed';
      amountCents?: number;
    };

const refundStatus = (s: string | undefined) =>
  s === 'SUCCESS' ? 'succeeded' : s === 'PROCESSING' ? 'pending' : 'failed';

/**
 * WeChat Pay (微信支付) API v3: Native orders (a `code_url` QR code) and H5 orders on phones, notifications
 * (platform signature over the raw body, decrypted resource, mchid/appid checks), query, close and refunds
 * (docs/payments.md, "WeChat Pay").
 */
export class WechatGateway {
  readonly name = 'wechat' as const;
  private readonly client: WechatPayClient;
  private readonly logger = new Logger('WechatPay');

  constructor(private readonly config: WechatGatewayConfig) {
    this.client = new WechatPayClient(config);
  }

  private orderBody(order: {
    orderId: string;
    amountCents: number;
    subject: string;
    expiresAt: Date;
  }) {
    return {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: order.subject.slice(0, 127),
      out_trade_no: order.orderId,
      time_expire: order.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      notify_url: this.config.notifyUrl,
      amount: { total: order.amountCents, currency: 'CNY' },
    };
  }

  /** A Native order's QR content (`weixin://wxpay/bizpayurl?...`). */
  async createNative(order: {
    orderId: string;
    amountCents: number;
    subject: string;
    expiresAt: Date;
  }): Promise<string> {
    const { body } = await this.client.request<{ code_url?: string }>(
      'POST',
      '/v3/pay/transactions/native',
      this.orderBody(order),
    );
    if (!body?.code_url) throw new WechatPayError('no code_url in the answer', 502, 'SYSTEM_ERROR');
    return body.code_url;
  }

  /** An H5 order's payment page for a phone's browser, or null when H5 is not enabled for the merchant. */
  async createH5(
    order: { orderId: string; amountCents: number; subject: string; expiresAt: Date },
    clientIp: string,
  ): Promise<string | null> {
    if (!this.config.h5) return null;
    try {
      const { body } = await this.client.request<{ h5_url?: string }>(
        'POST',
        '/v3/pay/transactions/h5',
        {
          ...this.orderBody(order),
          scene_info: { payer_client_ip: clientIp, h5_info: { type: 'Wap' } },
        },
      );
      return body?.h5_url ?? null;
    } catch (e) {
      this.logger.warn(`H5 order refused for ${order.orderId}: ${(e as Error).message}`);
      return null;
    }
  }

  /** A verified notification's event, or null when it is not authentic or not for this merchant. */
  readNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): WechatEvent | null {
    const note = readNotification<Transaction & Refund>(this.config, headers, rawBody);
    if (!note) return null;
    const r = note.resource;
    if (r.mchid !== this.config.mchId) return null;
    if (note.eventType.startsWith('TRANSACTION.')) {
      if (r.appid !== this.config.appId || typeof r.out_trade_no !== 'string') return null;
      return {
        kind: 'payment',
        orderId: r.out_trade_no,
        amountCents: Number(r.amount?.total),
        paid: r.trade_state === 'SUCCESS',
        tradeNo: r.transaction_id,
      };
    }
    if (note.eventType.startsWith('REFUND.')) {
      return {
        kind: 'refund',
        orderId: r.out_trade_no,
        refundNo: r.out_refund_no,
        refundId: r.refund_id,
        status: refundStatus(r.refund_status),
        amountCents: r.amount?.refund,
      };
    }
    return null;
  }

  async query(
    orderId: string,
  ): Promise<{
    status: 'paid' | 'pending' | 'closed' | 'unknown';
    amountCents?: number;
    tradeNo?: string;
  }> {
    try {
      const { body } = await this.client.request<Transaction>(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}?mchid=${encodeURIComponent(this.config.mchId)}`,
      );
      const state = body?.trade_state;
      const status =
        state === 'SUCCESS' || state === 'REFUND'
          ? 'paid'
          : state === 'CLOSED' || state === 'REVOKED' || state === 'PAYERROR'
            ? 'closed'
            : 'pending';
      return { status, amountCents: body?.amount?.total, tradeNo: body?.transaction_id };
    } catch (e) {
      if (e instanceof WechatPayError && e.code === 'ORDER_NOT_EXIST') return { status: 'pending' };
      return { status: 'unknown' };
    }
  }

  /** Closes an unpaid order; one the customer never scanned (ORDER_NOT_EXIST) needs nothing. */
  async close(orderId: string): Promise<void> {
    try {
      await this.client.request(
        'POST',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}/close`,
        { mchid: this.config.mchId },
      );
    } catch (e) {
      if (e instanceof WechatPayError && e.code === 'ORDER_NOT_EXIST') return;
      throw e;
    }
  }

  /** Asks for a whole refund; the same `refundNo` twice is one refund (WeChat Pay answers the first). */
  async refund(r: {
    orderId: string;
    refundNo: string;
    amountCents: number;
    totalCents: number;
    reason: string;
    notifyUrl: string;
  }) {
    try {
      const { body } = await this.client.request<Refund>('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: r.orderId,
        out_refund_no: r.refundNo,
        reason: r.reason.slice(0, 80),
        notify_url: r.notifyUrl,
        amount: { refund: r.amountCents, total: r.totalCents, currency: 'CNY' },
      });
      return { status: refundStatus(body?.status), refundId: body?.refund_id } as const;
    } catch (e) {
      if (e instanceof WechatPayError)
        return { status: 'failed' as const, error: `${e.code}: ${e.message}` };
      throw e;
    }
  }

  async queryRefund(refundNo: string) {
    const { body } = await this.client.request<Refund>(
      'GET',
      `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`,
    );
    return { status: refundStatus(body?.status), refundId: body?.refund_id } as const;
  }
}
