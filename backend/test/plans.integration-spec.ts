import request from 'supertest';
import { SandboxGateway } from '../src/payments/gateways/sandbox.gateway';
import {
  ADMIN_EMAIL,
  QUIZ_MANAGER_EMAIL,
  signIn,
  startApp,
  TEST_SECRET,
  withFreshApp,
} from './support/app';
import type { RunningApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { createTestDatabase, TEST_DB } from './support/database';
import { em } from './support/factories';

type Agent = Awaited<ReturnType<typeof signIn>>['agent'];
interface PlanBody {
  priceCents: number;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  badgeZh?: string | null;
  badgeEn?: string | null;
  badgeEndsAt?: string | null;
  shown: boolean;
  sortOrder: number;
}

/** The seeded rows (today's catalogue, Migration20261129200000) as an edit body. */
const SEED: Record<'basic' | 'vip' | 'pro' | 'ultra', PlanBody> = {
  basic: {
    priceCents: 69900,
    nameZh: 'Basic',
    nameEn: 'Basic',
    descriptionZh: '个人站点的入门之选',
    descriptionEn: 'The starter choice for a personal site',
    badgeZh: null,
    badgeEn: null,
    badgeEndsAt: null,
    shown: true,
    sortOrder: 1,
  },
  vip: {
    priceCents: 100000,
    nameZh: 'VIP',
    nameEn: 'VIP',
    descriptionZh: '建站课程学员专享，白名单自动发放',
    descriptionEn: 'For website-course students, granted automatically to the whitelist',
    badgeZh: null,
    badgeEn: null,
    badgeEndsAt: null,
    shown: true,
    sortOrder: 2,
  },
  pro: {
    priceCents: 169900,
    nameZh: 'Pro',
    nameEn: 'Pro',
    descriptionZh: '工作室与多站点团队',
    descriptionEn: 'For studios and multi-site teams',
    badgeZh: null,
    badgeEn: null,
    badgeEndsAt: null,
    shown: true,
    sortOrder: 3,
  },
  ultra: {
    priceCents: 998000,
    nameZh: 'Max',
    nameEn: 'Max',
    descriptionZh: '企业与代理商，座位按需自动扩展',
    descriptionEn: 'For companies and agencies, seats grow automatically as needed',
    badgeZh: '限时优惠',
    badgeEn: 'LIMITED OFFER',
    badgeEndsAt: null,
    shown: true,
    sortOrder: 4,
  },
};

/** Plans and prices in the database, editable by admins (docs/product.md, back office: plans and prices). */
describe('plans and prices', () => {
  let running: RunningApp;
  let base: string;
  let admin: Agent;
  const sandbox = new SandboxGateway(TEST_SECRET);

  withFreshApp({ PAYMENT_GATEWAYS: 'sandbox' }, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  const put = (tier: string, body: unknown, agent: Agent = admin) =>
    agent
      .put(`/api/admin/plans/${tier}`)
      .set('Origin', base)
      .send(body as object);
  const restore = async (tier: keyof typeof SEED) => put(tier, SEED[tier]).expect(200);
  const plansOf = async (agent: Agent) =>
    (await agent.get('/api/plans').expect(200)).body as {
      currentTier: string | null;
      plans: Record<string, unknown>[];
    };
  const pay = (order: { orderId: string; amount: number }) =>
    request(base)
      .post('/api/payments/notify/sandbox')
      .type('form')
      .send(sandbox.notification(order.orderId, order.amount))
      .expect(200);

  it('seeds the table with the catalogue the code had, and GET /api/plans answers it (shape kept, fields added)', async () => {
    const c = await customer(base);
    const body = await plansOf(c.agent);
    expect(body.currentTier).toBeNull();
    expect(body.plans.map((p) => p.key)).toEqual(['basic', 'vip', 'pro', 'ultra']);
    expect(body.plans[0]).toEqual({
      key: 'basic',
      name: 'Basic',
      displayName: 'Basic 套餐',
      description: '个人站点的入门之选',
      seatCount: 1,
      priceCents: 69900,
      upgradeRank: 1,
      isPublic: true,
      state: 'purchasable',
      isCurrent: false,
      owned: false,
      includedInCurrent: false,
      purchasable: true,
      isUpgrade: false,
      upgradePrice: 69900,
      names: { 'zh-CN': 'Basic', en: 'Basic' },
      descriptions: { 'zh-CN': '个人站点的入门之选', en: 'The starter choice for a personal site' },
      badge: null,
      badgeEndsAt: null,
      shown: true,
      sortOrder: 1,
    });
    expect(body.plans.map((p) => [p.key, p.priceCents, p.isPublic, p.state])).toEqual([
      ['basic', 69900, true, 'purchasable'],
      ['vip', 100000, false, 'unavailable'],
      ['pro', 169900, true, 'purchasable'],
      ['ultra', 998000, true, 'purchasable'],
    ]);
    expect(body.plans[3]).toMatchObject({
      name: 'Max',
      badge: { 'zh-CN': '限时优惠', en: 'LIMITED OFFER' },
    });
  });

  it('is for admins only: 401 anonymous, 403 for customers and quiz managers', async () => {
    const c = await customer(base);
    const quiz = (await signIn(base, QUIZ_MANAGER_EMAIL)).agent;
    expect((await request(base).get('/api/admin/plans').expect(401)).body).toEqual(
      errorOf('User not authenticated', 401),
    );
    await request(base).put('/api/admin/plans/pro').set('Origin', base).send(SEED.pro).expect(401);
    for (const agent of [c.agent, quiz]) {
      expect((await agent.get('/api/admin/plans').expect(403)).body).toEqual(
        errorOf('Admin access required', 403),
      );
      await put('pro', { ...SEED.pro, priceCents: 1 }, agent).expect(403);
    }
    const list = (await admin.get('/api/admin/plans').expect(200)).body.plans;
    expect(list.find((p: { tier: string }) => p.tier === 'pro').priceCents).toBe(169900);
    expect(list.map((p: { tier: string; buyable: boolean }) => [p.tier, p.buyable])).toEqual([
      ['basic', true],
      ['vip', false],
      ['pro', true],
      ['ultra', true],
    ]);
  });

  it.each([
    [{ priceCents: 0 }, 'priceCents must be an integer from 1 to 100000000'],
    [{ priceCents: 100000001 }, 'priceCents must be an integer from 1 to 100000000'],
    [{ priceCents: 12.5 }, 'priceCents must be an integer from 1 to 100000000'],
    [{ priceCents: '1999' }, 'priceCents must be an integer from 1 to 100000000'],
    [{ nameZh: '   ' }, 'nameZh is required'],
    [{ nameEn: 'x'.repeat(41) }, 'nameEn must be shorter than or equal to 40 characters'],
    [
      { descriptionZh: 'x'.repeat(201) },
      'descriptionZh must be shorter than or equal to 200 characters',
    ],
    [{ badgeEn: 'x'.repeat(25) }, 'badgeEn must be shorter than or equal to 24 characters'],
    [{ badgeEndsAt: 'next week' }, 'badgeEndsAt must be an ISO date-time between years 1 and 9999'],
    [{ shown: 'yes' }, 'shown must be a boolean'],
    [{ sortOrder: -1 }, 'sortOrder must be an integer from 0 to 1000'],
    [{ isPublic: true }, 'property isPublic should not exist'],
  ])('refuses %j with a 400 and changes nothing', async (change, message) => {
    const res = await put('pro', { ...SEED.pro, ...change }).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message, code: 'VALIDATION_FAILED' });
    const pro = (await admin.get('/api/admin/plans').expect(200)).body.plans.find(
      (p: { tier: string }) => p.tier === 'pro',
    );
    expect(pro.priceCents).toBe(169900);
  });

  it('answers 404 PLAN_NOT_FOUND for an unknown tier', async () => {
    expect((await put('gold', SEED.pro).expect(404)).body).toEqual(
      errorOf('Plan not found', 404, 'PLAN_NOT_FOUND'),
    );
  });

  it('a new price applies to new quotes and orders; a pending order keeps its price and is paid at it; audited old → new', async () => {
    const early = await customer(base);
    const late = await customer(base);
    const pending = (
      await early
        .post('/api/payments/create')
        .send({ subscriptionTier: 'pro', paymentMethod: 'sandbox' })
        .expect(200)
    ).body as { orderId: string; amount: number };
    expect(pending.amount).toBe(169900);

    const changed = await put('pro', { ...SEED.pro, priceCents: 149900 }).expect(200);
    expect(changed.body.plan).toMatchObject({ tier: 'pro', priceCents: 149900 });

    // Every new quote and order reads the table.
    expect(
      (await late.post('/api/payments/quote').send({ subscriptionTier: 'pro' }).expect(200)).body,
    ).toMatchObject({ targetPrice: 149900, amount: 149900 });
    expect((await plansOf(late.agent)).plans.find((p) => p.key === 'pro')).toMatchObject({
      priceCents: 149900,
      upgradePrice: 149900,
    });
    const fresh = (
      await late
        .post('/api/payments/create')
        .send({ subscriptionTier: 'pro', paymentMethod: 'sandbox' })
        .expect(200)
    ).body;
    expect(fresh.amount).toBe(149900);

    // The pending order keeps the price it was created with, and is paid at that amount.
    await pay(pending);
    const mine = (await early.agent.get(`/api/orders/by-order-id/${pending.orderId}`).expect(200))
      .body.order;
    expect(mine).toMatchObject({ status: 'paid', amount: 169900 });
    expect((await plansOf(early.agent)).currentTier).toBe('pro');

    // An upgrade is priced at the target's price today, less the price the customer's plan was bought at
    // (docs/rules.md, "Entitlements"): new Max − Pro as paid, not Pro as edited since.
    await put('ultra', { ...SEED.ultra, priceCents: 900000 }).expect(200);
    expect(
      (await early.post('/api/payments/quote').send({ subscriptionTier: 'ultra' }).expect(200))
        .body,
    ).toMatchObject({ targetPrice: 900000, originalPrice: 169900, amount: 730100 });

    const audit = (await admin.get('/api/admin/audit?action=plan.update&pageSize=50').expect(200))
      .body.items;
    const entry = audit.find(
      (e: { target: string; after: { priceCents: number } }) =>
        e.target === 'pro' && e.after.priceCents === 149900,
    );
    expect(entry).toMatchObject({
      actor: ADMIN_EMAIL,
      action: 'plan.update',
      before: { ...SEED.pro, priceCents: 169900 },
      after: { ...SEED.pro, priceCents: 149900 },
    });
    await restore('pro');
    await restore('ultra');
  });

  it('a hidden plan is not purchasable (PLAN_HIDDEN) nor public; shown again, it is', async () => {
    const c = await customer(base);
    await put('basic', { ...SEED.basic, shown: false }).expect(200);
    expect(
      (await c.post('/api/payments/quote').send({ subscriptionTier: 'basic' }).expect(400)).body,
    ).toEqual(errorOf('this plan is not on sale now', 400, 'PLAN_HIDDEN'));
    expect(
      (
        await c
          .post('/api/payments/create')
          .send({ subscriptionTier: 'basic', paymentMethod: 'sandbox' })
          .expect(400)
      ).body.code,
    ).toBe('PLAN_HIDDEN');
    expect((await plansOf(c.agent)).plans.find((p) => p.key === 'basic')).toMatchObject({
      shown: false,
      isPublic: false,
      state: 'unavailable',
      purchasable: false,
    });
    await restore('basic');
    await c.post('/api/payments/quote').send({ subscriptionTier: 'basic' }).expect(200);
  });

  it('vip stays unbuyable whatever the table says', async () => {
    const c = await customer(base);
    await put('vip', { ...SEED.vip, shown: true, priceCents: 150000 }).expect(200);
    expect(
      (await c.post('/api/payments/quote').send({ subscriptionTier: 'vip' }).expect(400)).body.code,
    ).toBe('PLAN_NOT_PUBLIC');
    expect((await plansOf(c.agent)).plans.find((p) => p.key === 'vip')).toMatchObject({
      isPublic: false,
      purchasable: false,
    });
    await restore('vip');
  });

  it('texts per language, the order on the page, and a badge that stops showing after its end date', async () => {
    const c = await customer(base);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await put('pro', {
      ...SEED.pro,
      nameZh: '专业版',
      nameEn: 'Professional',
      descriptionEn: 'For studios',
      badgeZh: '新',
      badgeEn: 'NEW',
      badgeEndsAt: future,
      sortOrder: 0,
    }).expect(200);
    let plans = (await plansOf(c.agent)).plans;
    expect(plans[0]).toMatchObject({
      key: 'pro',
      name: '专业版',
      displayName: '专业版 套餐',
      names: { 'zh-CN': '专业版', en: 'Professional' },
      descriptions: { en: 'For studios' },
      badge: { 'zh-CN': '新', en: 'NEW' },
      badgeEndsAt: future,
    });
    // The order records the name as it was sold.
    const order = (
      await c
        .post('/api/payments/create')
        .send({ subscriptionTier: 'pro', paymentMethod: 'sandbox' })
        .expect(200)
    ).body;
    expect(order.productName).toBe('专业版 套餐');

    // The end date passes: the badge is gone for customers, kept (inactive) for the admin.
    await em(running)
      .getConnection()
      .execute(`update plans set badge_ends_at = now() - interval '1 second' where tier = 'pro'`);
    plans = (await plansOf(c.agent)).plans;
    expect(plans[0]).toMatchObject({ key: 'pro', badge: null, badgeEndsAt: null });
    const adminPro = (await admin.get('/api/admin/plans').expect(200)).body.plans.find(
      (p: { tier: string }) => p.tier === 'pro',
    );
    expect(adminPro).toMatchObject({ badge: { en: 'NEW' }, badgeActive: false });
    await restore('pro');
  });
});

// Several instances share one PostgreSQL server (PGlite is one process).
const onPostgres = TEST_DB === 'postgres' ? describe : describe.skip;

onPostgres('plans on several instances', () => {
  it('a price changed through one instance is what the other answers at once', async () => {
    const db = await createTestDatabase();
    const [a, b] = await Promise.all([startApp(db), startApp(db)]);
    try {
      const adminA = (await signIn(a.url, ADMIN_EMAIL)).agent;
      const onB = (await signIn(b.url, 'shopper@example.com')).agent;
      const before = (await onB.get('/api/plans').expect(200)).body.plans;
      expect(before.find((p: { key: string }) => p.key === 'pro').priceCents).toBe(169900);
      await adminA
        .put('/api/admin/plans/pro')
        .set('Origin', a.url)
        .send({ ...SEED.pro, priceCents: 159900 })
        .expect(200);
      const after = (await onB.get('/api/plans').expect(200)).body.plans;
      expect(after.find((p: { key: string }) => p.key === 'pro').priceCents).toBe(159900);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await db.drop();
    }
  });
});
