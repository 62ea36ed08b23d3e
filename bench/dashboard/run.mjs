// The seller's dashboard and the orders CSV export at scale (docs/product.md, back office): 100,000 users,
// 300,000 licences and 200,000 orders over 400 days on PostgreSQL, seeded in bulk SQL. Measures
// GET /api/admin/dashboard through HTTP as an admin beside a baseline in the same run (GET /api/health:
// the same server, session and network path, no query work), then exports every order as CSV while
// sampling the app's resident memory (RSS), to show it stays flat whatever the row count.
// Goal: the dashboard's p95 under 150 ms. Usage: npm run build && npm run bench:dashboard
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freshDatabase, pgClient, root, signIn, startBuiltApp } from '../lib/app.mjs';

const USERS = Number(process.env.USERS ?? 100_000);
const LICENCES_PER_USER = 3;
const ORDERS = Number(process.env.ORDERS ?? 200_000);
const SAMPLES = Number(process.env.SAMPLES ?? 50);
const ADMIN = 'bench-admin@example.com';

/** The app process's resident set in MiB (Linux /proc). */
function rssMiB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? +(Number(m[1]) / 1024).toFixed(1) : NaN;
}

const db = await freshDatabase();
const app = await startBuiltApp({
  databaseUrl: db.url,
  port: 3352,
  env: { ADMIN_EMAILS: ADMIN, LOG_LEVEL: 'warn' },
});
try {
  const cookie = await signIn(app.base, ADMIN);
  const sql = pgClient(db.url);
  await sql.connect();
  const t0 = Date.now();
  // Users over the last 400 days.
  await sql.query(`insert into users (id, name, email, google_sub, created_at)
    select gen_random_uuid(), 'customer ' || g, 'user' || g || '@mail' || (g % 97) || '.example', 'bench-sub-' || g,
           now() - (g % 400 || ' days')::interval - (g % 86400 || ' seconds')::interval
    from generate_series(1, ${USERS}) g`);
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
                 1 + (g * 7919) % ${USERS} as n
          from generate_series(1, ${ORDERS}) g) o
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
  await sql.end();
  console.log(`seeded ${JSON.stringify(counts)} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  async function timed(path) {
    const times = [];
    /** @type {any} */
    let last;
    for (let i = 0; i < SAMPLES + 3; i++) {
      const start = performance.now();
      const res = await fetch(`${app.base}${path}`, { headers: { cookie } });
      last = await res.json();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(last)}`);
      if (i >= 3) times.push(performance.now() - start); // 3 warm-up requests
    }
    times.sort((a, b) => a - b);
    const q = (p) => +times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
    return { p50: q(0.5), p95: q(0.95), max: q(1), answer: last };
  }

  const baseline = await timed('/api/health');
  const dashboard = await timed('/api/admin/dashboard');
  const all = dashboard.answer.periods.find((p) => p.key === 'all').current;
  console.log(`baseline /api/health     p50 ${baseline.p50} ms  p95 ${baseline.p95} ms`);
  console.log(
    `GET /api/admin/dashboard p50 ${dashboard.p50} ms  p95 ${dashboard.p95} ms  max ${dashboard.max} ms` +
      `  (all time: ${all.orders} orders, revenue ¥${(all.revenue / 100).toFixed(2)})`,
  );

  // The export of every order (none filtered out), its body read as it comes; RSS sampled every 20 ms.
  const pid = app.pid;
  const rssStart = rssMiB(pid);
  let rssPeak = rssStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMiB(pid));
  }, 20);
  const e0 = performance.now();
  const res = await fetch(`${app.base}/api/admin/orders/export.csv`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 0x0a) lines++;
  }
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, rssMiB(pid));
  const exportMs = performance.now() - e0;
  const exportResult = {
    rows: lines - 1 - 0, // minus the header (no line breaks inside the generated cells)
    megabytes: +(bytes / 1024 / 1024).toFixed(1),
    seconds: +(exportMs / 1000).toFixed(1),
    rssStartMiB: rssStart,
    rssPeakMiB: rssPeak,
    rssGrowthMiB: +(rssPeak - rssStart).toFixed(1),
  };
  console.log(
    `export.csv: ${exportResult.rows} rows, ${exportResult.megabytes} MiB in ${exportResult.seconds} s; ` +
      `RSS ${rssStart} → peak ${rssPeak} MiB (+${exportResult.rssGrowthMiB} MiB)`,
  );

  const results = {
    date: new Date().toISOString(),
    seeded: counts,
    samples: SAMPLES,
    baseline: { p50: baseline.p50, p95: baseline.p95, max: baseline.max },
    dashboard: {
      p50: dashboard.p50,
      p95: dashboard.p95,
      max: dashboard.max,
      under150ms: dashboard.p95 < 150,
    },
    export: exportResult,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/dashboard.json'), JSON.stringify(results, null, 2) + '\n');
  console.log(
    results.dashboard.under150ms ? 'Dashboard p95 under 150 ms.' : 'Dashboard p95 over 150 ms.',
  );
  process.exitCode = results.dashboard.under150ms ? 0 : 1;
} finally {
  await app.stop();
  await db.drop();
}
