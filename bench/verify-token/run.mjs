// Plugin-facing calls under load: POST /api/verify-token and POST /api/licenses/check on PostgreSQL,
// each beside a bare node:http + pg baseline measured in the same run.
// Goals: at 50 connections >= 50% of the baseline's requests/s; at a steady 500 requests/s (10 connections),
// p99 <= 25 ms.
// Usage: npm run build && npm run bench:verify-token   (DURATION=10 seconds per measurement)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freshDatabase, pgClient, root, signIn, startBuiltApp } from '../lib/app.mjs';
import { startBare } from '../lib/bare-server.mjs';
import { bindBenchSeat, seedPluginCustomer } from '../lib/seed.mjs';

const duration = Number(process.env.DURATION ?? 10);
const db = await freshDatabase();
const app = await startBuiltApp({ databaseUrl: db.url, port: 3301, env: { LOG_LEVEL: 'info' } });
let baseline;
try {
  const { tokenAnswer, sql } = await seedPluginCustomer(
    { signIn, pgClient },
    {
      base: app.base,
      databaseUrl: db.url,
      email: 'bench@example.com',
    },
  );
  const token = tokenAnswer.plainToken;
  await bindBenchSeat(sql, tokenAnswer.userToken.userId);
  const { rows } = await sql.query('select token_digest from user_tokens where user_id = $1', [
    tokenAnswer.userToken.userId,
  ]);
  await sql.query('analyze');
  await sql.end();

  baseline = await startBare(join(root, 'bench/verify-token/baseline.mjs'), {
    port: 3302,
    env: { DATABASE_URL: db.url, TOKEN_DIGEST: rows[0].token_digest },
  });

  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const scenarios = {
    'verify-token': {
      app: '/api/verify-token',
      baseline: '/verify',
      body: JSON.stringify({ token }),
    },
    'licence-check': {
      app: '/api/licenses/check',
      baseline: '/check',
      body: JSON.stringify({ domain: 'www.bench.example' }),
    },
  };
  // Sanity: both answer what they should before we measure.
  /** @type {any} */
  const check = await fetch(`${app.base}/api/licenses/check`, {
    method: 'POST',
    headers,
    body: scenarios['licence-check'].body,
  }).then((r) => r.json());
  if (check.code !== 'VALID') throw new Error(`licence check answered ${JSON.stringify(check)}`);

  const run = (url, body, extra) =>
    autocannon({ url, method: 'POST', headers, body, duration, connections: 50, ...extra });
  const results = { date: new Date().toISOString(), durationSeconds: duration, scenarios: {} };
  for (const [name, s] of Object.entries(scenarios)) {
    await run(`${app.base}${s.app}`, s.body, { duration: 3 }); // warm-up (JIT, pools)
    await run(`${baseline.base}${s.baseline}`, s.body, { duration: 3 });
    const baseSat = await run(`${baseline.base}${s.baseline}`, s.body);
    const appSat = await run(`${app.base}${s.app}`, s.body);
    // A steady rate: 10 connections at 50 req/s each (50 connections at 10 req/s each fire in lock-step
    // bursts of 50, which measures autocannon's burstiness rather than a steady 500 req/s).
    const baseRate = await run(`${baseline.base}${s.baseline}`, s.body, {
      overallRate: 500,
      connections: 10,
    });
    const appRate = await run(`${app.base}${s.app}`, s.body, { overallRate: 500, connections: 10 });
    const r = {
      saturation50: {
        appRps: Math.round(appSat.requests.average),
        baselineRps: Math.round(baseSat.requests.average),
      },
      steady500: {
        appP99Ms: appRate.latency.p99,
        baselineP99Ms: baseRate.latency.p99,
        appRps: Math.round(appRate.requests.average),
      },
      errors: appSat.errors + appSat.non2xx + appRate.errors + appRate.non2xx,
    };
    r.saturation50.ratio = +(r.saturation50.appRps / r.saturation50.baselineRps).toFixed(3);
    r.goals = {
      throughputAtLeastHalf: r.saturation50.ratio >= 0.5,
      p99Within25ms: r.steady500.appP99Ms <= 25,
      noErrors: r.errors === 0,
    };
    results.scenarios[name] = r;
    console.log(
      `${name.padEnd(14)} 50 conns: app ${r.saturation50.appRps} req/s vs baseline ${r.saturation50.baselineRps} (ratio ${r.saturation50.ratio}); ` +
        `500 req/s: p99 app ${r.steady500.appP99Ms} ms, baseline ${r.steady500.baselineP99Ms} ms; errors ${r.errors}`,
    );
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results/verify-token.json'),
    JSON.stringify(results, null, 2) + '\n',
  );
  const failed = Object.entries(results.scenarios).flatMap(([n, r]) =>
    Object.entries(r.goals)
      .filter(([, ok]) => !ok)
      .map(([g]) => `${n}: ${g}`),
  );
  console.log(failed.length ? `Below goal: ${failed.join(', ')}` : 'All goals met.');
  process.exitCode = failed.length ? 1 : 0;
} finally {
  await baseline?.stop();
  await app.stop();
  await db.drop();
}
