// The plugin-facing calls of two builds of the app, measured in back-to-back pairs: this checkout's build
// ("head") against another checkout's build (OTHER=/path/to/checkout, built with `npm run build`), e.g. the
// commit before a change on the hot path. Each runs on its own fresh PostgreSQL database with the same
// seeding as bench/verify-token/run.mjs; the order alternates each round, so a drift of the machine's
// load falls on both sides alike. Reported: medians of the per-round ratios head/other of answers/s
// (50 connections) and of the server's CPU ms per answer.
// Usage: npm run build && OTHER=/tmp/before node bench/verify-token/pair.mjs   (DURATION=5, ROUNDS=7)
import { join } from 'node:path';
import { finish, goal, line, measure, ratio } from '../lib/load.mjs';
import { median } from '../lib/paced.mjs';
import { alternate } from '../lib/pairs.mjs';
import { bindBenchSeat, seedPluginCustomer } from '../lib/seed.mjs';

const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const other = process.env.OTHER;
if (!other) throw new Error('OTHER=/path/to/another/checkout (built) is required');

/** One build of the app with a customer, a token and a bound seat among 20,000 other customers. */
async function prepare(label, libDir, port) {
  const lib = await import(join(libDir, 'app.mjs'));
  const db = await lib.freshDatabase();
  const app = await lib.startBuiltApp({ databaseUrl: db.url, port });
  const { tokenAnswer: answer, sql } = await seedPluginCustomer(lib, {
    base: app.base,
    databaseUrl: db.url,
    email: 'bench@example.com',
  });
  await bindBenchSeat(sql, answer.userToken.userId);
  await sql.query('analyze');
  await sql.end();
  return { label, app, db, token: answer.plainToken };
}

const head = await prepare('head', new URL('../lib', import.meta.url).pathname, 3311);
const base = await prepare('other', join(other, 'bench/lib'), 3312);
const scenarios = {
  'verify-token': (s) => ({ path: '/api/verify-token', body: JSON.stringify({ token: s.token }) }),
  'licence-check': () => ({
    path: '/api/licenses/check',
    body: JSON.stringify({ domain: 'www.bench.example' }),
  }),
};
const results = {};
const goals = {};
try {
  for (const [name, request] of Object.entries(scenarios)) {
    const rps = [];
    const cpu = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order = alternate(round, head, base);
      const got = {};
      for (const side of order) {
        const { path, body } = request(side);
        const s = await measure(
          {
            url: `${side.app.base}${path}`,
            method: 'POST',
            connections: 50,
            duration: DURATION,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${side.token}` },
            body,
          },
          { pid: side.app.pid },
        );
        console.log(line(`${name} round ${round} ${side.label}`, s));
        if (s.non2xx || s.errors) throw new Error(`${name}: ${side.label} answered errors`);
        got[side.label] = s;
      }
      rps.push(ratio(got.head.rps, got.other.rps));
      cpu.push(ratio(got.head.serverCpuMsPerRequest, got.other.serverCpuMsPerRequest));
    }
    results[name] = {
      throughputRatios: rps,
      cpuRatios: cpu,
      throughput: median(rps),
      cpu: median(cpu),
    };
    console.log(
      `${name}: head/other throughput median ${median(rps)} (${rps.join(', ')}); CPU per answer median ${median(cpu)} (${cpu.join(', ')})`,
    );
    goals[`${name} throughput head/other >= 0.9`] = goal(median(rps) >= 0.9, median(rps), 0.9);
    goals[`${name} CPU per answer head/other <= 1.1`] = goal(median(cpu) <= 1.1, median(cpu), 1.1);
  }
} finally {
  await head.app.stop();
  await base.app.stop();
  await head.db.drop?.();
  await base.db.drop?.();
}
finish('verify-token-pair', { other, rounds: ROUNDS, durationSeconds: DURATION, results }, goals);
