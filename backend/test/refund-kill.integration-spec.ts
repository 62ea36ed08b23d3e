// An admin's Alipay refund whose instance is killed with SIGKILL after the request was committed and the
// gateway carried the refund out, but before its answer arrived (no shutdown hook runs, the order stays
// `refund requested`). The next instance's refund sweep sends it again with the same out_request_no (so
// Alipay answers fund_change N and moves no money again) and settles it once (docs/rules.md, "Refunds").
// On PGlite this is also a crash of the embedded database.
import request from 'supertest';
import { ADMIN_EMAIL, signIn } from './support/app';
import { appProcessSuite } from './support/app-process';
import { FakeAlipay } from './support/fake-alipay';

const SWEEP_SECONDS = 2;

describe('an Alipay refund whose instance is killed before the answer', () => {
  const suite = appProcessSuite(() => new FakeAlipay().start());
  const env = (port: number) => ({
    ...suite.fake.env(`http://127.0.0.1:${port}`),
    PAYMENT_GATEWAYS: 'alipay',
    REFUND_SWEEP_SECONDS: String(SWEEP_SECONDS),
  });

  it('is sent again with the same refund number by the next instance and settled once', async () => {
    const alipay = suite.fake;
    let instance = await suite.start(env);
    const customer = (await signIn(instance.url, 'refund-kill@example.com')).cookie;
    const admin = (await signIn(instance.url, ADMIN_EMAIL)).cookie;
    const as = (base: string, cookie: string) => ({
      get: (path: string) => request(base).get(path).set('Cookie', cookie),
      post: (path: string) => request(base).post(path).set('Cookie', cookie).set('Origin', base),
    });

    const { orderId } = (
      await as(instance.url, customer)
        .post('/api/payments/create')
        .send({ subscriptionTier: 'basic', paymentMethod: 'alipay' })
        .expect(200)
    ).body as { orderId: string };
    alipay.pay(orderId);
    expect(await alipay.notify(orderId)).toEqual({ status: 200, text: 'success' });
    const [seat] = (await as(instance.url, customer).get('/api/apitokens/licenses').expect(200))
      .body.licenses as { id: string }[];
    await as(instance.url, customer)
      .post(`/api/apitokens/licenses/${seat.id}/bind`)
      .send({ websiteUrl: 'https://killed-refund.example' })
      .expect(200);

    // Alipay refunds the money but its answer never comes: the instance dies waiting for it.
    alipay.holdRefundAnswers = 1;
    const answer = as(instance.url, admin)
      .post(`/api/admin/orders/${orderId}/refund`)
      .send({ reason: 'customer asked' })
      .then(
        (r) => r.status,
        (e: Error) => e.message,
      );
    for (let i = 0; alipay.refundCalls.length === 0; i++) {
      if (i > 200) throw new Error('the refund never reached Alipay');
      await new Promise((r) => setTimeout(r, 25));
    }
    await instance.kill('SIGKILL');
    expect(await answer).not.toBe(200); // the admin saw the connection drop
    expect([...alipay.refunds.keys()]).toEqual([`${orderId}/R${orderId}`]);

    instance = await suite.start(env);
    const base = instance.url;
    const orderOf = async () =>
      (await as(base, customer).get(`/api/orders/by-order-id/${orderId}`).expect(200)).body.order;
    let order = await orderOf();
    // Still requested, unless the new instance's first sweep (2 s after its start) was quicker than us.
    expect([
      ['paid', 'requested'],
      ['refunded', 'succeeded'],
    ]).toContainEqual([order.status, order.refundStatus]);
    for (let i = 0; order.status === 'paid'; i++) {
      if (i > 150) throw new Error(`the refund was not settled: ${JSON.stringify(order)}`);
      await new Promise((r) => setTimeout(r, 200));
      order = await orderOf();
    }
    expect(order).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
      refundId: `R${orderId}`,
    });

    // Sent twice with one number, refunded once; a few more sweeps change nothing.
    await new Promise((r) => setTimeout(r, (SWEEP_SECONDS * 2 + 1) * 1000));
    expect(alipay.refundCalls).toEqual([
      { outTradeNo: orderId, outRequestNo: `R${orderId}` },
      { outTradeNo: orderId, outRequestNo: `R${orderId}` },
    ]);
    expect([...alipay.refunds.keys()]).toEqual([`${orderId}/R${orderId}`]);

    const licenses = (await as(base, customer).get('/api/apitokens/licenses').expect(200)).body
      .licenses as { revokedAt: string | null }[];
    expect(licenses).toHaveLength(1);
    expect(licenses[0].revokedAt).not.toBeNull();
    const token = (await as(base, customer).get('/api/apitokens/token').expect(200)).body
      .plainToken as string;
    expect(
      (
        await request(base)
          .post('/api/licenses/check')
          .set('Authorization', `Bearer ${token}`)
          .send({ domain: 'killed-refund.example' })
      ).body,
    ).toMatchObject({ valid: false, code: 'LICENSE_REVOKED' });

    const audit = (await as(base, admin).get('/api/admin/audit?pageSize=50').expect(200)).body
      .items as { action: string; target: string; actor: string; after: Record<string, unknown> }[];
    const trail = audit
      .filter((a) => a.target === orderId && a.action.startsWith('order.refund'))
      .reverse();
    expect(trail.map((a) => [a.action, a.actor])).toEqual([
      ['order.refund_requested', ADMIN_EMAIL],
      ['order.refund_succeeded', 'gateway:alipay'],
    ]);
    expect(trail[1].after).toMatchObject({ refundNo: `R${orderId}`, revokedSeats: [1] });
  }, 180_000); // two starts of the app as a process (on PGlite, each recovers the embedded database)
});
