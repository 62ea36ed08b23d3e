// Order creation under load: POST /api/payments/create through the sandbox gateway (the development
// default), as 200 distinct signed-in customers taken in turn (their session cookies rotate through
// autocannon's setupRequest), each buying Basic, Pro or Max in turn. Nothing in the service limits a
// customer's pending orders or rate-limits this route (backend/src/payments/payments.service.ts); the
// rotation keeps the load realistic (many sessions, many users' rows) rather than avoiding a rule.
// Every answer is checked (200, pending, the tier's amount and name, a /sandbox-pay/<order number> QR URL)
// and afterwards PostgreSQL must hold exactly the answered orders: as many rows as 2xx answers, the same
// order numbers, none lost, none twice. Runs use a fixed number of requests (autocannon `amount`, sized
// from the warm-up) so no request is cut off in flight at the end and the accounting is exact.
// Baseline, measured in the same run: bench/order-creation/baseline.mjs, a bare node:http + pg server
// doing one INSERT per request into the same orders table. That is the work an order cannot avoid (a
// durable write: with synchronous_commit on, a WAL flush per commit), so the ratio shows what the app adds
// on top: session lookup and touch, user lookup, the current-tier query, a transaction, pricing, the ORM.
// GET /api/health with the same rotating cookies (same session middleware and network path, one `select 1`)
// is reported beside it but is not the goal's baseline: it writes nothing, so its ratio would hide the
// commit, and it is itself the app (it measures the order logic, not the whole cost of an order).
// Goals: at 50 connections >= 25% of the INSERT baseline's requests/s (the health check on the same stack
// reaches only about 45% of it, so 50% is out of reach for any route of this stack; 25% lets the order
// logic cost as much again as the request plumbing); at a steady 100 requests/s (10 connections)
// p99 <= 100 ms; no non-2xx answers or socket errors; orders rows == 2xx answers (the same order numbers).
// Usage: npm run build && npm run bench:orders   (DURATION=10 seconds per measurement; USERS=200; BENCH_PORT=3321)
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, pgClient, root, signIn, startBuiltApp } from '../lib/app.mjs';
import { startBare } from '../lib/bare-server.mjs';
import { finish, goal, inBatches, line, measure, ratio } from '../lib/load.mjs';
import { seedOtherCustomers, seedOtherOrders } from '../lib/seed.mjs';

const DURATION = Number(process.env.DURATION ?? 10);
const USERS = Number(process.env.USERS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3321);
const CONNECTIONS = 50;
const RATE = 100;
const TIERS = {
  basic: ['Basic 套餐', 69900],
  pro: ['Pro 套餐', 169900],
  ultra: ['Max 套餐', 998000],
};
const TIER_KEYS = Object.keys(TIERS);

const logFile = join(tmpdir(), `seatkeeper-bench-orders-${process.pid}.log`);
const logFd = openSync(logFile, 'w');
const db = await freshDatabase();
const app = await startBuiltApp({
  databaseUrl: db.url,
  port: PORT,
  env: { LOG_LEVEL: 'info' },
  stdout: logFd,
});
let baseline;
try {
  const t0 = Date.now();
  const emails = Array.from({ length: USERS }, (_, i) => `buyer${i + 1}@bench.test`);
  const cookies = await inBatches(emails, 10, (e) => signIn(app.base, e));
  if (cookies.some((c) => !c)) throw new Error('a sign-in gave no session cookie');
  const sql = pgClient(db.url);
  sql.on('error', () => {}); // a failed run drops the database under it
  await sql.connect();
  await seedOtherCustomers(sql, { users: 10_000, perUser: 1 });
  await seedOtherOrders(sql, { perUser: 5 });
  await sql.query('vacuum analyze');
  const userIds = (
    await sql.query(`select id from users where email like 'buyer%@bench.test' order by email`)
  ).rows.map((r) => r.id);
  const ordersBefore = (await sql.query('select count(*)::int as n from orders')).rows[0].n;
  console.log(
    `signed in ${USERS} customers; ${ordersBefore} earlier orders seeded; ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  baseline = await startBare(join(root, 'bench/order-creation/baseline.mjs'), {
    port: PORT + 1,
    env: { DATABASE_URL: db.url, USER_IDS: userIds.join(',') },
  });

  // What every answer is checked against; answered order numbers are kept for the database check.
  /** @type {{ app: Map<string, number>, baseline: Map<string, number>, bad: object[] }} */
  const tally = { app: new Map(), baseline: new Map(), bad: [] };
  const sourceFor = (side) => {
    let k = 0;
    return {
      setupRequest(req) {
        const i = k++;
        const tier = TIER_KEYS[i % TIER_KEYS.length];
        req.body = JSON.stringify({ subscriptionTier: tier, paymentMethod: 'qrcode' });
        req.headers = {
          ...req.headers,
          ...(side === 'app' ? { cookie: cookies[i % cookies.length] } : {}),
        };
        return req;
      },
      onResponse(status, body, _ctx) {
        let answer;
        try {
          answer = JSON.parse(body);
        } catch {
          answer = { unparsable: String(body).slice(0, 200) };
        }
        if (status === 200) {
          const [name, amount] = Object.values(TIERS).find(([n]) => n === answer.productName) ?? [];
          const ok =
            answer.status === 'pending' &&
            name &&
            answer.amount === amount &&
            /^(SK|BL)\d{26}$/.test(answer.orderId) &&
            answer.qrImage?.endsWith(`/sandbox-pay/${answer.orderId}`);
          if (!ok && tally.bad.length < 20) tally.bad.push({ side, status, answer });
          tally[side].set(answer.orderId, (tally[side].get(answer.orderId) ?? 0) + 1);
        } else if (tally.bad.length < 20) tally.bad.push({ side, status, answer });
      },
    };
  };
  const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
  const appRun = (extra) =>
    measure(
      {
        url: `${app.base}/api/payments/create`,
        method: 'POST',
        headers,
        requests: [sourceFor('app')],
        ...extra,
      },
      { pid: app.pid },
    );
  const baseRun = (extra) =>
    measure(
      {
        url: `${baseline.base}/orders`,
        method: 'POST',
        headers,
        requests: [sourceFor('baseline')],
        ...extra,
      },
      { pid: baseline.pid },
    );
  const healthRun = (extra) => {
    let k = 0;
    const setupRequest = (req) => ({
      ...req,
      headers: { ...req.headers, cookie: cookies[k++ % cookies.length] },
    });
    return measure(
      { url: `${app.base}/api/health`, requests: [{ setupRequest }], duration: DURATION, ...extra },
      { pid: app.pid },
    );
  };

  // Warm-up (JIT, pools), which also sizes the measured runs to about DURATION seconds each.
  const warmApp = await appRun({ amount: 1000, connections: CONNECTIONS });
  const warmBase = await baseRun({ amount: 1000, connections: CONNECTIONS });
  await healthRun({ duration: 3, connections: CONNECTIONS });
  const size = (rps) => Math.max(CONNECTIONS * 20, Math.round(rps * DURATION));
  const baseSat = await baseRun({ amount: size(warmBase.rps), connections: CONNECTIONS });
  const appSat = await appRun({ amount: size(warmApp.rps), connections: CONNECTIONS });
  const healthSat = await healthRun({ connections: CONNECTIONS });
  const baseRate = await baseRun({ amount: RATE * DURATION, connections: 10, overallRate: RATE });
  const appRate = await appRun({ amount: RATE * DURATION, connections: 10, overallRate: RATE });

  console.log('');
  console.log(line(`INSERT baseline, ${CONNECTIONS} connections`, baseSat));
  console.log(line(`health (same server), ${CONNECTIONS} conns`, healthSat));
  console.log(line(`app orders, ${CONNECTIONS} connections`, appSat));
  console.log(line(`INSERT baseline, steady ${RATE} req/s`, baseRate));
  console.log(line(`app orders, steady ${RATE} req/s`, appRate));
  const throughputRatio = ratio(appSat.rps, baseSat.rps);
  const healthRatio = ratio(appSat.rps, healthSat.rps);
  console.log(
    `ratio app/INSERT baseline: throughput ${throughputRatio}; p99 at ${RATE} req/s ${ratio(appRate.p99Ms, baseRate.p99Ms)}x; app orders/health throughput ${healthRatio}`,
  );

  // The database must hold exactly the answered orders.
  const appRuns = [warmApp, appSat, appRate];
  const baseRuns = [warmBase, baseSat, baseRate];
  const sum = (runs, f) => runs.reduce((a, r) => a + r[f], 0);
  const rows = (
    await sql.query(
      `select order_id, status, subscription_tier, amount, user_id from orders where payment_gateway = 'sandbox' and order_id like 'SK2%'`,
    )
  ).rows;
  const baseRows = (
    await sql.query(
      `select count(*)::int as n from orders where payment_gateway = 'bench-baseline'`,
    )
  ).rows[0].n;
  await sql.end();
  const inDb = new Set(rows.map((r) => r.order_id));
  const answered = [...tally.app.keys()];
  const accounting = {
    app2xx: sum(appRuns, 'ok'),
    appRows: rows.length,
    answeredOrderNumbers: answered.length,
    answeredTwice: [...tally.app.values()].filter((c) => c > 1).length,
    answeredButMissing: answered.filter((id) => !inDb.has(id)).length,
    storedButNotAnswered: rows.filter((r) => !tally.app.has(r.order_id)).length,
    storedNotPending: rows.filter((r) => r.status !== 'pending').length,
    distinctCustomers: new Set(rows.map((r) => r.user_id)).size,
    baseline2xx: sum(baseRuns, 'ok'),
    baselineRows: baseRows,
  };
  const exact =
    accounting.app2xx === accounting.appRows &&
    accounting.answeredOrderNumbers === accounting.appRows &&
    !accounting.answeredTwice &&
    !accounting.answeredButMissing &&
    !accounting.storedButNotAnswered &&
    !accounting.storedNotPending;
  console.log(`accounting: ${JSON.stringify(accounting)}`);
  const appNon2xx = sum(appRuns, 'non2xx') + sum(appRuns, 'errors');
  /** @type {{ non2xx: number, statusCodes: Record<string, number>, badAnswers: object[], serverErrors: object[] }} */
  const failures = { non2xx: appNon2xx, statusCodes: {}, badAnswers: tally.bad, serverErrors: [] };
  for (const r of appRuns)
    for (const [c, n] of Object.entries(r.statusCodes))
      failures.statusCodes[c] = (failures.statusCodes[c] ?? 0) + n;
  if (appNon2xx || tally.bad.length) {
    // The app's own account of what went wrong: its JSON log lines at level error. (Its log is written in
    // 4 KB chunks and the last chunk is not written at SIGTERM, so the last few lines may be missing.)
    for (const l of readFileSync(logFile, 'utf8').split('\n')) {
      if (!l.includes('"level":50')) continue;
      try {
        const e = JSON.parse(l);
        failures.serverErrors.push({
          msg: e.msg,
          err: e.err?.message ?? e.err?.type ?? null,
          path: e.req?.path ?? null,
        });
      } catch {
        // a line cut short: skipped
      }
      if (failures.serverErrors.length >= 10) break;
    }
    console.log(`failures: ${JSON.stringify(failures, null, 2)}`);
  }

  const results = {
    date: new Date().toISOString(),
    durationSeconds: DURATION,
    endpoint: 'POST /api/payments/create (sandbox gateway)',
    customers: USERS,
    earlierOrders: ordersBefore,
    saturation: {
      connections: CONNECTIONS,
      app: appSat,
      insertBaseline: baseSat,
      healthSameServer: healthSat,
      throughputRatio,
      appToHealthRatio: healthRatio,
    },
    steady: {
      rate: RATE,
      connections: 10,
      app: appRate,
      insertBaseline: baseRate,
      p99Ratio: ratio(appRate.p99Ms, baseRate.p99Ms),
    },
    warmUp: { app: warmApp, insertBaseline: warmBase },
    accounting,
    failures,
  };
  finish('order-creation', results, {
    [`throughput >= 0.25 of the INSERT baseline at ${CONNECTIONS} connections`]: goal(
      (throughputRatio ?? 0) >= 0.25,
      throughputRatio,
      '>= 0.25',
    ),
    [`p99 <= 100 ms at a steady ${RATE} req/s`]: goal(
      appRate.p99Ms <= 100 && appRate.rps >= RATE * 0.95,
      `${appRate.p99Ms} ms at ${appRate.rps} req/s`,
      '<= 100 ms',
    ),
    'no non-2xx answers or socket errors, every answer well-formed': goal(
      appNon2xx === 0 && !tally.bad.length,
      `${appNon2xx} non-2xx/errors, ${tally.bad.length} bad answers`,
      '0',
    ),
    'orders rows == 2xx answers (same order numbers, none lost or twice)': goal(
      exact,
      `${accounting.appRows} rows / ${accounting.app2xx} answers`,
      'equal',
    ),
  });
} finally {
  await baseline?.stop();
  await app.stop();
  await db.drop();
  closeSync(logFd);
  rmSync(logFile, { force: true });
}
