import request from 'supertest';
import { startApp, type RunningApp } from './support/app';
import { customer } from './support/customer';
import { createTestDatabase, type TestDatabase } from './support/database';
import { FakeWechatPay } from './support/fake-wechatpay';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';

/** Every link of a page (href and text), in order. */
const linksOf = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, text]) => ({
    href,
    text,
  }));

/**
 * The way back to the console after paying (docs/payments.md, "Return"): every end page the store serves
 * links the order's receipt, in the customer's language, and a gateway that sends the browser back after
 * paying (WeChat Pay H5's redirect_url) is given the receipt as where to.
 */
describe('payment end pages and return URLs', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  let wechat: FakeWechatPay;

  beforeAll(async () => {
    wechat = await new FakeWechatPay().start();
    db = await createTestDatabase();
    running = await startApp(db, (port) => ({
      ...wechat.env(),
      WECHATPAY_H5: 'true',
      PAYMENT_GATEWAYS: 'sandbox,wechat',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }));
    base = running.url;
  });
  afterAll(async () => {
    await running?.close();
    await wechat?.stop();
    await db?.drop();
  });

  type Customer = Awaited<ReturnType<typeof customer>>;
  const buy = async (c: Customer, body: object = {}) =>
    (
      await c
        .post('/api/payments/create')
        .send({ subscriptionTier: 'basic', paymentMethod: 'sandbox', ...body })
        .expect(200)
    ).body as { orderId: string; mobileUrl: string | null };

  const english = (r: request.Test) => r.set('Accept-Language', 'en-US,en;q=0.9');
  const chinese = (r: request.Test) => r.set('Accept-Language', 'zh-CN,zh;q=0.9');

  it('ends a sandbox payment with the receipt link, in English and in Chinese', async () => {
    const c = await customer(base);
    const { orderId } = await buy(c);
    const receipt = `/orders/${orderId}`;

    const paying = await english(request(base).get(`/sandbox-pay/${orderId}`)).expect(200);
    expect(paying.text).toContain('<html lang="en">');
    expect(paying.text).toContain('pay ¥699.00');

    const paid = await english(request(base).post(`/sandbox-pay/${orderId}/pay`)).expect(200);
    expect(paid.text).toContain('<html lang="en">');
    expect(paid.text).toContain('<h1>Payment complete</h1>');
    expect(paid.text).not.toContain('close this page');
    expect(linksOf(paid.text)).toEqual([{ href: receipt, text: 'View the order receipt' }]);

    // The same order, paid: the page and a second 'pay' are end pages too, and lead to the receipt.
    const zhPage = await chinese(request(base).get(`/sandbox-pay/${orderId}`)).expect(200);
    expect(zhPage.text).toContain('<html lang="zh-CN">');
    expect(zhPage.text).toContain('<dd>已支付</dd>');
    expect(zhPage.text).not.toContain('<form');
    expect(linksOf(zhPage.text)).toEqual([{ href: receipt, text: '查看订单收据' }]);

    const again = await chinese(request(base).post(`/sandbox-pay/${orderId}/pay`)).expect(409);
    expect(again.text).toContain('<h1>订单不可支付</h1>');
    expect(linksOf(again.text)).toEqual([{ href: receipt, text: '查看订单收据' }]);
  });

  it('follows the saved language choice (the lang cookie) over the browser', async () => {
    const c = await customer(base);
    const { orderId } = await buy(c);
    const paid = await english(request(base).post(`/sandbox-pay/${orderId}/pay`))
      .set('Cookie', 'lang=zh-CN')
      .expect(200);
    expect(paid.text).toContain('<h1>支付成功</h1>');
    expect(linksOf(paid.text)).toEqual([{ href: `/orders/${orderId}`, text: '查看订单收据' }]);
  });

  it("leads an order of another gateway back to its receipt and an unknown order to the customer's orders", async () => {
    const c = await customer(base);
    const { orderId } = await buy(c, { paymentMethod: 'wechat' });
    const elsewhere = await english(request(base).post(`/sandbox-pay/${orderId}/pay`)).expect(409);
    expect(elsewhere.text).toContain('<h1>This order cannot be paid</h1>');
    expect(linksOf(elsewhere.text)).toEqual([
      { href: `/orders/${orderId}`, text: 'View the order receipt' },
    ]);

    for (const none of [
      await english(request(base).get('/sandbox-pay/SK404')).expect(404),
      await english(request(base).post('/sandbox-pay/SK404/pay')).expect(404),
    ]) {
      expect(none.text).toContain('<h1>Order not found</h1>');
      expect(linksOf(none.text)).toEqual([{ href: '/orders', text: 'Back to my orders' }]);
    }
  });

  it("gives WeChat Pay H5 the order's receipt as its redirect_url", async () => {
    const c = await customer(base);
    const created = await buy(c, { paymentMethod: 'wechat', mobile: true });
    const url = new URL(created.mobileUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb',
    );
    // WeChat Pay's prepay_id stays as answered; the return is appended, URL-encoded.
    expect(url.searchParams.get('prepay_id')).toMatch(/^wx[0-9a-f]+$/);
    expect(url.searchParams.get('redirect_url')).toBe(`${base}/orders/${created.orderId}`);
    expect(created.mobileUrl).toContain(
      `&redirect_url=${encodeURIComponent(`${base}/orders/${created.orderId}`)}`,
    );

    // Detected from the browser too (no `mobile` in the body).
    const viaAgent = (
      await c
        .post('/api/payments/create')
        .set('User-Agent', IPHONE)
        .send({ subscriptionTier: 'basic', paymentMethod: 'wechat' })
        .expect(200)
    ).body;
    expect(new URL(viaAgent.mobileUrl).searchParams.get('redirect_url')).toBe(
      `${base}/orders/${viaAgent.orderId}`,
    );
  });

  it('asks nothing of a Native (QR) order: the customer scans on another device', async () => {
    const c = await customer(base);
    const created = await buy(c, { paymentMethod: 'wechat' });
    expect(created.mobileUrl).toBeNull();
  });
});
