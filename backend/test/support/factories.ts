import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { License } from '../../src/licenses/license.entity';
import type { LicenseType } from '../../src/orders/order.entity';
import { initialSeats, type Tier } from '@seatkeeper/domain';
import type { RunningApp } from './app';

export function em(running: RunningApp): EntityManager {
  return running.app.get(MikroORM).em.fork() as EntityManager;
}

/**
 * Seats straight into the database (purchases have their own tests), with the standing order that
 * entitles to them (docs/rules.md, "Entitlements": what a customer holds is derived from the orders): an
 * internal grant of the tier at its seeded price, and for Max beyond 10 seats an expansion of that order.
 * The seats name no order, so the dashboard counts them as sold as before.
 */
export async function giveSeats(
  running: RunningApp,
  userId: string,
  tier: Tier,
  count: number,
  options: {
    licenseType?: LicenseType;
    expiresAt?: Date | null;
    bound?: string[];
    firstIndex?: number;
    bindingChangesLeft?: number;
  } = {},
): Promise<License[]> {
  const e = em(running);
  const conn = e.getConnection();
  const highest = (options.firstIndex ?? 1) + count - 1;
  const [{ id: planOrderId }] = await conn.execute<{ id: string }[]>(
    `insert into orders (id, order_id, user_id, product_type, product_name, subscription_tier, seat_count, list_price,
       amount, status, paid_at, payment_method, payment_gateway, credit_value)
     select gen_random_uuid(), 'TEST-' || replace(gen_random_uuid()::text, '-', ''), ?, 'permanent', ?, ?, ?, 0, 0,
       'paid', now(), 'admin-grant', 'internal', price_cents from plans where tier = ? returning id`,
    [userId, `${tier} (test grant)`, tier, initialSeats(tier), tier],
  );
  if (tier === 'ultra' && highest > initialSeats(tier))
    await conn.execute(
      `insert into orders (id, order_id, user_id, product_type, product_name, subscription_tier, seat_count, list_price,
         amount, status, paid_at, payment_method, payment_gateway, parent_order_id)
       values (gen_random_uuid(), 'TEST-' || replace(gen_random_uuid()::text, '-', ''), ?, 'permanent', 'Max (test growth)',
         'ultra', ?, 0, 0, 'paid', now(), 'auto-expansion', 'internal', ?)`,
      [userId, highest - initialSeats(tier), planOrderId],
    );
  const seats: License[] = [];
  for (let i = 0; i < count; i++) {
    seats.push(
      e.create(License, {
        user: userId,
        purchaseTier: tier,
        seatIndex: (options.firstIndex ?? 1) + i,
        licenseType: options.licenseType ?? 'permanent',
        expiresAt: options.expiresAt ?? null,
        websiteUrl: options.bound?.[i] ?? null,
        bindingChangesLeft: options.bindingChangesLeft ?? 2,
      }),
    );
  }
  await e.flush();
  return seats;
}

/**
 * A signed-in session made directly in the database (for apps with no development sign-in, i.e.
 * production mode): returns the Cookie header value express-session accepts.
 */
export async function sessionCookieFor(
  running: RunningApp,
  email: string,
): Promise<{ cookie: string; userId: string }> {
  const { sign } = await import('cookie-signature');
  const { randomBytes, randomUUID } = await import('node:crypto');
  const conn = em(running).getConnection();
  const userId = randomUUID();
  await conn.execute(
    'insert into users (id, name, email, google_sub, email_verified) values (?, ?, ?, ?, true)',
    [userId, email.split('@')[0], email, `sub-${userId}`],
  );
  const sid = randomBytes(18).toString('base64url');
  const expires = new Date(Date.now() + 86400_000);
  const data = {
    cookie: {
      originalMaxAge: 86400_000,
      expires: expires.toISOString(),
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
    },
    userId,
  };
  await conn.execute('insert into sessions (sid, data, expires_at, user_id) values (?, ?, ?, ?)', [
    sid,
    JSON.stringify(data),
    expires,
    userId,
  ]);
  const value = `s:${sign(sid, running.config.secret)}`;
  return { cookie: `${running.config.sessionCookieName}=${encodeURIComponent(value)}`, userId };
}
