// The cost of the metrics on the plugin's hottest call (issue #30 item 3): POST /api/licenses/check on two
// instances of the built app on one PostgreSQL database, one with METRICS=off and one with metrics on (the
// default), measured in back-to-back pairs (the order alternates each round, so a drift of the machine's load
// falls on both sides alike):
// - saturation: autocannon, 50 connections, DURATION seconds: answers/s and the server's CPU ms per answer;
// - latency: an open-loop paced client (RATE requests/s whatever the answers, each timed from its scheduled
//   send, so a stall shows in full; see bench/json-depth): p50 and p99.
// While the "on" instance is measured, /metrics is scraped (every SCRAPE_MS, the first at once), so the
// scrape's own cost (its database figures, the rendering) is part of the measurement.
// Goals (medians of the per-pair ratios, robust to a round disturbed by the machine's other work):
// throughput on/off >= 0.95; CPU per answer on/off <= 1.05; paced p50 on/off <= 1.05.
// Usage: npm run build && npm run bench:metrics   (DURATION=6 seconds, RATE=500 requests/s, ROUNDS=7)
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { freshDatabase, pgClient, signIn, startBuiltApp } from '../lib/app.mjs';
import { finish, goal, line, measure } from '../lib/load.mjs';
import { median, paced } from '../lib/paced.mjs';
import { alternate, medianRatios, roundErrors, setOnOffRatios } from '../lib/pairs.mjs';
import { bindBenchSeat, seedPluginCustomer } from '../lib/seed.mjs';

const DURATION = Number(process.env.DURATION ?? 6);
const RATE = Number(process.env.RATE ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
/**
 * How often /metrics is scraped while the "on" instance is measured: every 15 s by default (the usual
 * Prometheus interval), SCRAPE_MS=1000 for a scrape every second (its own cost shows), 0 for none.
 */
const SCRAPE_MS = Number(process.env.SCRAPE_MS ?? 15000);
/**
 * CONTROL=1: the noise floor. Both instances run with METRICS=off (nothing scraped), so every ratio should be
 * 1 but for the machine's own noise; run it beside a real run on a shared machine.
 */
const CONTROL = process.env.CONTROL === '1';

/** Scrapes /metrics every SCRAPE_MS until stopped (the first at once), as Prometheus does. */
function scraper(base) {
  let stop = false;
  let scrapes = 0;
  const done = (async () => {
    while (!stop) {
      const res = await fetch(`${base}/metrics`);
      if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
      await res.text();
      scrapes++;
      await new Promise((r) => setTimeout(r, SCRAPE_MS));
    }
  })();
  return {
    async stop() {
      stop = true;
      await done;
      return scrapes;
    },
  };
}

const db = await freshDatabase();
// Both instances find the code by the same HMAC digest and sign with the same key, as in production.
const secret = randomBytes(32).toString('hex');
const signingKey = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const shared = { LOG_LEVEL: 'warn', BETTER_AUTH_SECRET: secret, LICENSE_SIGNING_KEY: signingKey };
const apps = {};
try {
  apps.off = await startBuiltApp({
    databaseUrl: db.url,
    port: 3331,
    env: { ...shared, METRICS: 'off' },
  });
  apps.on = await startBuiltApp({
    databaseUrl: db.url,
    port: 3332,
    env: CONTROL ? { ...shared, METRICS: 'off' } : shared,
  });
  if ((await fetch(`${apps.off.base}/metrics`)).status !== 404)
    throw new Error('METRICS=off still serves /metrics');

  const { tokenAnswer, sql } = await seedPluginCustomer(
    { signIn, pgClient },
    {
      base: apps.on.base,
      databaseUrl: db.url,
      email: 'metrics-bench@example.com',
    },
  );
  // 5,000 orders of the other customers, so the scrape's order figures have a table to read.
  await sql.query(`insert into orders (id, order_id, user_id, product_type, product_name, subscription_tier,
      seat_count, list_price, amount, status, paid_at, payment_method, payment_gateway)
    select gen_random_uuid(), 'BENCH-' || g, u.id, 'permanent', 'Pro', 'pro', 3, 19900, 19900, 'paid', now(),
      'qrcode', 'sandbox'
    from generate_series(1, 5000) g
    join lateral (select id from users where email = 'u' || g || '@bench.test') u on true`);
  await bindBenchSeat(sql, tokenAnswer.userToken.userId);
  await sql.query('analyze');
  await sql.end();

  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${tokenAnswer.plainToken}`,
  };
  const body = JSON.stringify({ domain: 'www.bench.example' });
  for (const app of Object.values(apps)) {
    /** @type {any} */
    const check = await fetch(`${app.base}/api/licenses/check`, {
      method: 'POST',
      headers,
      body,
    }).then((r) => r.json());
    if (check.code !== 'VALID') throw new Error(`licence check answered ${JSON.stringify(check)}`);
  }
  const path = '/api/licenses/check';
  const saturate = (app, duration = DURATION) =>
    measure(
      { url: `${app.base}${path}`, method: 'POST', headers, body, duration, connections: 50 },
      { pid: app.pid },
    );
  // Warm-up of both (JIT, pools).
  await saturate(apps.off, 3);
  await saturate(apps.on, 3);

  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const order = alternate(round, 'off', 'on');
    const r = { round, order: order.join('-'), saturation: {}, paced: {}, scrapes: 0 };
    for (const mode of order) {
      const scraping = mode === 'on' && SCRAPE_MS && !CONTROL ? scraper(apps.on.base) : null;
      r.saturation[mode] = await saturate(apps[mode]);
      r.scrapes += (await scraping?.stop()) ?? 0;
      console.log(line(`round ${round} saturation ${mode}`, r.saturation[mode]));
    }
    for (const mode of order) {
      const scraping = mode === 'on' && SCRAPE_MS && !CONTROL ? scraper(apps.on.base) : null;
      r.paced[mode] = await paced(`${apps[mode].base}${path}`, {
        rate: RATE,
        duration: DURATION,
        request: { method: 'POST', headers, body },
      });
      r.scrapes += (await scraping?.stop()) ?? 0;
      const p = r.paced[mode];
      console.log(
        `round ${round} paced ${RATE}/s ${mode.padEnd(3)}          p50 ${p.p50Ms} ms  p99 ${p.p99Ms} ms  max ${p.maxMs} ms  ${JSON.stringify(p.statuses)}`,
      );
    }
    setOnOffRatios(r);
    console.log(
      `round ${round}: throughput on/off ${r.throughputRatio}, CPU per answer on/off ${r.cpuRatio}, paced p50 on/off ${r.pacedP50Ratio}, p99 ${r.pacedP99Ratio}`,
    );
    rounds.push(r);
  }

  // The counter moved on the "on" instance only.
  const text = CONTROL ? '' : await fetch(`${apps.on.base}/metrics`).then((r) => r.text());
  const counted = Number(/^seatkeeper_licence_checks_total\{code="VALID"\} (\d+)/m.exec(text)?.[1]);

  const summary = {
    ...medianRatios(rounds),
    pacedP50Ms: {
      off: median(rounds.map((r) => r.paced.off.p50Ms)),
      on: median(rounds.map((r) => r.paced.on.p50Ms)),
    },
    pacedP99Ms: {
      off: median(rounds.map((r) => r.paced.off.p99Ms)),
      on: median(rounds.map((r) => r.paced.on.p99Ms)),
    },
    validChecksCountedOnTheOnInstance: counted,
  };
  const errors = rounds.reduce((n, r) => n + roundErrors(r), 0);
  console.log(`\nmedians: ${JSON.stringify(summary)}`);
  finish(
    CONTROL ? 'metrics-control' : 'metrics',
    {
      date: new Date().toISOString(),
      durationSeconds: DURATION,
      rate: RATE,
      scrapeEveryMs: SCRAPE_MS,
      control: CONTROL,
      rounds,
      summary,
    },
    {
      'throughput with metrics on / off (median of the pairs)': goal(
        summary.throughputRatio >= 0.95,
        summary.throughputRatio,
        '>= 0.95',
      ),
      'server CPU per answer, on / off (median)': goal(
        summary.cpuRatio <= 1.05,
        summary.cpuRatio,
        '<= 1.05',
      ),
      'paced p50, on / off (median of the pairs)': goal(
        summary.pacedP50Ratio <= 1.05,
        summary.pacedP50Ratio,
        '<= 1.05',
      ),
      'no errors': goal(errors === 0, errors, 0),
      'the licence checks were counted': goal(CONTROL || counted > 0, counted, '> 0'),
    },
  );
} finally {
  for (const app of Object.values(apps)) await app.stop();
  await db.drop();
}
