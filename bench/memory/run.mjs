// Memory of one app instance under a steady mixed load for DURATION seconds (default 600): the plugin's
// verify-token and licence check, the console's licence list (a Max customer with 100 seats), order
// creation (20 signed-in customers in turn, sandbox gateway), page loads (/, /docs, and a first visit's
// main script asset, gzipped) and the health check, each at a fixed rate (one autocannon per scenario, all in parallel; 300
// req/s in total). The server's resident memory is read from /proc/<pid>/status (VmRSS, and RssAnon, the
// anonymous part where the JS heap lives) every 5 seconds; nothing is added to the app to expose its heap.
// Baseline, from the same run: the median RSS over the first minute after a 60 s warm-up. Flatness: a
// least-squares line through every sample after the warm-up, and the median of the last minute against the
// baseline. (With DURATION under 300 s the warm-up is 20% of the run and each minute window a third of the
// rest, so quick runs still compare a start to an end.)
// Goals: last-minute median <= 1.10 x baseline; slope < 1 MB/min; no non-2xx answers or socket errors; every
// scenario held its rate (>= 95%).
// Usage: npm run build && npm run bench:memory   (DURATION=600 seconds; DURATION=60 for a quick run; BENCH_PORT=3331)
import { freshDatabase, pgClient, signIn, startBuiltApp } from '../lib/app.mjs';
import { finish, goal, inBatches, line, measure } from '../lib/load.mjs';
import { cpuSecondsOf, memoryOf } from '../lib/proc.mjs';
import { seedMaxCustomer, seedOtherCustomers } from '../lib/seed.mjs';

const DURATION = Number(process.env.DURATION ?? 600);
const PORT = Number(process.env.BENCH_PORT ?? 3331);
const SAMPLE_SECONDS = 5;
const WARMUP = DURATION >= 300 ? 60 : Math.round(DURATION * 0.2);
const WINDOW = DURATION >= 300 ? 60 : Math.round((DURATION - WARMUP) / 3);
const MAX_EMAIL = 'memory-max@bench.test';

const db = await freshDatabase();
const app = await startBuiltApp({ databaseUrl: db.url, port: PORT, env: { LOG_LEVEL: 'info' } });
const { secret } = app;
try {
  const cookie = await signIn(app.base, MAX_EMAIL);
  const buyers = await inBatches(
    Array.from({ length: 20 }, (_, i) => `memory-buyer${i + 1}@bench.test`),
    10,
    (e) => signIn(app.base, e),
  );
  if (!cookie || buyers.some((c) => !c)) throw new Error('a sign-in gave no session cookie');
  const token = /** @type {any} */ (
    await fetch(`${app.base}/api/apitokens/token`, { headers: { cookie } }).then((r) => r.json())
  ).plainToken;
  const sql = pgClient(db.url);
  sql.on('error', () => {}); // a failed run drops the database under it
  await sql.connect();
  const userId = (await sql.query('select id from users where email = $1', [MAX_EMAIL])).rows[0].id;
  await seedOtherCustomers(sql, { users: 10_000, perUser: 5 });
  const seeded = await seedMaxCustomer(sql, { userId, secret, seats: 100, bound: 60, aiEvery: 3 });
  await sql.query('vacuum analyze');

  const home = await fetch(`${app.base}/`).then((r) => r.text());
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
  if (!asset) throw new Error('the home page names no script asset (is the frontend built?)');
  const json = { 'content-type': 'application/json' };
  let k = 0;
  const rotate = (req) => {
    const i = k++;
    return {
      ...req,
      body: JSON.stringify({ subscriptionTier: ['basic', 'pro', 'ultra'][i % 3] }),
      headers: { ...req.headers, cookie: buyers[i % buyers.length] },
    };
  };
  const scenarios = {
    'verify-token': {
      rate: 60,
      method: 'POST',
      path: '/api/verify-token',
      headers: json,
      body: JSON.stringify({ token }),
    },
    'licence-check': {
      rate: 60,
      method: 'POST',
      path: '/api/licenses/check',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({ domain: 'www.site7.bench-max.example' }),
    },
    'licence-list': { rate: 40, path: '/api/apitokens/licenses', headers: { cookie } },
    'order-creation': {
      rate: 30,
      method: 'POST',
      path: '/api/payments/create',
      headers: { ...json, 'sec-fetch-site': 'same-origin' },
      requests: [{ setupRequest: rotate }],
    },
    'page /': { rate: 40, path: '/' },
    'page /docs': { rate: 30, path: '/docs' },
    // A first visit's main script, gzipped on the fly (later visits have it cached: immutable).
    'script asset': { rate: 5, path: asset, headers: { 'accept-encoding': 'gzip' } },
    health: { rate: 35, path: '/api/health' },
  };
  // Sanity: each scenario answers 2xx before the clock starts.
  for (const [name, s] of Object.entries(scenarios)) {
    const req = s.requests ? s.requests[0].setupRequest({ headers: s.headers ?? {} }) : s;
    const res = await fetch(`${app.base}${s.path}`, {
      method: s.method ?? 'GET',
      headers: req.headers,
      body: req.body,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${name}: ${res.status} ${text.slice(0, 200)}`);
    if (name === 'licence-check' && JSON.parse(text).code !== 'VALID')
      throw new Error(`licence check: ${text}`);
    if (name === 'licence-list' && JSON.parse(text).licenses.length !== seeded.seats)
      throw new Error('licence list is not 100 seats');
  }
  const ordersCount = async () =>
    (
      await sql.query(
        `select count(*)::int as n from orders where order_id like 'SK2%' and payment_gateway = 'sandbox'`,
      )
    ).rows[0].n;
  const ordersBefore = await ordersCount(); // the sanity check's order
  const totalRate = Object.values(scenarios).reduce((a, s) => a + s.rate, 0);
  console.log(
    `one instance (pid ${app.pid}), ${Object.keys(scenarios).length} scenarios at ${totalRate} req/s in total for ${DURATION} s; ` +
      `RSS every ${SAMPLE_SECONDS} s; warm-up ${WARMUP} s, windows ${WINDOW} s`,
  );

  const samples = [];
  const start = performance.now();
  let lastCpu = cpuSecondsOf(app.pid);
  let lastT = 0;
  const sample = () => {
    const t = +((performance.now() - start) / 1000).toFixed(1);
    const cpu = cpuSecondsOf(app.pid);
    const s = {
      t,
      ...memoryOf(app.pid),
      cpuCores: t > lastT ? +((cpu - lastCpu) / (t - lastT)).toFixed(2) : 0,
    };
    lastCpu = cpu;
    lastT = t;
    samples.push(s);
    if (process.stdout.isTTY || Math.round(t) % 60 < SAMPLE_SECONDS)
      console.log(
        `  t=${String(Math.round(t)).padStart(4)} s  RSS ${s.rssMb} MB (anon ${s.rssAnonMb} MB)  cpu ${s.cpuCores}`,
      );
  };
  sample();
  const timer = setInterval(sample, SAMPLE_SECONDS * 1000);
  const runs = await Promise.all(
    Object.entries(scenarios).map(([, s]) =>
      measure({
        url: `${app.base}${s.path}`,
        method: s.method ?? 'GET',
        headers: s.headers,
        body: s.body,
        requests: s.requests,
        duration: DURATION,
        overallRate: s.rate,
        connections: Math.min(5, s.rate),
      }),
    ),
  );
  clearInterval(timer);
  if ((performance.now() - start) / 1000 - lastT > 1) sample();
  const orderRows = (await ordersCount()) - ordersBefore;
  await sql.end();

  console.log('');
  const perScenario = {};
  Object.keys(scenarios).forEach((name, i) => {
    perScenario[name] = { offeredRate: scenarios[name].rate, ...runs[i] };
    console.log(line(`${name} @ ${scenarios[name].rate}/s`, runs[i]));
  });

  // Flatness after the warm-up.
  const after = samples.filter((s) => s.t >= WARMUP);
  const median = (xs) => {
    const v = [...xs].sort((a, b) => a - b);
    return v.length
      ? v.length % 2
        ? v[(v.length - 1) / 2]
        : (v[v.length / 2 - 1] + v[v.length / 2]) / 2
      : NaN;
  };
  const end = samples.at(-1).t;
  const firstWindow = after.filter((s) => s.t < WARMUP + WINDOW);
  const lastWindow = samples.filter((s) => s.t >= end - WINDOW);
  const fit = (key) => {
    const n = after.length;
    const mx = after.reduce((a, s) => a + s.t, 0) / n;
    const my = after.reduce((a, s) => a + s[key], 0) / n;
    const sxy = after.reduce((a, s) => a + (s.t - mx) * (s[key] - my), 0);
    const sxx = after.reduce((a, s) => a + (s.t - mx) ** 2, 0);
    const syy = after.reduce((a, s) => a + (s[key] - my) ** 2, 0);
    return {
      slopeMbPerMin: +((sxy / sxx) * 60).toFixed(3),
      r2: syy ? +((sxy * sxy) / (sxx * syy)).toFixed(3) : null,
    };
  };
  /** @type {Record<string, any>} */
  const rss = {
    idleBeforeLoadMb: samples[0].rssMb,
    baselineMedianMb: median(firstWindow.map((s) => s.rssMb)),
    lastMinuteMedianMb: median(lastWindow.map((s) => s.rssMb)),
    minMb: Math.min(...after.map((s) => s.rssMb)),
    maxMb: Math.max(...after.map((s) => s.rssMb)),
    peakMb: samples.at(-1).peakRssMb,
    ...fit('rssMb'),
  };
  rss.lastToBaseline = +(rss.lastMinuteMedianMb / rss.baselineMedianMb).toFixed(3);
  /** @type {Record<string, any>} */
  const anon = {
    baselineMedianMb: median(firstWindow.map((s) => s.rssAnonMb)),
    lastMinuteMedianMb: median(lastWindow.map((s) => s.rssAnonMb)),
    ...fit('rssAnonMb'),
  };
  anon.lastToBaseline = +(anon.lastMinuteMedianMb / anon.baselineMedianMb).toFixed(3);
  console.log(
    `\nRSS: idle ${rss.idleBeforeLoadMb} MB; baseline (median ${WARMUP}-${WARMUP + WINDOW} s) ${rss.baselineMedianMb} MB; ` +
      `last ${WINDOW} s median ${rss.lastMinuteMedianMb} MB (x${rss.lastToBaseline}); min/max after warm-up ${rss.minMb}/${rss.maxMb} MB; ` +
      `slope ${rss.slopeMbPerMin} MB/min (r2 ${rss.r2}); peak ${rss.peakMb} MB`,
  );
  console.log(
    `RssAnon: baseline ${anon.baselineMedianMb} MB, last ${anon.lastMinuteMedianMb} MB (x${anon.lastToBaseline}), slope ${anon.slopeMbPerMin} MB/min`,
  );

  const errors = runs.reduce((a, r) => a + r.non2xx + r.errors, 0);
  const slow = Object.entries(perScenario)
    .filter(([, r]) => r.rps < r.offeredRate * 0.95)
    .map(([n, r]) => `${n} ${r.rps}/${r.offeredRate}`);
  const orders2xx = perScenario['order-creation'].ok;
  console.log(`orders: ${orders2xx} answered 2xx, ${orderRows} rows`);
  const results = {
    date: new Date().toISOString(),
    durationSeconds: DURATION,
    sampleSeconds: SAMPLE_SECONDS,
    warmupSeconds: WARMUP,
    windowSeconds: WINDOW,
    totalRate,
    seeded,
    rss,
    rssAnon: anon,
    orders: { answered2xx: orders2xx, rows: orderRows },
    scenarios: perScenario,
    samples,
  };
  finish('memory', results, {
    'last-minute RSS median <= 1.10 x the first minute after warm-up': goal(
      rss.lastToBaseline <= 1.1,
      rss.lastToBaseline,
      '<= 1.10',
    ),
    'RSS slope after warm-up < 1 MB/min': goal(
      rss.slopeMbPerMin < 1,
      `${rss.slopeMbPerMin} MB/min`,
      '< 1 MB/min',
    ),
    'no non-2xx answers or socket errors': goal(errors === 0, errors, '0'),
    'every scenario held >= 95% of its rate': goal(
      !slow.length,
      slow.length ? slow.join(', ') : 'all',
      'all',
    ),
    // A timed autocannon run cuts off the requests in flight when it stops (at most its 5 connections):
    // those orders may be stored without their answer being counted.
    'orders rows == 2xx answers (+ at most 5 cut off in flight)': goal(
      orderRows >= orders2xx && orderRows - orders2xx <= 5,
      `${orderRows} rows / ${orders2xx} answers`,
      '0..5 more rows than answers',
    ),
  });
} finally {
  await app.stop();
  await db.drop();
}
