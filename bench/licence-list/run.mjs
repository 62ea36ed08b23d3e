// The console's licence list under load: GET /api/apitokens/licenses (session cookie; the route takes no
// bearer token, and the plugin never calls it) for a Max-tier customer with 100 seats (60 bound to
// domains, 33 with an AI configuration whose key is decrypted and masked for every answer), among 10,000
// other customers with 5 seats each, on PostgreSQL.
// Baseline, measured in the same run: bench/licence-list/baseline.mjs, a bare node:http + pg server giving
// the same 100 rows as the same JSON (checked field by field before measuring) from one indexed query.
// The app's extra work per request is the session (lookup, rolling touch, user lookup), the guard, the
// ORM and the middleware stack. Neither side compresses (no Accept-Encoding sent).
// Goals: at 50 connections >= 50% of the baseline's requests/s; at a steady 200 requests/s (10 connections)
// p99 <= 50 ms; no non-2xx answers or socket errors.
// Usage: npm run build && npm run bench:licence-list   (DURATION=10 seconds per measurement; BENCH_PORT=3311)
import { join } from 'node:path';
import { freshDatabase, pgClient, root, signIn, startBuiltApp } from '../lib/app.mjs';
import { startBare } from '../lib/bare-server.mjs';
import { finish, goal, line, measure, ratio } from '../lib/load.mjs';
import { seedMaxCustomer, seedOtherCustomers } from '../lib/seed.mjs';

const DURATION = Number(process.env.DURATION ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3311);
const CONNECTIONS = 50;
const RATE = 200;
const EMAIL = 'max-customer@bench.test';
const PATH = '/api/apitokens/licenses';

/** Key order does not matter to a reader of JSON; compare values only. */
const canonical = (v) =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical(v[k])]),
        )
      : v;

const db = await freshDatabase();
const app = await startBuiltApp({ databaseUrl: db.url, port: PORT, env: { LOG_LEVEL: 'info' } });
const { secret } = app;
let baseline;
try {
  const cookie = await signIn(app.base, EMAIL);
  if (!cookie) throw new Error('sign-in gave no session cookie');
  const sql = pgClient(db.url);
  sql.on('error', () => {}); // a failed run drops the database under it
  await sql.connect();
  const t0 = Date.now();
  const userId = (await sql.query('select id from users where email = $1', [EMAIL])).rows[0].id;
  await seedOtherCustomers(sql, { users: 10_000, perUser: 5 });
  const seeded = await seedMaxCustomer(sql, { userId, secret, seats: 100, bound: 60, aiEvery: 3 });
  await sql.query('vacuum analyze');
  const totalLicences = (await sql.query('select count(*)::int as n from licenses')).rows[0].n;
  await sql.end();
  console.log(
    `seeded the Max customer ${JSON.stringify(seeded)} among ${totalLicences} licences in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  baseline = await startBare(join(root, 'bench/licence-list/baseline.mjs'), {
    port: PORT + 1,
    env: { DATABASE_URL: db.url, USER_ID: userId, APP_SECRET: secret },
  });

  // Sanity: both answer the same 100 seats, in seat order, with the same fields and values.
  const appRes = await fetch(`${app.base}${PATH}`, { headers: { cookie } });
  const appBody = /** @type {any} */ (await appRes.json());
  /** @type {any} */
  const baseBody = await fetch(`${baseline.base}/licenses`).then((r) => r.json());
  const list = appBody.licenses ?? [];
  const checks = {
    status200: appRes.status === 200,
    seats: list.length === seeded.seats,
    ordered: list.every((l, i) => l.seatIndex === i + 1),
    bound:
      appBody.summary?.bound === seeded.bound &&
      list.filter((l) => l.websiteUrl).length === seeded.bound,
    aiConfigured:
      list.filter(
        (l) => l.aiConfigStatus.configured && /^sk-b\*{4}.{4}$/.test(l.aiConfigStatus.maskedApiKey),
      ).length === seeded.withAiConfig,
    noSecrets: !JSON.stringify(appBody).includes('v1.') && !('aiApiKey' in (list[0] ?? {})),
    sameAsBaseline:
      JSON.stringify(canonical(appBody.licenses)) === JSON.stringify(canonical(baseBody.licenses)),
  };
  const bytes = {
    app: Buffer.byteLength(JSON.stringify(appBody)),
    baseline: Buffer.byteLength(JSON.stringify(baseBody)),
  };
  if (!Object.values(checks).every(Boolean))
    throw new Error(
      `sanity checks failed: ${JSON.stringify(checks)}\n${JSON.stringify(appBody).slice(0, 600)}`,
    );
  console.log(
    `sanity: ${Object.keys(checks).join(', ')} ok; body ${bytes.app} bytes (baseline ${bytes.baseline})`,
  );

  const appRun = (extra) =>
    measure(
      { url: `${app.base}${PATH}`, headers: { cookie }, duration: DURATION, ...extra },
      { pid: app.pid },
    );
  const baseRun = (extra) =>
    measure(
      { url: `${baseline.base}/licenses`, duration: DURATION, ...extra },
      { pid: baseline.pid },
    );
  await appRun({ duration: 3, connections: CONNECTIONS }); // warm-up: JIT, pools, caches
  await baseRun({ duration: 3, connections: CONNECTIONS });
  const baseSat = await baseRun({ connections: CONNECTIONS });
  const appSat = await appRun({ connections: CONNECTIONS });
  // A steady rate: 10 connections at 20 req/s each (see bench/verify-token on lock-step bursts).
  const baseRate = await baseRun({ connections: 10, overallRate: RATE });
  const appRate = await appRun({ connections: 10, overallRate: RATE });

  console.log('');
  console.log(line(`baseline, ${CONNECTIONS} connections`, baseSat));
  console.log(line(`app,      ${CONNECTIONS} connections`, appSat));
  console.log(line(`baseline, steady ${RATE} req/s`, baseRate));
  console.log(line(`app,      steady ${RATE} req/s`, appRate));
  const throughputRatio = ratio(appSat.rps, baseSat.rps);
  const p99Ratio = ratio(appRate.p99Ms, baseRate.p99Ms);
  console.log(
    `ratio app/baseline: throughput ${throughputRatio}; p50 at ${CONNECTIONS} connections ${ratio(appSat.p50Ms, baseSat.p50Ms)}x; p99 at ${RATE} req/s ${p99Ratio}x`,
  );

  const errors = appSat.non2xx + appSat.errors + appRate.non2xx + appRate.errors;
  const results = {
    date: new Date().toISOString(),
    durationSeconds: DURATION,
    endpoint: `GET ${PATH}`,
    seeded: { ...seeded, licencesInDatabase: totalLicences },
    responseBytes: bytes,
    saturation: { connections: CONNECTIONS, app: appSat, baseline: baseSat, throughputRatio },
    steady: { rate: RATE, connections: 10, app: appRate, baseline: baseRate, p99Ratio },
  };
  finish('licence-list', results, {
    [`throughput >= 0.5 of baseline at ${CONNECTIONS} connections`]: goal(
      (throughputRatio ?? 0) >= 0.5,
      throughputRatio,
      '>= 0.5',
    ),
    [`p99 <= 50 ms at a steady ${RATE} req/s`]: goal(
      appRate.p99Ms <= 50 && appRate.rps >= RATE * 0.95,
      `${appRate.p99Ms} ms at ${appRate.rps} req/s`,
      '<= 50 ms',
    ),
    'no non-2xx answers or socket errors': goal(errors === 0, errors, '0'),
  });
} finally {
  await baseline?.stop();
  await app.stop();
  await db.drop();
}
