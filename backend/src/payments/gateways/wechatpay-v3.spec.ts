import { FakeWechatPay } from '../../../test/support/fake-wechatpay';
import {
  authorization,
  readNotification,
  WechatPayClient,
  WechatPayError,
  type WechatPayConfig,
} from './wechatpay-v3';

describe('WeChat Pay API v3 protocol, against a local server speaking it', () => {
  let fake: FakeWechatPay;
  let config: WechatPayConfig;
  let client: WechatPayClient;

  beforeAll(async () => {
    fake = await new FakeWechatPay().start();
    config = {
      appId: fake.appId,
      mchId: fake.mchId,
      privateKey: fake.merchant.privateKey,
      certSerial: fake.certSerial,
      apiV3Key: fake.apiV3Key,
      platformPublicKey: fake.platform.publicKey,
      platformSerial: fake.platformSerial,
      baseUrl: fake.url,
    };
    client = new WechatPayClient(config);
  });
  afterAll(() => fake.stop());

  const create = (no: string, total = 69900) =>
    client.request<{ code_url: string }>('POST', '/v3/pay/transactions/native', {
      appid: fake.appId,
      mchid: fake.mchId,
      description: 'Basic 套餐',
      out_trade_no: no,
      notify_url: 'http://127.0.0.1:1/notify',
      amount: { total, currency: 'CNY' },
    });

  it('signs requests the server accepts, and verifies the signed answers', async () => {
    const created = await create('SK-1');
    expect(created.status).toBe(200);
    expect(created.body!.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      signatureValid: true,
    });
    const queried = await client.request<{ trade_state: string; amount: { total: number } }>(
      'GET',
      `/v3/pay/transactions/out-trade-no/SK-1?mchid=${fake.mchId}`,
    );
    expect(queried.body).toMatchObject({ trade_state: 'NOTPAY', amount: { total: 69900 } });
    const closed = await client.request('POST', '/v3/pay/transactions/out-trade-no/SK-1/close', {
      mchid: fake.mchId,
    });
    expect([closed.status, closed.body]).toEqual([204, null]);
  });

  it("turns the server's error answers into WechatPayError with its code", async () => {
    await create('SK-2');
    fake.pay('SK-2');
    await expect(create('SK-2')).rejects.toMatchObject({
      status: 400,
      code: 'ORDERPAID',
      message: '该订单已支付',
    });
  });

  it('is refused by the server when signed with another key', async () => {
    const other = new WechatPayClient({ ...config, privateKey: fake.platform.privateKey });
    const error = await other
      .request('GET', `/v3/pay/transactions/out-trade-no/SK-1?mchid=${fake.mchId}`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WechatPayError);
    expect(error).toMatchObject({ status: 401, code: 'SIGN_ERROR' });
  });

  it('refuses answers not signed by the configured platform key', async () => {
    const suspicious = new WechatPayClient({
      ...config,
      platformPublicKey: fake.merchant.publicKey,
    });
    await expect(
      suspicious.request('GET', `/v3/pay/transactions/out-trade-no/SK-1?mchid=${fake.mchId}`),
    ).rejects.toMatchObject({ code: 'SIGN_ERROR' });
    const otherSerial = new WechatPayClient({ ...config, platformSerial: 'PUB_KEY_ID_other' });
    await expect(
      otherSerial.request('GET', `/v3/pay/transactions/out-trade-no/SK-1?mchid=${fake.mchId}`),
    ).rejects.toMatchObject({ code: 'SIGN_ERROR' });
  });

  it('reads a signed, encrypted notification, and refuses a forged, skewed or wrongly encrypted one', async () => {
    await create('SK-3', 169900);
    fake.pay('SK-3');
    const good = fake.paymentNotification('SK-3');
    const lower = (h: Record<string, string>) =>
      Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
    expect(readNotification(config, lower(good.headers), good.body)).toMatchObject({
      eventType: 'TRANSACTION.SUCCESS',
      resource: {
        out_trade_no: 'SK-3',
        trade_state: 'SUCCESS',
        mchid: fake.mchId,
        appid: fake.appId,
        amount: { total: 169900 },
      },
    });
    const tampered = good.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ');
    expect(readNotification(config, lower(good.headers), tampered)).toBeNull();
    for (const options of [
      { skewSeconds: -301 },
      { skewSeconds: 301 },
      { signWith: fake.merchant.privateKey },
      { serial: 'PUB_KEY_ID_x' },
      { key: 'k'.repeat(32) },
    ]) {
      const bad = fake.paymentNotification('SK-3', {}, options);
      expect([options, readNotification(config, lower(bad.headers), bad.body)]).toEqual([
        options,
        null,
      ]);
    }
  });

  it('builds the Authorization header the documentation describes', () => {
    const value = authorization(config, 'GET', '/v3/x?y=1', '', 1_700_000_000_000);
    expect(value).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="[0-9a-f]{32}",signature="[A-Za-z0-9+/=]+",timestamp="1700000000",serial_no="[0-9A-F]{40}"$/,
    );
  });
});
