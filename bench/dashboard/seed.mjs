// The dashboard benchmark's data in bulk SQL (generate_series): `users` customers over the last 400 days,
// three seats each (two bound), `orders` orders (84% paid, 4% refunded, 10% expired, 2% internal). Shared by
// run.mjs and, to study the dashboard's query plans on a database kept between runs, by this file's CLI:
//   node bench/dashboard/seed.mjs postgres://postgres@127.0.0.1:5432/seatkeeper_dashboard_scratch
// (creates the database, migrates it by starting the built app once, seeds it; npm run build first).
import { pgClient, startBuiltApp } from '../lib/app.mjs';

const LICENCES_PER_USER = 3;

/** Seeds a migrated, empty database; returns the row counts. */
export async function seedDashboardData(databaseUrl, { users = 100_000, orders = 200_000 } = {}) {
  const sql = pgClient(databaseUrl);
  await sql.connect();
  try {
    // Users over the last 400 days.
    await sql.query(`insert into users (id, name, email, google_sub, created_at)
      select gen_random_uuid(), 'customer ' || g, 'user' || g || '@mail' || (g % 97) || '.example', 'bench-sub-' || g,
             now() - (g % 400 || ' days')::interval - (g % 86400 || ' seconds')::interval
      from generate_series(1, ${users}) g`);
    // Orders: 84% paid, 4% refunded two days later, 10% expired, 2% internal (VIP grants); four plans,
    // three gateways; created and paid over the last 400 days.
    await sql.query(`insert into orders (id, order_id, user_id, product_name, subscription_tier, seat_count, list_price, amount,
                                         payment_gateway, status, paid_at, refunded_at, refund_status, created_at)
      select gen_random_uuid(), 'SKBENCH' || lpad(o.g::text, 9, '0'), u.id, t.name, t.tier, t.seats, t.price,
             case when o.kind = 'internal' then 0 else t.price end,
             case when o.kind = 'internal' then 'internal' else (array['alipay', 'wechat', 'sandbox'])[1 + o.g % 3] end,
             case o.kind when 'expired' then 'expired' when 'refunded' then 'refunded' else 'paid' end,
             case when o.kind <> 'expired' then o.at + interval '1 minute' end,
             case when o.kind = 'refunded' then o.at + interval '2 days' end,
             case when o.kind = 'refunded' then 'succeeded' end,
             o.at
      from (select g, now() - (g % 400 || ' days')::interval - (g * 7 % 86400 || ' seconds')::interval as at,
                   case when g % 50 = 0 then 'internal' when g % 25 = 1 then 'refunded' when g % 10 = 2 then 'expired' else 'paid' end as kind,
                   1 + (g * 7919) % ${users} as n
            from generate_series(1, ${orders}) g) o
      join (select id, row_number() over (order by google_sub) as n from users where google_sub like 'bench-sub-%') u on u.n = o.n
      join (values (0, 'basic', 'Basic 套餐', 1, 69900), (1, 'pro', 'Pro 套餐', 5, 169900), (2, 'ultra', 'Max 套餐', 10, 998000),
                   (3, 'vip', 'VIP 套餐', 2, 100000)) t(k, tier, name, seats, price) on t.k = o.g % 4`);
    // Three seats per user, two bound, linked to one of the user's orders when there is one.
    await sql.query(`insert into licenses (id, user_id, purchase_tier, seat_index, website_url, order_id, purchased_at)
      select gen_random_uuid(), u.id, 'pro', s, case when s < 3 then 'https://site' || u.n || '-' || s || '.example.com' end,
             (select o.id from orders o where o.user_id = u.id limit 1), u.created_at + (s || ' hours')::interval
      from (select id, created_at, row_number() over () as n from users where google_sub like 'bench-sub-%') u,
           generate_series(1, ${LICENCES_PER_USER}) s`);
    await sql.query('vacuum analyze');
    const counts = (
      await sql.query(`select (select count(*) from users)::int as users, (select count(*) from licenses)::int as licenses,
      (select count(*) from orders)::int as orders`)
    ).rows[0];
    return counts;
  } finally {
    await sql.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = new URL(
    process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/seatkeeper_dashboard_scratch',
  );
  const name = url.pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = pgClient(adminUrl.toString());
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const app = await startBuiltApp({
    databaseUrl: url.toString(),
    port: 3353,
    env: { LOG_LEVEL: 'warn' },
  });
  await app.stop();
  const t0 = Date.now();
  const counts = await seedDashboardData(url.toString(), {
    users: Number(process.env.USERS ?? 100_000),
    orders: Number(process.env.ORDERS ?? 200_000),
  });
  console.log(
    `seeded ${JSON.stringify(counts)} into ${name} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}
