// The cost of install insights (issue #31 part 3, docs/insights.md) on the plugin's two hot calls: POST
// /api/licenses/check (with the SDK's site fields) and the update metadata GET
// /api/wp-updates/plugins/visual-editor/info (installed_version, php, locale and WordPress's User-Agent), on
// two instances of the built app on one PostgreSQL database, one with INSIGHTS=off and one with insights on,
// measured in back-to-back pairs (the order alternates each round, so a drift of the machine's load falls on
// both sides alike; bench/metrics's method):
// - saturation: autocannon, 50 connections, DURATION seconds, the requests cycling through SITES sites
//   (each a row of site_installs): answers/s and the server's CPU ms per answer;
// - latency: an open-loop paced client (RATE requests/s, each timed from its scheduled send): p50 and p99.
// The "on" instance writes a site at most every WRITE_EVERY seconds (default 3600, production's setting;
// WRITE_EVERY=1 writes every site again each second, about 1000 rows a second: the stress case) and flushes
// every second.
// Goals (medians of the per-pair ratios): throughput on/off >= 0.95; CPU per answer on/off <= 1.05;
// paced p50 on/off <= 1.05, for each route.
// CONTROL=1: both instances with INSIGHTS=off (the noise floor).
// Usage: npm run build && npm run bench:insights   (DURATION=6, RATE=300, ROUNDS=5, SITES=1000, WRITE_EVERY=3600)
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { freshDatabase, pgClient, signIn, startBuiltApp } from '../lib/app.mjs';
import { finish, goal, line, measure } from '../lib/load.mjs';
import { median, paced } from '../lib/paced.mjs';
import { alternate, medianRatios, roundErrors, setOnOffRatios } from '../lib/pairs.mjs';
import { seedPluginCustomer } from '../lib/seed.mjs';

const DURATION = Number(process.env.DURATION ?? 6);
const RATE = Number(process.env.RATE ?? 300);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SITES = Number(process.env.SITES ?? 1000);
const WRITE_EVERY = String(process.env.WRITE_EVERY ?? 3600);
const CONTROL = process.env.CONTROL === '1';
/** The two instances' ports: PORT and PORT + 1 (another bench may hold the usual ones). */
const PORT = Number(process.env.PORT ?? 3361);
const UA = (host) => `WordPress/6.5.2; https://${host}`;

const db = await freshDatabase();
const secret = randomBytes(32).toString('hex');
const signingKey = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const shared = {
  LOG_LEVEL: 'warn',
  BETTER_AUTH_SECRET: secret,
  LICENSE_SIGNING_KEY: signingKey,
  PLUGIN_RATE_LIMIT: '100000000',
  METRICS: 'off',
};
const on = { ...shared, INSIGHTS_WRITE_EVERY_SECONDS: WRITE_EVERY, INSIGHTS_FLUSH_SECONDS: '1' };
const apps = {};
try {
  apps.off = await startBuiltApp({
    databaseUrl: db.url,
    port: PORT,
    env: { ...shared, INSIGHTS: 'off' },
  });
  apps.on = await startBuiltApp({
    databaseUrl: db.url,
    port: PORT + 1,
    env: CONTROL ? { ...shared, INSIGHTS: 'off' } : on,
  });

  const { tokenAnswer, sql } = await seedPluginCustomer(
    { signIn, pgClient },
    {
      base: apps.on.base,
      databaseUrl: db.url,
      email: 'insights-bench@example.com',
    },
  );
  // The bench's own customer's seats bound to every site it cycles through.
  await sql.query(
    `insert into licenses (id, user_id, purchase_tier, seat_index, website_url)
     select gen_random_uuid(), $1, 'ultra', g, 'https://s' || g || '.bench.example' from generate_series(1, $2::int) g`,
    [tokenAnswer.userToken.userId, SITES],
  );
  await sql.query('analyze');

  const auth = `Bearer ${tokenAnswer.plainToken}`;
  const host = (i) => `s${(i % SITES) + 1}.bench.example`;
  const checkBody = (i) =>
    JSON.stringify({
      domain: `https://www.${host(i)}`,
      product: 'visual-editor',
      kind: 'plugin',
      version: ['1.0.0', '1.1.0', '1.2.0'][i % 3],
      wp_version: '6.5.2',
      php_version: '8.2.12',
      locale: 'zh_CN',
    });
  const infoPath = (i) =>
    `/api/wp-updates/plugins/visual-editor/info?site=${encodeURIComponent(`https://${host(i)}`)}&installed_version=1.0.0&php=8.2.12&locale=zh_CN`;
  const routes = {
    check: {
      label: 'POST /api/licenses/check',
      request: (i) => ({
        method: 'POST',
        path: '/api/licenses/check',
        headers: {
          'content-type': 'application/json',
          authorization: auth,
          'user-agent': UA(host(i)),
        },
        body: checkBody(i),
      }),
      expect: (body) => body.code === 'VALID',
    },
    info: {
      label: 'GET …/plugins/visual-editor/info',
      request: (i) => ({
        method: 'GET',
        path: infoPath(i),
        headers: { authorization: auth, 'user-agent': UA(host(i)) },
      }),
      expect: (body) => Boolean(body.package),
    },
  };
  for (const app of Object.values(apps))
    for (const route of Object.values(routes)) {
      const { method, path, headers, body } = route.request(0);
      const answer = await fetch(`${app.base}${path}`, { method, headers, body }).then((r) =>
        r.json(),
      );
      if (!route.expect(answer))
        throw new Error(`${route.label} answered ${JSON.stringify(answer)}`);
    }

  /** autocannon cycling through the sites: each request of each connection takes the next one. */
  const saturate = (app, route, duration = DURATION) => {
    let n = 0;
    const first = route.request(0);
    return measure(
      {
        url: app.base,
        duration,
        connections: 50,
        requests: [
          {
            method: first.method,
            setupRequest: (req) => ({ ...req, ...route.request(n++) }),
          },
        ],
      },
      { pid: app.pid },
    );
  };
  for (const route of Object.values(routes)) {
    await saturate(apps.off, route, 3);
    await saturate(apps.on, route, 3);
  }

  const summary = {};
  const allRounds = {};
  let errors = 0;
  for (const [name, route] of Object.entries(routes)) {
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order = alternate(round, 'off', 'on');
      const r = { round, order: order.join('-'), saturation: {}, paced: {} };
      for (const mode of order) {
        r.saturation[mode] = await saturate(apps[mode], route);
        console.log(line(`${name} round ${round} saturation ${mode}`, r.saturation[mode]));
      }
      const fixed = route.request(round);
      for (const mode of order) {
        r.paced[mode] = await paced(`${apps[mode].base}${fixed.path}`, {
          rate: RATE,
          duration: DURATION,
          request: { method: fixed.method, headers: fixed.headers, body: fixed.body },
        });
        const p = r.paced[mode];
        console.log(
          `${name} round ${round} paced ${RATE}/s ${mode.padEnd(3)} p50 ${p.p50Ms} ms  p99 ${p.p99Ms} ms  ${JSON.stringify(p.statuses)}`,
        );
      }
      setOnOffRatios(r);
      console.log(
        `${name} round ${round}: throughput on/off ${r.throughputRatio}, CPU per answer ${r.cpuRatio}, paced p50 ${r.pacedP50Ratio}, p99 ${r.pacedP99Ratio}`,
      );
      errors += roundErrors(r);
      rounds.push(r);
    }
    allRounds[name] = rounds;
    summary[name] = {
      ...medianRatios(rounds),
      rps: {
        off: median(rounds.map((r) => r.saturation.off.rps)),
        on: median(rounds.map((r) => r.saturation.on.rps)),
      },
    };
  }
  // The "on" instance recorded the sites (after its last flush).
  await new Promise((r) => setTimeout(r, 1500));
  const [{ count }] = (await sql.query(`select count(*)::int as count from site_installs`)).rows;
  await sql.end();
  console.log(`\nmedians: ${JSON.stringify(summary)}  sites recorded: ${count}`);
  const goals = {
    'no errors': goal(errors === 0, errors, 0),
    'the sites were recorded': goal(
      CONTROL ? count === 0 : count >= SITES,
      count,
      CONTROL ? 0 : `>= ${SITES}`,
    ),
  };
  for (const [name, s] of Object.entries(summary)) {
    goals[`${name}: throughput on / off (median of the pairs)`] = goal(
      s.throughputRatio >= 0.95,
      s.throughputRatio,
      '>= 0.95',
    );
    goals[`${name}: server CPU per answer, on / off (median)`] = goal(
      s.cpuRatio <= 1.05,
      s.cpuRatio,
      '<= 1.05',
    );
    goals[`${name}: paced p50, on / off (median)`] = goal(
      s.pacedP50Ratio <= 1.05,
      s.pacedP50Ratio,
      '<= 1.05',
    );
  }
  finish(
    CONTROL ? 'insights-control' : 'insights',
    {
      date: new Date().toISOString(),
      durationSeconds: DURATION,
      rate: RATE,
      sites: SITES,
      writeEverySeconds: Number(WRITE_EVERY),
      control: CONTROL,
      rounds: allRounds,
      summary,
    },
    goals,
  );
} finally {
  for (const app of Object.values(apps)) await app.stop();
  await db.drop();
}
