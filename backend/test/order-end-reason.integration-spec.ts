import { END_REASON_CODES_BACKFILL } from '../src/database/migrations/Migration20261210110000';
import { ADMIN_EMAIL, signIn, withFreshApp, type RunningApp } from './support/app';
import { customer } from './support/customer';
import { em } from './support/factories';

/**
 * Why an order ended is stored as a code with its parameter (backend/src/orders/order-end-reason.ts), never
 * an English sentence: the customer's orders and the admin's order read it back as `endReason`, and
 * Migration20261210110000 turns the sentences stored before into their codes.
 */
describe('order end reasons: codes, not sentences', () => {
  let running: RunningApp;
  let base: string;
  withFreshApp({ PAYMENT_GATEWAYS: 'sandbox' }, (app) => {
    running = app;
    base = app.url;
  });
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    em(running).getConnection().execute<T[]>(text, params);

  it('stores a replaced order and a cancelled one as codes, shown to the customer and the admin', async () => {
    const c = await customer(base);
    const buy = async () =>
      (
        await c
          .post('/api/payments/create')
          .send({ subscriptionTier: 'pro', paymentMethod: 'sandbox' })
          .expect(200)
      ).body as { orderId: string };
    const first = await buy();
    const second = await buy();
    await c.post(`/api/payments/${second.orderId}/cancel`).send({}).expect(200);
    const [a, b] = await sql<{ failure_reason: string }>(
      'select failure_reason from orders where order_id in (?, ?) order by created_at',
      [first.orderId, second.orderId],
    );
    expect(a.failure_reason).toBe(`replaced_by_order:${second.orderId}`);
    expect(b.failure_reason).toBe('cancelled_by_customer');

    const mine = (await c.agent.get('/api/orders').expect(200)).body.orders as {
      orderId: string;
      endReason: unknown;
    }[];
    expect(mine.find((o) => o.orderId === first.orderId)!.endReason).toEqual({
      code: 'replaced_by_order',
      orderId: second.orderId,
      detail: null,
    });
    expect(mine.find((o) => o.orderId === second.orderId)!.endReason).toEqual({
      code: 'cancelled_by_customer',
      orderId: null,
      detail: null,
    });
    const admin = (await signIn(base, ADMIN_EMAIL)).agent;
    const detail = (await admin.get(`/api/admin/orders/${first.orderId}`).expect(200)).body;
    expect(detail.order.endReason).toEqual({
      code: 'replaced_by_order',
      orderId: second.orderId,
      detail: null,
    });
  });

  it('turns the sentences stored before into codes, parameters kept, and leaves other texts alone', async () => {
    const c = await customer(base);
    const stored = [
      'replaced by order SK20261101XYZ',
      'replaced by a newer order',
      'cancelled by the customer',
      'account closed',
      'QR code expired',
      'gateway: connect ETIMEDOUT',
      'a note of the seller',
    ];
    for (const [i, reason] of stored.entries())
      await sql(
        `insert into orders (id, order_id, user_id, product_name, subscription_tier, seat_count, list_price,
                             amount, status, failure_reason)
         values (gen_random_uuid(), ?, ?, 'Pro 套餐', 'pro', 1, 100, 100, 'cancelled', ?)`,
        [`SKLEGACYREASON${i}`, c.userId, reason],
      );
    for (const statement of END_REASON_CODES_BACKFILL) await sql(statement);
    const rows = await sql<{ failure_reason: string }>(
      `select failure_reason from orders where order_id like 'SKLEGACYREASON%' order by order_id`,
    );
    expect(rows.map((r) => r.failure_reason)).toEqual([
      'replaced_by_order:SK20261101XYZ',
      'replaced_by_newer_order',
      'cancelled_by_customer',
      'account_closed',
      'qr_expired',
      'gateway_refused:connect ETIMEDOUT',
      'a note of the seller',
    ]);
    const mine = (await c.agent.get('/api/orders').expect(200)).body.orders as {
      orderId: string;
      endReason: { code: string };
    }[];
    expect(mine.find((o) => o.orderId === 'SKLEGACYREASON6')!.endReason).toEqual({
      code: 'other',
      orderId: null,
      detail: 'a note of the seller',
    });
  });
});
