import { inEveryLanguage } from '../../i18n/server-i18n';
import { Logger } from '@nestjs/common';
import type {
  GatewayEvent,
  GatewayFactory,
  IncomingNotification,
  PaymentContext,
  PaymentGateway,
  PaymentRequest,
  QueryResult,
  RefundRequest,
  RefundResult,
} from './payment-gateway';
import { receiptPath } from './payment-gateway';
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
  /** The app's public URL: an H5 payment returns the browser to the order's receipt there. */
  publicUrl: string;
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

/** The refunded amount a refund's `amount` states (cents), or undefined when it states none. */
const refundAmountOf = (amount: { refund?: unknown } | undefined): number | undefined =>
  typeof amount?.refund === 'number' ? amount.refund : undefined;

const refundStatus = (s: string | undefined): RefundResult['status'] =>
  s === 'SUCCESS' ? 'succeeded' : s === 'PROCESSING' ? 'pending' : 'failed';

/**
 * An H5 payment page that sends the browser back to `returnUrl` when the customer is done: WeChat Pay takes
 * the merchant's `redirect_url`, URL-encoded, appended to the `h5_url` it answered (on the domain the merchant
 * registered for H5 payment; docs/payments.md, "Return").
 */
export const withRedirect = (h5Url: string, returnUrl: string) =>
  `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(returnUrl)}`;

const WECHAT_NAMES = inEveryLanguage('payments', 'gateways.wechat.name');

/**
 * WeChat Pay (微信支付) API v3: Native orders (a `code_url` QR code) and H5 orders on phones, notifications
 * (platform signature over the raw body, decrypted resource, mchid/appid checks), query, close and refunds
 * (docs/payments.md, "WeChat Pay").
 */
export class WechatGateway implements PaymentGateway {
  readonly name = 'wechat';
  readonly displayName = WECHAT_NAMES;
  readonly scanWith = inEveryLanguage('payments', 'gateways.wechat.scanWith');
  private readonly client: WechatPayClient;
  private readonly logger = new Logger('WechatPay');

  constructor(private readonly config: WechatGatewayConfig) {
    this.client = new WechatPayClient(config);
  }

  private orderBody(order: PaymentRequest) {
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

  /** A Native order (the QR code), and on a phone an H5 order too when the merchant has H5 enabled. */
  async createPayment(order: PaymentRequest, context: PaymentContext) {
    const { body } = await this.client.request<{ code_url?: string }>(
      'POST',
      '/v3/pay/transactions/native',
      this.orderBody(order),
    );
    if (!body?.code_url) throw new WechatPayError('no code_url in the answer', 502, 'SYSTEM_ERROR');
    const mobileUrl = context.mobile ? await this.createH5(order, context.clientIp) : null;
    return { qrContent: body.code_url, mobileUrl };
  }

  private async createH5(order: PaymentRequest, clientIp: string): Promise<string | null> {
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
      return body?.h5_url
        ? withRedirect(body.h5_url, this.config.publicUrl + receiptPath(order.orderId))
        : null;
    } catch (e) {
      this.logger.warn(`H5 order refused for ${order.orderId}: ${(e as Error).message}`);
      return null;
    }
  }

  /** A verified notification's event, or null when it is not authentic or not for this merchant. */
  readNotification({ headers, rawBody }: IncomingNotification): GatewayEvent | null {
    const note = readNotification<Transaction & Refund>(this.config, headers, rawBody);
    if (!note) return null;
    const r = note.resource;
    if (r.mchid !== this.config.mchId || typeof r.out_trade_no !== 'string') return null;
    if (note.eventType.startsWith('TRANSACTION.')) {
      if (r.appid !== this.config.appId) return null;
      return {
        kind: 'payment',
        notice: {
          orderId: r.out_trade_no,
          amountCents: Number(r.amount?.total),
          paid: r.trade_state === 'SUCCESS',
          tradeNo: r.transaction_id,
          method: this.name,
        },
      };
    }
    if (note.eventType.startsWith('REFUND.')) {
      return {
        kind: 'refund',
        notice: {
          orderId: r.out_trade_no,
          refundNo: r.out_refund_no,
          refundId: r.refund_id,
          status: refundStatus(r.refund_status),
          error: r.refund_status === 'SUCCESS' ? undefined : `refund ${r.refund_status}`,
          amountCents: refundAmountOf(r.amount),
        },
      };
    }
    return null;
  }

  /** 204 when handled; any other status (with {code: FAIL}) makes WeChat Pay deliver it again. */
  answer(outcome: 'ok' | 'refused' | 'retry') {
    if (outcome === 'ok') return { status: 204, contentType: 'application/json', body: '' };
    return {
      status: outcome === 'retry' ? 500 : 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'FAIL',
        message: outcome === 'retry' ? '稍后重试' : '验签失败',
      }),
    };
  }

  async query(orderId: string): Promise<QueryResult> {
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

  /** A whole refund; the same refund number twice is one refund (WeChat Pay answers the first). */
  async refund(r: RefundRequest): Promise<RefundResult> {
    try {
      const { body } = await this.client.request<Refund>('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: r.orderId,
        out_refund_no: r.refundNo,
        reason: r.reason.slice(0, 80),
        notify_url: this.config.notifyUrl,
        amount: { refund: r.amountCents, total: r.totalCents, currency: 'CNY' },
      });
      const status = refundStatus(body?.status);
      return {
        status,
        refundId: body?.refund_id,
        error: status === 'failed' ? `refund ${body?.status}` : undefined,
        amountCents: refundAmountOf(body?.amount),
      };
    } catch (e) {
      if (e instanceof WechatPayError && e.status < 500 && e.code !== 'SIGN_ERROR')
        return { status: 'failed', error: `${e.code}: ${e.message}` };
      // No trustworthy answer: unknown, so pending until a query or the notification settles it.
      return { status: 'pending', error: (e as Error).message };
    }
  }

  async queryRefund(r: Pick<RefundRequest, 'refundNo'>): Promise<RefundResult> {
    try {
      const { body } = await this.client.request<Refund>(
        'GET',
        `/v3/refund/domestic/refunds/${encodeURIComponent(r.refundNo)}`,
      );
      const status = refundStatus(body?.status);
      return {
        status,
        refundId: body?.refund_id,
        error: status === 'failed' ? `refund ${body?.status}` : undefined,
        amountCents: refundAmountOf(body?.amount),
      };
    } catch (e) {
      if (e instanceof WechatPayError && e.code === 'RESOURCE_NOT_EXISTS')
        return { status: 'failed', error: 'no such refund at WeChat Pay' };
      return { status: 'pending', error: (e as Error).message };
    }
  }
}

export const wechatGateway: GatewayFactory = {
  name: 'wechat',
  displayName: WECHAT_NAMES,
  create(config) {
    const wechat = config.payments.wechat;
    if (!config.payments.gateways.includes('wechat') || !wechat) return null;
    return new WechatGateway({
      ...wechat,
      notifyUrl: `${config.publicUrl}/api/payments/notify/wechat`,
      publicUrl: config.publicUrl,
    });
  },
};
