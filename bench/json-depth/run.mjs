// Deeply nested JSON as a denial of service (issue #13 item 4): GET /api/health latency while 8 nested
// bodies are in flight all the time, beside a baseline without them in the same run. /api/health is
// requested by an open-loop paced client (a request every 1000/RATE ms whatever the answers; latency counted
// from the scheduled send time, so a stalled server shows in full instead of slowing the client down, which
// autocannon's rate mode would). The attackers run in a worker thread, so their I/O does not delay the pacer.
// Attacks (POST bodies of nested arrays): 1 MB anonymously (the attack), 60 kB anonymously (under the
// anonymous limit), 1 MB signed in (under the signed-in limit). Each is refused with 400 at its 33rd byte and
// the connection closed, the rest unread; the attackers' requests that end in a reset count as status 0.
// Goal: p99 of /api/health < 50 ms under each attack.
// Usage: npm run build && npm run bench:json-depth   (DURATION=10 seconds per phase, RATE=100 requests/s)
import { Agent } from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { freshDatabase, signIn, startBuiltApp } from '../lib/app.mjs';
import { finish, goal } from '../lib/load.mjs';
import { paced, send } from '../lib/paced.mjs';

const DURATION = Number(process.env.DURATION ?? 10);
const RATE = Number(process.env.RATE ?? 100);
const IN_FLIGHT = 8;
const GOAL_P99_MS = 50;
const nested = (bytes) => '['.repeat(bytes / 2) + ']'.repeat(bytes / 2);

if (!isMainThread) {
  // Attacker: IN_FLIGHT loops, each sending the next body as soon as the previous is answered.
  const { url, headers, body, inFlight } = workerData;
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const statuses = {};
  let stop = false;
  const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
  port.on('message', () => (stop = true));
  const loop = async () => {
    while (!stop) {
      const status = await send(agent, url, { method: 'POST', headers, body });
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, loop));
  agent.destroy();
  port.postMessage(statuses);
} else {
  /** Open loop: RATE health checks a second for DURATION seconds, each timed from its scheduled start. */
  const pacedHealth = (base) =>
    paced(`${base}/api/health`, { rate: RATE, duration: DURATION, digits: 1 });

  /** Health measured while IN_FLIGHT attack requests are always in flight; with the attack's answers. */
  async function underAttack(base, attack) {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: {
        url: `${base}${attack.path}`,
        headers: attack.headers,
        body: attack.body,
        inFlight: IN_FLIGHT,
      },
    });
    const done = new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await new Promise((r) => setTimeout(r, 500)); // the attack is running before the first measurement
    const started = performance.now();
    const health = await pacedHealth(base);
    worker.postMessage('stop');
    const attackStatuses = await done;
    await worker.terminate();
    const attackRequests = Object.values(attackStatuses).reduce((a, b) => a + b, 0);
    const seconds = (performance.now() - started) / 1000 + 0.5;
    return {
      ...health,
      attack: { statuses: attackStatuses, perSecond: Math.round(attackRequests / seconds) },
    };
  }

  const line = (label, r) =>
    `${label.padEnd(40)} /api/health p50 ${String(r.p50Ms).padStart(5)} ms  p99 ${String(r.p99Ms).padStart(5)} ms  ` +
    `max ${String(r.maxMs).padStart(6)} ms  ${JSON.stringify(r.statuses)}` +
    (r.attack ? `  attack ${r.attack.perSecond}/s ${JSON.stringify(r.attack.statuses)}` : '');

  const db = await freshDatabase();
  const app = await startBuiltApp({ databaseUrl: db.url, port: 3611, env: { LOG_LEVEL: 'warn' } });
  try {
    const cookie = await signIn(app.base, 'json-depth@example.com');
    const json = { 'content-type': 'application/json' };
    const attacks = {
      'anonymous 1 MB nested': {
        path: '/api/auth/sign-in/social',
        headers: json,
        body: nested(1_000_000),
      },
      'anonymous 60 kB nested': {
        path: '/api/auth/sign-in/social',
        headers: json,
        body: nested(60_000),
      },
      'signed-in 1 MB nested': {
        path: '/api/auth/update-user',
        headers: { ...json, cookie, origin: app.base },
        body: nested(1_000_000),
      },
    };
    // Sanity: each attack is refused (400 on the depth).
    for (const [name, a] of Object.entries(attacks)) {
      const status = await send(undefined, `${app.base}${a.path}`, {
        method: 'POST',
        headers: a.headers,
        body: a.body,
      });
      console.log(`${name}: answered ${status}`);
    }
    await pacedHealth(app.base); // warm-up (JIT, keep-alive sockets)

    const results = {
      date: new Date().toISOString(),
      durationSeconds: DURATION,
      ratePerSecond: RATE,
      inFlight: IN_FLIGHT,
    };
    results.baseline = await pacedHealth(app.base);
    console.log(line('baseline (no attack)', results.baseline));
    results.attacks = {};
    for (const [name, attack] of Object.entries(attacks)) {
      results.attacks[name] = await underAttack(app.base, attack);
      console.log(line(`${IN_FLIGHT} in flight: ${name}`, results.attacks[name]));
    }
    const goals = {};
    for (const [name, r] of Object.entries(results.attacks)) {
      const healthy = (r.statuses[200] ?? 0) === r.requests;
      goals[`p99 under ${name}`] = goal(
        r.p99Ms < GOAL_P99_MS && healthy,
        `${r.p99Ms} ms${healthy ? '' : ' (failed requests)'}`,
        `< ${GOAL_P99_MS} ms`,
      );
    }
    finish('json-depth', results, goals);
  } finally {
    await app.stop();
    await db.drop();
  }
}
