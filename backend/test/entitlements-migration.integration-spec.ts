import { ENTITLEMENTS_BACKFILL } from '../src/database/migrations/Migration20261204100000';
import { ADMIN_EMAIL, signIn, withFreshApp, type RunningApp } from './support/app';
import { customer } from './support/customer';
import { em } from './support/factories';

/**
 * Orders written before the entitlements (Migration20261204100000): the backfill gives them what the rules
 * read (credit value, upgrade credit and credit order, an expansion's Max order), and an expansion whose Max
 * order was refunded is refunded with it. Legacy rows are written as the old code wrote them (the new
 * columns at their defaults), then the backfill runs as the migration runs it.
 */
describe('the entitlements migration on orders written before', () => {
  let running: RunningApp;
  let base: string;
  withFreshApp({ PAYMENT_GATEWAYS: 'sandbox' }, (app) => {
    running = app;
    base = app.url;
  });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    em(running).getConnection().execute<T[]>(text, params);
  let n = 0;
  /** An order as the code before wrote it: the new columns left at their defaults. */
  const legacy = async (
    userId: string,
    o: {
      tier: string;
      status: string;
      listPrice: number;
      amount: number;
      discount?: number;
      from?: string;
      method?: string;
      gateway?: string;
      minutesAgo: number;
    },
  ) => {
    const orderId = `LEGACY${++n}`;
    const [{ id }] = await sql<{ id: string }>(
      `insert into orders (id, order_id, user_id, product_type, product_name, subscription_tier, seat_count,
         list_price, discount_amount, upgraded_from_tier, amount, status, paid_at, refunded_at, payment_method,
         payment_gateway, created_at)
       values (gen_random_uuid(), ?, ?, 'permanent', ?, ?, 1, ?, ?, ?, ?, ?,
         now() - ? * interval '1 minute', case when ? = 'refunded' then now() end, ?, ?,
         now() - ? * interval '1 minute')
       returning id`,
      [
        orderId,
        userId,
        o.tier,
        o.tier,
        o.listPrice,
        o.discount ?? 0,
        o.from ?? null,
        o.amount,
        o.status,
        o.minutesAgo,
        o.status,
        o.method ?? 'sandbox',
        o.gateway ?? 'sandbox',
        o.minutesAgo,
      ],
    );
    return { id, orderId };
  };
  const row = async (id: string) =>
    (
      await sql<{
        credit_value: number;
        upgrade_credit: number;
        credit_order_id: string | null;
        parent_order_id: string | null;
        status: string;
      }>(
        'select credit_value, upgrade_credit, credit_order_id, parent_order_id, status from orders where id = ?',
        [id],
      )
    )[0];

  it('fills in credit values, upgrade credits and chains, and refunds the expansions of a refunded Max', async () => {
    const a = await customer(base);
    const basic = await legacy(a.userId, {
      tier: 'basic',
      status: 'paid',
      listPrice: 69900,
      amount: 69900,
      minutesAgo: 30,
    });
    const pro = await legacy(a.userId, {
      tier: 'pro',
      status: 'paid',
      listPrice: 169900,
      discount: 10000,
      amount: 90000,
      from: 'basic',
      minutesAgo: 20,
    });
    const b = await customer(base);
    const max = await legacy(b.userId, {
      tier: 'ultra',
      status: 'refunded',
      listPrice: 998000,
      amount: 998000,
      minutesAgo: 30,
    });
    const grown = await legacy(b.userId, {
      tier: 'ultra',
      status: 'paid',
      listPrice: 0,
      amount: 0,
      method: 'auto-expansion',
      gateway: 'internal',
      minutesAgo: 20,
    });
    const c = await customer(base);
    const vip = await legacy(c.userId, {
      tier: 'vip',
      status: 'paid',
      listPrice: 0,
      amount: 0,
      method: 'vip-grant',
      gateway: 'internal',
      minutesAgo: 10,
    });

    for (const statement of ENTITLEMENTS_BACKFILL) await sql(statement);

    expect(await row(basic.id)).toMatchObject({ credit_value: 69900, upgrade_credit: 0 });
    // Pro: 169,900 list − 10,000 discount − 90,000 paid = the 69,900 deduction for Basic.
    expect(await row(pro.id)).toMatchObject({
      credit_value: 169900,
      upgrade_credit: 69900,
      credit_order_id: basic.id,
    });
    expect(await row(grown.id)).toMatchObject({ parent_order_id: max.id, status: 'refunded' });
    expect(await row(vip.id)).toMatchObject({ credit_value: 100000 });

    // The rules read the migrated rows: Basic cannot be refunded under the Pro upgrade priced against it.
    const admin = (await signIn(base, ADMIN_EMAIL)).agent;
    const refused = await admin
      .post(`/api/admin/orders/${basic.orderId}/refund`)
      .set('Origin', base)
      .send({})
      .expect(409);
    expect(refused.body).toMatchObject({
      code: 'REFUND_LATER_UPGRADE_FIRST',
      refundFirst: pro.orderId,
    });
    // And an upgrade from Pro is priced against Pro as paid.
    expect(
      (await a.post('/api/payments/quote').send({ subscriptionTier: 'ultra' }).expect(200)).body,
    ).toMatchObject({ originalPrice: 169900, amount: 998000 - 169900 });
    expect(
      (await b.post('/api/payments/quote').send({ subscriptionTier: 'pro' }).expect(200)).body,
    ).toMatchObject({ fromTier: null, amount: 169900 });
  });
});
