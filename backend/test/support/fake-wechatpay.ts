import { createCipheriv, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  answerMessage,
  requestMessage,
  SIGNATURE_SCHEMA,
  signWith,
} from '../../src/payments/gateways/wechatpay-v3';

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

type TradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';

export interface FakeTrade {
  outTradeNo: string;
  total: number;
  description: string;
  state: TradeState;
  transactionId: string;
  notifyUrl: string;
  kind: 'native' | 'h5';
  /** The Native order's `code_url` (what the QR code holds), so that a scan can be played back. */
  codeUrl?: string;
}

export interface FakeRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  amount: number;
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';
  notifyUrl?: string;
}

/**
 * A local stand-in for WeChat Pay API v3 that speaks its protocol both ways: it verifies our
 * WECHATPAY2-SHA256-RSA2048 request signatures with the merchant's public key (and refuses bad ones with 401
 * SIGN_ERROR), signs every answer with a generated platform key (Wechatpay-* headers), and posts signed
 * notifications whose resource is encrypted with AEAD_AES_256_GCM under the APIv3 key.
 */
export class FakeWechatPay {
  readonly appId = 'wx0123456789abcdef';
  readonly mchId = '1900000109';
  readonly merchant = keyPair();
  readonly platform = keyPair();
  readonly certSerial = randomBytes(20).toString('hex').toUpperCase();
  readonly platformSerial = `PUB_KEY_ID_${randomBytes(8).toString('hex')}`;
  readonly apiV3Key = randomBytes(16).toString('hex');
  readonly trades = new Map<string, FakeTrade>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly requests: { method: string; path: string; signatureValid: boolean }[] = [];
  /** How the next refunds end: SUCCESS at once, PROCESSING (finished later by finishRefund), or an error. */
  refundMode: 'SUCCESS' | 'PROCESSING' | 'NOT_ENOUGH' = 'SUCCESS';
  /** Whether the merchant has H5 payment enabled (else /h5 answers NO_AUTH). */
  h5Enabled = true;
  private server?: Server;
  url = '';

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => this.handle(req, body, res));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}`;
    return this;
  }

  async stop() {
    await new Promise((r) => this.server?.close(r));
  }

  /** Signed platform headers over a body, as WeChat Pay sends them (a skewed timestamp on request). */
  signedHeaders(
    body: string,
    options: { skewSeconds?: number; signWith?: string; serial?: string } = {},
  ): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000) + (options.skewSeconds ?? 0));
    const nonce = randomBytes(16).toString('hex');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signWith(
        options.signWith ?? this.platform.privateKey,
        answerMessage(timestamp, nonce, body),
      ),
      'Wechatpay-Serial': options.serial ?? this.platformSerial,
    };
  }

  private reply(res: ServerResponse, status: number, content?: object) {
    const body = content === undefined ? '' : JSON.stringify(content);
    res.writeHead(status, {
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...this.signedHeaders(body),
      'Request-ID': randomBytes(8).toString('hex'),
    });
    res.end(body);
  }

  private verify(req: IncomingMessage, body: string): boolean {
    const auth = String(req.headers.authorization ?? '');
    if (!auth.startsWith(`${SIGNATURE_SCHEMA} `)) return false;
    const fields = Object.fromEntries(
      [...auth.slice(SIGNATURE_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    if (fields.mchid !== this.mchId || fields.serial_no !== this.certSerial) return false;
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return false;
    const message = requestMessage(
      req.method ?? '',
      req.url ?? '',
      fields.timestamp,
      fields.nonce_str,
      body,
    );
    try {
      return createVerify('RSA-SHA256')
        .update(message, 'utf8')
        .verify(this.merchant.publicKey, fields.signature, 'base64');
    } catch {
      return false;
    }
  }

  private handle(req: IncomingMessage, body: string, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const valid = this.verify(req, body);
    this.requests.push({ method: req.method ?? '', path: url.pathname, signatureValid: valid });
    if (!valid) return this.reply(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    const create = url.pathname.match(/^\/v3\/pay\/transactions\/(native|h5)$/);
    if (req.method === 'POST' && create) {
      const kind = create[1] as 'native' | 'h5';
      if (json.appid !== this.appId || json.mchid !== this.mchId)
        return this.reply(res, 400, { code: 'PARAM_ERROR', message: 'appid和mch_id不匹配' });
      if (kind === 'h5' && !this.h5Enabled)
        return this.reply(res, 403, { code: 'NO_AUTH', message: '商户号该产品权限未开通' });
      const amount = json.amount as { total?: unknown; currency?: unknown };
      if (!Number.isInteger(amount?.total) || (amount.total as number) <= 0)
        return this.reply(res, 400, { code: 'PARAM_ERROR', message: '金额不正确' });
      const no = String(json.out_trade_no);
      const existing = this.trades.get(no);
      if (existing?.state === 'SUCCESS')
        return this.reply(res, 400, { code: 'ORDERPAID', message: '该订单已支付' });
      const trade: FakeTrade = existing ?? {
        outTradeNo: no,
        total: amount.total as number,
        description: String(json.description),
        state: 'NOTPAY',
        transactionId: `4200${randomBytes(10).toString('hex')}`,
        notifyUrl: String(json.notify_url),
        kind,
      };
      this.trades.set(no, trade);
      const pr = randomBytes(6).toString('hex');
      if (kind === 'native') trade.codeUrl = `weixin://wxpay/bizpayurl?pr=${pr}`;
      return kind === 'native'
        ? this.reply(res, 200, { code_url: trade.codeUrl })
        : this.reply(res, 200, {
            h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${pr}`,
          });
    }
    const query = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/);
    if (req.method === 'GET' && query) {
      if (url.searchParams.get('mchid') !== this.mchId)
        return this.reply(res, 400, { code: 'PARAM_ERROR', message: 'mchid不正确' });
      const trade = this.trades.get(decodeURIComponent(query[1]));
      if (!trade) return this.reply(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return this.reply(res, 200, this.transaction(trade));
    }
    const close = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/);
    if (req.method === 'POST' && close) {
      const trade = this.trades.get(decodeURIComponent(close[1]));
      if (!trade) return this.reply(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (trade.state === 'SUCCESS' || trade.state === 'REFUND')
        return this.reply(res, 400, { code: 'ORDERPAID', message: '该订单已支付' });
      trade.state = 'CLOSED';
      return this.reply(res, 204);
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const trade = this.trades.get(String(json.out_trade_no));
      const amount = json.amount as { refund: number; total: number };
      if (!trade || (trade.state !== 'SUCCESS' && trade.state !== 'REFUND'))
        return this.reply(res, 400, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在或未支付' });
      if (amount?.total !== trade.total || amount?.refund > trade.total)
        return this.reply(res, 400, { code: 'PARAM_ERROR', message: '退款金额不正确' });
      const outRefundNo = String(json.out_refund_no);
      const known = this.refunds.get(outRefundNo);
      if (known) return this.reply(res, 200, this.refundView(known));
      if (this.refundMode === 'NOT_ENOUGH')
        return this.reply(res, 403, { code: 'NOT_ENOUGH', message: '基本账户余额不足' });
      const refund: FakeRefund = {
        outRefundNo,
        outTradeNo: trade.outTradeNo,
        refundId: `5030${randomBytes(10).toString('hex')}`,
        amount: amount.refund,
        status: this.refundMode,
        notifyUrl: typeof json.notify_url === 'string' ? json.notify_url : undefined,
      };
      this.refunds.set(outRefundNo, refund);
      trade.state = 'REFUND';
      return this.reply(res, 200, this.refundView(refund));
    }
    const refundQuery = url.pathname.match(/^\/v3\/refund\/domestic\/refunds\/([^/]+)$/);
    if (req.method === 'GET' && refundQuery) {
      const refund = this.refunds.get(decodeURIComponent(refundQuery[1]));
      if (!refund)
        return this.reply(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return this.reply(res, 200, this.refundView(refund));
    }
    return this.reply(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
  }

  transaction(trade: FakeTrade) {
    return {
      appid: this.appId,
      mchid: this.mchId,
      out_trade_no: trade.outTradeNo,
      transaction_id:
        trade.state === 'NOTPAY' || trade.state === 'CLOSED' ? undefined : trade.transactionId,
      trade_type: trade.kind === 'native' ? 'NATIVE' : 'MWEB',
      trade_state: trade.state,
      trade_state_desc: trade.state,
      success_time:
        trade.state === 'SUCCESS'
          ? new Date().toISOString().replace(/\.\d+Z$/, '+08:00')
          : undefined,
      amount: {
        total: trade.total,
        payer_total: trade.total,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    };
  }

  refundView(refund: FakeRefund) {
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      out_trade_no: refund.outTradeNo,
      channel: 'ORIGINAL',
      status: refund.status,
      create_time: new Date().toISOString(),
      amount: {
        refund: refund.amount,
        total: this.trades.get(refund.outTradeNo)?.total ?? refund.amount,
        currency: 'CNY',
      },
    };
  }

  /** The buyer scans and pays (no notification yet). A closed trade cannot be paid unless `beforeClose`. */
  pay(outTradeNo: string, options: { beforeClose?: boolean } = {}) {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    if (trade.state === 'CLOSED' && !options.beforeClose)
      throw new Error(`trade ${outTradeNo} is closed`);
    trade.state = 'SUCCESS';
    return trade;
  }

  /** Encrypts a resource as WeChat Pay does (AEAD_AES_256_GCM, tag appended, base64). */
  encrypt(plain: object, associatedData: string, key = this.apiV3Key) {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(key, 'utf8'),
      Buffer.from(nonce, 'utf8'),
    );
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const data = Buffer.concat([
      cipher.update(JSON.stringify(plain), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: data.toString('base64'),
      associated_data: associatedData,
      nonce,
    };
  }

  /** A payment notification's raw body and headers; overrides change the decrypted transaction. */
  paymentNotification(
    outTradeNo: string,
    overrides: Record<string, unknown> = {},
    options: { key?: string; skewSeconds?: number; signWith?: string; serial?: string } = {},
  ) {
    const trade = this.trades.get(outTradeNo)!;
    const resource = {
      ...this.transaction(trade),
      trade_state: 'SUCCESS',
      transaction_id: trade.transactionId,
      ...overrides,
    };
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        ...this.encrypt(resource, 'transaction', options.key),
      },
    });
    return {
      body,
      headers: { 'Content-Type': 'application/json', ...this.signedHeaders(body, options) },
    };
  }

  /** A refund notification (REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED) for a known refund. */
  refundNotification(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED') {
    const refund = this.refunds.get(outRefundNo)!;
    refund.status = status;
    const trade = this.trades.get(refund.outTradeNo)!;
    const resource = {
      mchid: this.mchId,
      out_trade_no: refund.outTradeNo,
      transaction_id: trade.transactionId,
      out_refund_no: refund.outRefundNo,
      refund_id: refund.refundId,
      refund_status: status,
      success_time: status === 'SUCCESS' ? new Date().toISOString() : undefined,
      amount: {
        total: trade.total,
        refund: refund.amount,
        payer_total: trade.total,
        payer_refund: refund.amount,
      },
    };
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: `REFUND.${status}`,
      summary: '退款状态',
      resource: { original_type: 'refund', ...this.encrypt(resource, 'refund') },
    });
    return { body, headers: { 'Content-Type': 'application/json', ...this.signedHeaders(body) } };
  }

  /** Posts a notification to the app as WeChat Pay would; answers the app's status and body. */
  async deliver(url: string, note: { body: string; headers: Record<string, string> }) {
    const res = await fetch(url, { method: 'POST', headers: note.headers, body: note.body });
    return { status: res.status, text: await res.text() };
  }

  async notify(outTradeNo: string, overrides: Record<string, unknown> = {}) {
    return this.deliver(
      this.trades.get(outTradeNo)!.notifyUrl,
      this.paymentNotification(outTradeNo, overrides),
    );
  }

  /** Environment for an app that pays through this fake. */
  env(): Record<string, string> {
    return {
      WECHATPAY_APP_ID: this.appId,
      WECHATPAY_MCH_ID: this.mchId,
      WECHATPAY_PRIVATE_KEY: this.merchant.privateKey,
      WECHATPAY_CERT_SERIAL: this.certSerial,
      WECHATPAY_API_V3_KEY: this.apiV3Key,
      WECHATPAY_PLATFORM_PUBLIC_KEY: this.platform.publicKey,
      WECHATPAY_PLATFORM_SERIAL: this.platformSerial,
      WECHATPAY_GATEWAY: this.url,
    };
  }
}
