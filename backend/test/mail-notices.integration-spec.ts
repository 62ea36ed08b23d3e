// The refund's notice (docs/mail.md): ONE message saying the amount and the seats taken back, written in the
// settlement's transaction, once per refund however many times the gateway says so, in the customer's
// language (users.language).
import request from 'supertest';
import { SandboxGateway } from '../src/payments/gateways/sandbox.gateway';
import { ADMIN_EMAIL, signIn, startApp, TEST_SECRET, type RunningApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/database';
import { em } from './support/factories';
import { FakeWechatPay } from './support/fake-wechatpay';

type Customer = Awaited<ReturnType<typeof customer>>;

describe(`refund notices through the outbox (${TEST_DB})`, () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  let wechat: FakeWechatPay;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];
  const sandbox = new SandboxGateway(TEST_SECRET);

  beforeAll(async () => {
    wechat = await new FakeWechatPay().start();
    db = await createTestDatabase();
    running = await startApp(db, (port) => ({
      ...wechat.env(),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENT_GATEWAYS: 'sandbox,wechat',
    }));
    base = running.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });
  afterAll(async () => {
    await running?.close();
    await wechat?.stop();
    await db?.drop();
  });

  const mails = (email: string) =>
    em(running)
      .getConnection()
      .execute<
        { kind: string; dedupe_key: string; language: string; subject: string; text: string }[]
      >(
        `select kind, dedupe_key, language, subject, text from mail_outbox where recipient = ? order by created_at, kind`,
        [email.toLowerCase()],
      );
  const buy = async (c: Customer, paymentMethod: string) => {
    const res = await c
      .post('/api/payments/create')
      .send({ subscriptionTier: 'basic', paymentMethod });
    expect([res.status, res.body.message]).toEqual([200, undefined]);
    return res.body as { orderId: string; amount: number };
  };
  const bindFirstSeat = async (c: Customer, url: string) => {
    const [seat] = (await c.agent.get('/api/apitokens/licenses').expect(200)).body.licenses;
    await c.post(`/api/apitokens/licenses/${seat.id}/bind`).send({ websiteUrl: url }).expect(200);
  };
  const refund = (orderId: string) =>
    admin
      .post(`/api/admin/orders/${orderId}/refund`)
      .set('Origin', base)
      .send({ reason: 'customer asked' });

  it.each(['en', 'zh-CN'] as const)(
    'a sandbox refund enqueues one message with the amount, the order and the seats revoked (%s)',
    async (language) => {
      const c = await customer(base);
      await c.post('/api/auth/update-user').send({ language }).expect(200);
      const o = await buy(c, 'sandbox');
      await request(base)
        .post('/api/payments/notify/sandbox')
        .type('form')
        .send(sandbox.notification(o.orderId, o.amount))
        .expect(200);
      await bindFirstSeat(c, 'https://notice.example');
      expect((await mails(c.email)).map((m) => m.kind)).toEqual(['order-paid']);

      await refund(o.orderId).expect(200);
      await refund(o.orderId).expect(200); // a second click: already refunded
      const sent = await mails(c.email);
      expect(sent.map((m) => [m.kind, m.dedupe_key, m.language])).toEqual([
        ['order-paid', `order-paid:${o.orderId}`, language],
        ['refund', `refund:${o.orderId}`, language],
      ]);
      const [, notice] = sent;
      const yuan = `¥${(o.amount / 100).toFixed(2)}`;
      if (language === 'en') {
        expect(notice.subject).toContain(`Refund made: order ${o.orderId}`);
        expect(notice.text).toMatch(/Amount refunded\s+¥/);
        expect(notice.text).toContain(
          'The order’s 1 seat was taken back; a site bound to it can no longer use the plugin:',
        );
        expect(notice.text).toMatch(/Seat 1\s+https:\/\/notice\.example/);
        expect(notice.text).not.toMatch(/[\u4e00-\u9fff]/);
      } else {
        expect(notice.subject).toContain(`退款已完成：订单 ${o.orderId}`);
        expect(notice.text).toMatch(/退款金额\s+¥/);
        expect(notice.text).toContain(
          '该订单的 1 个座位已收回，绑定在这些座位上的网站将无法继续使用插件：',
        );
        expect(notice.text).toMatch(/座位 1\s+https:\/\/notice\.example/);
      }
      expect(notice.text).toContain(yuan);
    },
  );

  it('duplicate refund notifications from the gateway give one message', async () => {
    const c = await customer(base);
    const o = await buy(c, 'wechat');
    wechat.pay(o.orderId);
    expect((await wechat.notify(o.orderId)).status).toBe(204);
    wechat.refundMode = 'PROCESSING';
    try {
      expect((await refund(o.orderId).expect(200)).body.order.refundStatus).toBe('pending');
    } finally {
      wechat.refundMode = 'SUCCESS';
    }
    const url = `${base}/api/payments/notify/wechat`;
    const note = wechat.refundNotification(`R${o.orderId}`, 'SUCCESS');
    const answers = await Promise.all(Array.from({ length: 5 }, () => wechat.deliver(url, note)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(204));
    expect((await wechat.deliver(url, note)).status).toBe(204);
    const sent = await mails(c.email);
    expect(sent.map((m) => m.kind)).toEqual(['order-paid', 'refund']);
    expect(sent[1].text).toContain('个座位已收回');
    // Chinese: the customer never chose English.
    expect(sent.every((m) => m.language === 'zh-CN')).toBe(true);
  });

  /** Google sign-in through the development provider; the callback (a browser navigation) with its Accept-Language. */
  async function signInThrough(
    agent: ReturnType<typeof request.agent>,
    email: string,
    acceptLanguage?: string,
  ) {
    const start = await agent
      .post('/api/auth/sign-in/social')
      .set('Origin', base)
      .send({ provider: 'google', loginHint: email })
      .expect(200);
    const toProvider = await agent.get(start.body.url).expect(302);
    const provider = new URL(toProvider.headers.location, base);
    const toCallback = await agent.get(provider.pathname + provider.search).expect(302);
    const callback = new URL(toCallback.headers.location);
    const back = agent.get(callback.pathname + callback.search);
    await (acceptLanguage ? back.set('Accept-Language', acceptLanguage) : back).expect(302);
  }

  const storedLanguage = async (email: string) =>
    (
      await em(running)
        .getConnection()
        .execute<{ language: string | null }[]>('select language from users where email = ?', [
          email,
        ])
    )[0].language;

  it('takes the language from the lang cookie at sign-in and from update-user (zh-CN or en only)', async () => {
    const email = `lang-${Date.now()}@example.com`;
    const agent = request.agent(base);
    agent.jar.setCookie('lang=en; Path=/', '127.0.0.1', '/');
    await signInThrough(agent, email);
    const languageOf = () => storedLanguage(email);
    expect(await languageOf()).toBe('en');
    const post = (body: object) =>
      agent.post('/api/auth/update-user').set('Origin', base).send(body);
    await post({ language: 'zh-CN' }).expect(200);
    expect(await languageOf()).toBe('zh-CN');
    const bad = await post({ language: 'fr' }).expect(400);
    expect(bad.body).toEqual(errorOf('language must be one of zh-CN, en'));
    expect(await languageOf()).toBe('zh-CN');
  });

  it("without a saved choice, takes the browser's language at sign-in (what the screens show), else nothing", async () => {
    const signInWith = async (email: string, acceptLanguage: string) => {
      await signInThrough(request.agent(base), email, acceptLanguage);
      return storedLanguage(email);
    };
    expect(await signInWith(`browser-en-${Date.now()}@example.com`, 'en-US,en;q=0.9')).toBe('en');
    expect(await signInWith(`browser-fr-${Date.now()}@example.com`, 'fr-FR,de;q=0.5')).toBeNull();
  });
});
