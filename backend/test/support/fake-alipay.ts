import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

function keyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}

interface Trade {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
  notifyUrl: string;
}

/**
 * A local stand-in for Alipay's gateway that speaks its protocol: RSA2-signed requests (verified with the
 * app's public key), signed JSON answers for alipay.trade.precreate and alipay.trade.query, and signed
 * asynchronous notifications posted to the app's notify_url.
 */
export class FakeAlipay {
  readonly appId = '2021000000000001';
  readonly app = keyPair();
  readonly alipay = keyPair();
  readonly trades = new Map<string, Trade>();
  readonly requests: { method: string; signatureValid: boolean }[] = [];
  /** Refunds made, by `out_trade_no/out_request_no` (a retry with the same number is the same refund). */
  readonly refunds = new Map<string, { amount: string; reason?: string }>();
  /** A sub_code the next refunds fail with (e.g. ACQ.SYSTEM_ERROR), or null. */
  refundFailure: string | null = null;
  /** Every alipay.trade.refund call that reached the fake, with its out_request_no. */
  readonly refundCalls: { outTradeNo: string; outRequestNo: string }[] = [];
  /**
   * How many of the next refund calls are carried out (the money goes back) but never answered: the
   * connection stays open until stop(), as when the caller dies or gives up before the answer arrives.
   */
  holdRefundAnswers = 0;
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const params: Record<string, string> = Object.fromEntries(url.searchParams);
        for (const [k, v] of new URLSearchParams(body)) params[k] = v;
        const answer = this.handle(params);
        if (answer === null) return; // held: never answered
        res.setHeader('content-type', 'application/json;charset=utf-8');
        res.end(answer);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}/gateway.do`;
    return this;
  }

  async stop() {
    this.server?.closeAllConnections(); // held answers too
    await new Promise((r) => this.server?.close(r));
  }

  private handle(params: Record<string, string>): string | null {
    const { sign, ...rest } = params;
    const signing = Object.keys(rest)
      .sort()
      .map((k) => `${k}=${rest[k]}`)
      .join('&');
    const valid =
      Boolean(sign) &&
      createVerify('RSA-SHA256').update(signing, 'utf8').verify(this.app.publicKey, sign, 'base64');
    this.requests.push({ method: params.method, signatureValid: valid });
    const key = `${(params.method ?? 'unknown').replace(/\./g, '_')}_response`;
    if (!valid || params.app_id !== this.appId) {
      return this.answer(key, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    const biz = JSON.parse(params.biz_content ?? '{}');
    if (params.method === 'alipay.trade.precreate') {
      const trade: Trade = {
        outTradeNo: biz.out_trade_no,
        totalAmount: biz.total_amount,
        subject: biz.subject,
        status: 'WAIT_BUYER_PAY',
        tradeNo: `2026${randomBytes(8).toString('hex')}`,
        notifyUrl: params.notify_url,
      };
      this.trades.set(trade.outTradeNo, trade);
      return this.answer(key, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        qr_code: `https://qr.alipay.com/bax0${trade.tradeNo}`,
      });
    }
    if (params.method === 'alipay.trade.query') {
      const trade = this.trades.get(biz.out_trade_no);
      if (!trade)
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        });
      return this.answer(key, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
      });
    }
    if (params.method === 'alipay.trade.refund') {
      this.refundCalls.push({ outTradeNo: biz.out_trade_no, outRequestNo: biz.out_request_no });
      const trade = this.trades.get(biz.out_trade_no);
      if (!trade || trade.status !== 'TRADE_SUCCESS') {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_STATUS_ERROR',
          sub_msg: '交易状态不合法',
        });
      }
      if (this.refundFailure) {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: this.refundFailure,
          sub_msg: '退款失败',
        });
      }
      if (biz.refund_amount !== trade.totalAmount) {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
          sub_msg: '退款金额超限',
        });
      }
      const known = this.refunds.get(`${trade.outTradeNo}/${biz.out_request_no}`);
      if (!known)
        this.refunds.set(`${trade.outTradeNo}/${biz.out_request_no}`, {
          amount: biz.refund_amount,
          reason: biz.refund_reason,
        });
      if (this.holdRefundAnswers > 0) {
        this.holdRefundAnswers--;
        return null;
      }
      return this.answer(key, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        refund_fee: biz.refund_amount,
        // A retry of a refund that already happened moves no money again.
        fund_change: known ? 'N' : 'Y',
      });
    }
    if (params.method === 'alipay.trade.fastpay.refund.query') {
      const refund = this.refunds.get(`${biz.out_trade_no}/${biz.out_request_no}`);
      return this.answer(
        key,
        refund
          ? {
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              out_request_no: biz.out_request_no,
              refund_amount: refund.amount,
              refund_status: 'REFUND_SUCCESS',
            }
          : {
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              out_request_no: biz.out_request_no,
            },
      );
    }
    if (params.method === 'alipay.trade.close') {
      const trade = this.trades.get(biz.out_trade_no);
      if (!trade)
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        });
      if (trade.status !== 'WAIT_BUYER_PAY' && trade.status !== 'TRADE_CLOSED') {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_STATUS_ERROR',
          sub_msg: '交易状态不合法',
        });
      }
      trade.status = 'TRADE_CLOSED';
      return this.answer(key, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
      });
    }
    return this.answer(key, {
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'isv.method-not-supported',
    });
  }

  private answer(key: string, content: object): string {
    const inner = JSON.stringify(content);
    const sign = createSign('RSA-SHA256')
      .update(inner, 'utf8')
      .sign(this.alipay.privateKey, 'base64');
    return `{"${key}":${inner},"sign":"${sign}"}`;
  }

  /**
   * The buyer pays (the trade is paid at Alipay; no notification yet). A closed trade cannot be paid, unless
   * `beforeClose` says the payment went through just before the close arrived.
   */
  pay(outTradeNo: string, options: { beforeClose?: boolean } = {}) {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    if (trade.status === 'TRADE_CLOSED' && !options.beforeClose)
      throw new Error(`trade ${outTradeNo} is closed`);
    trade.status = 'TRADE_SUCCESS';
    return trade;
  }

  /** The asynchronous notification Alipay posts, signed with Alipay's key (overrides may forge it). */
  notification(
    outTradeNo: string,
    overrides: Record<string, string> = {},
    signWith = this.alipay.privateKey,
  ): Record<string, string> {
    const trade = this.trades.get(outTradeNo)!;
    const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
    const params: Record<string, string> = {
      notify_time: now,
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(12).toString('hex'),
      app_id: this.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      gmt_payment: now,
      ...overrides,
    };
    const signing = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    return {
      ...params,
      sign_type: 'RSA2',
      sign: createSign('RSA-SHA256').update(signing, 'utf8').sign(signWith, 'base64'),
    };
  }

  async notify(outTradeNo: string, overrides: Record<string, string> = {}, signWith?: string) {
    const trade = this.trades.get(outTradeNo)!;
    const res = await fetch(trade.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(this.notification(outTradeNo, overrides, signWith)).toString(),
    });
    return { status: res.status, text: await res.text() };
  }

  /** Environment for an app that pays through this fake. */
  env(publicUrl: string): Record<string, string> {
    return {
      PAYMENT_GATEWAY: 'alipay',
      ALIPAY_APP_ID: this.appId,
      ALIPAY_PRIVATE_KEY: this.app.privateKey,
      ALIPAY_PUBLIC_KEY: this.alipay.publicKey,
      ALIPAY_GATEWAY: this.url,
      PUBLIC_URL: publicUrl,
    };
  }
}
