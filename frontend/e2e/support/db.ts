import { test } from '@playwright/test';
import pg from 'pg';

/** Database fixtures for journeys: only when scripts/e2e.mjs gave the app a PostgreSQL database. */
export const hasDatabase = Boolean(process.env.E2E_DATABASE_URL);

export function requireDatabase() {
  test.skip(!hasDatabase, 'needs the PostgreSQL database that scripts/e2e.mjs creates');
}

export async function sql<T = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Gives a user (by e-mail) seats of a tier, as a purchase would: with the standing order that entitles to
 * them (an internal grant at the tier's price; for Max beyond 10 seats, its growth), since what a customer
 * holds is derived from the orders (docs/rules.md, "Entitlements").
 */
export async function giveSeats(
  email: string,
  tier: 'basic' | 'vip' | 'pro' | 'ultra',
  count: number,
) {
  const [user] = await sql<{ id: string }>('select id from users where email = $1', [
    email.toLowerCase(),
  ]);
  if (!user) throw new Error(`no user ${email}: sign in first`);
  const first = tier === 'ultra' ? 10 : { basic: 1, vip: 2, pro: 5 }[tier];
  const [grant] = await sql<{ id: string }>(
    `insert into orders (id, order_id, user_id, product_type, product_name, subscription_tier, seat_count, list_price,
       amount, status, paid_at, payment_method, payment_gateway, credit_value)
     select gen_random_uuid(), 'E2E-' || replace(gen_random_uuid()::text, '-', ''), $1, 'permanent', $2, $2, $3, 0, 0,
       'paid', now(), 'admin-grant', 'internal', price_cents from plans where tier = $2 returning id`,
    [user.id, tier, first],
  );
  if (tier === 'ultra' && count > first)
    await sql(
      `insert into orders (id, order_id, user_id, product_type, product_name, subscription_tier, seat_count, list_price,
         amount, status, paid_at, payment_method, payment_gateway, parent_order_id)
       values (gen_random_uuid(), 'E2E-' || replace(gen_random_uuid()::text, '-', ''), $1, 'permanent', 'ultra', 'ultra',
         $2, 0, 0, 'paid', now(), 'auto-expansion', 'internal', $3)`,
      [user.id, count - first, grant.id],
    );
  await sql(
    `insert into licenses (id, user_id, purchase_tier, seat_index)
     select gen_random_uuid(), $1, $2, coalesce((select max(seat_index) from licenses where user_id = $1), 0) + g
     from generate_series(1, $3::int) g`,
    [user.id, tier, count],
  );
}
