// The production topology without a container engine: two app processes on one PostgreSQL database behind
// a small retrying proxy (http-proxy). Shows: a session made through one instance works on the other; an
// instance killed mid-load loses no request the proxy can retry; PostgreSQL restarted mid-load gives clean
// 503s and the apps recover without a restart; memory of an instance under load.
// Usage: npm run build && npm run bench:cluster   (restarts the local PostgreSQL cluster once: not for a shared server)
import { exec, execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import httpProxy from 'http-proxy';
import { freshDatabase, root, signIn, startBuiltApp } from '../lib/app.mjs';

const DURATION = Number(process.env.DURATION ?? 12);
const PORTS = [3501, 3502];
const PROXY = 3500;
const rss = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const db = await freshDatabase();
const apps = [];
const secret = randomBytes(32).toString('hex'); // every instance shares the secret, as in production
for (const port of PORTS)
  apps.push(
    await startBuiltApp({
      databaseUrl: db.url,
      port,
      env: { LOG_LEVEL: 'warn', BETTER_AUTH_SECRET: secret },
    }),
  );

// Round-robin proxy that retries a request once on the other instance when one is down.
const proxy = httpProxy.createProxyServer({ xfwd: true, proxyTimeout: 10_000 });
let next = 0;
const alive = new Set([0, 1]);
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const attempt = (tries) => {
      const candidates = [...alive];
      const i = candidates.length ? candidates[next++ % candidates.length] : next++ % 2;
      const { Readable } = require_('stream');
      proxy.web(
        req,
        res,
        { target: `http://127.0.0.1:${PORTS[i]}`, buffer: Readable.from(body) },
        (err) => {
          if (['ECONNREFUSED', 'ECONNRESET'].includes(err.code)) alive.delete(i);
          if (tries > 0 && !res.headersSent) return attempt(tries - 1);
          if (!res.headersSent) res.writeHead(502).end('bad gateway');
        },
      );
    };
    attempt(1);
  });
});
const { createRequire } = await import('node:module');
const require_ = createRequire(import.meta.url);
await new Promise((r) => server.listen(PROXY, '127.0.0.1', () => r(undefined)));
const base = `http://127.0.0.1:${PROXY}`;

const results = { date: new Date().toISOString() };
try {
  // 1. One session, both instances.
  const cookie = await signIn(base, 'cluster@example.com');
  const seen = [];
  for (let i = 0; i < 6; i++) {
    /** @type {any} */
    const s = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } }).then((r) =>
      r.json(),
    );
    seen.push(s?.user?.email ?? null);
  }
  /** @type {any[]} */
  const direct = await Promise.all(
    PORTS.map((p) =>
      fetch(`http://127.0.0.1:${p}/api/auth/get-session`, { headers: { cookie } }).then((r) =>
        r.json(),
      ),
    ),
  );
  if (process.env.DEBUG) console.log({ seen, direct: direct.map((d) => d?.user?.email ?? d) });
  results.sessionSharedAcrossInstances =
    direct.every((s) => s?.user?.email === 'cluster@example.com') &&
    seen.every((e) => e === 'cluster@example.com');
  const token = /** @type {any} */ (
    await fetch(`${base}/api/apitokens/token`, { headers: { cookie } }).then((r) => r.json())
  ).plainToken;
  if (process.env.DEBUG)
    console.log(
      'token',
      token,
      await fetch(`${base}/api/verify-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      }).then((x) => x.text()),
    );
  const load = (extra = {}) =>
    autocannon({
      url: `${base}/api/verify-token`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      duration: DURATION,
      connections: 20,
      ...extra,
    });

  // 2. Kill one instance in the middle of the load.
  const rssBefore = rss(apps[1].pid);
  const killed = load();
  setTimeout(() => process.kill(apps[0].pid, 'SIGKILL'), (DURATION * 1000) / 3);
  const k = await killed;
  results.instanceKilledMidLoad = {
    requests: k.requests.total,
    non2xx: k.non2xx,
    errors: k.errors,
    timeouts: k.timeouts,
    rps: Math.round(k.requests.average),
  };
  results.survivorRssMb = { before: Math.round(rssBefore), after: Math.round(rss(apps[1].pid)) };
  console.log('instance killed mid-load:', JSON.stringify(results.instanceKilledMidLoad));

  // 3. Restart PostgreSQL in the middle of the load: clean failures, then recovery without restarting the app.
  const codes = new Map();
  const restarted = load({
    duration: DURATION,
    setupClient: (client) =>
      client.on('response', (status) => codes.set(status, (codes.get(status) ?? 0) + 1)),
  });
  const cluster = execSync('ls /etc/postgresql').toString().trim().split('\n')[0];
  let restartedAt;
  setTimeout(
    () => {
      restartedAt = Date.now();
      // Asynchronous, so the load keeps running while PostgreSQL goes down and comes back.
      exec(
        `pg_ctlcluster --skip-systemctl-redirect ${cluster} main restart`,
        () => (results.postgresDownMs = Date.now() - restartedAt),
      );
    },
    (DURATION * 1000) / 3,
  );
  const r = await restarted;
  const health = await fetch(`http://127.0.0.1:${PORTS[1]}/api/health`).then((x) => x.status);
  /** @type {any} */
  const after = await fetch(`${base}/api/verify-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  }).then((x) => x.json());
  results.postgresRestartedMidLoad = {
    requests: r.requests.total,
    statusCodes: Object.fromEntries(codes),
    errors: r.errors,
    healthAfter: health,
    verifyAfter: after.valid,
  };
  console.log('PostgreSQL restarted mid-load:', JSON.stringify(results.postgresRestartedMidLoad));
  results.survivorRssMb.afterRestartLoad = Math.round(rss(apps[1].pid));
  console.log(
    'session shared across instances:',
    results.sessionSharedAcrossInstances,
    '| survivor RSS MB:',
    JSON.stringify(results.survivorRssMb),
  );
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/cluster.json'), JSON.stringify(results, null, 2) + '\n');
} finally {
  server.close();
  proxy.close();
  for (const app of apps) await app.stop().catch(() => {});
  await db.drop().catch(() => {});
}
