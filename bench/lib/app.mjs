// Shared by the benchmarks: a fresh PostgreSQL database, the built app on it, a signed-in customer.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from '../../node_modules/pg/lib/index.js';

export const root = new URL('../..', import.meta.url).pathname;
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freshDatabase() {
  const name = `seatkeeper_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * One licence signing key for every instance this benchmark starts (each has its own DATA_DIR, where the
 * app would otherwise make its own): the database remembers the key it was first served under and a peer
 * with another key refuses to start (docs/operations.md), as in production.
 */
const signingKey = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

/**
 * The built app (development mode for the sign-in provider, production-like otherwise). `stdout` (default
 * 'ignore') may be a file descriptor to keep the app's JSON log lines; `nodeArgs` are Node's own options
 * (e.g. --trace-gc, which NODE_OPTIONS does not take).
 * @param {{ databaseUrl: string, port: number, env?: Record<string, string>, stdout?: 'ignore' | number, nodeArgs?: string[] }} options
 */
export async function startBuiltApp({
  databaseUrl,
  port,
  env = {},
  stdout = 'ignore',
  nodeArgs = [],
}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'seatkeeper-bench-'));
  // Returned too: seeding encrypts like the app, and a peer instance must share it.
  const secret = env.BETTER_AUTH_SECRET ?? randomBytes(32).toString('hex');
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'backend/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: secret,
      LICENSE_SIGNING_KEY: signingKey,
      PLUGIN_RATE_LIMIT: '1000000000',
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  return {
    base,
    pid: child.pid,
    secret,
    async stop() {
      // An instance a benchmark killed itself has exited already: no 'exit' event will come again.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs an e-mail in through the development provider; returns the session cookie. */
export async function signIn(base, email) {
  let cookie = '';
  const keep = (res) => {
    const set = res.headers.getSetCookie?.() ?? [];
    for (const c of set) if (c.startsWith('seatkeeper.sid=')) cookie = c.split(';')[0];
  };
  /** @type {any} */
  const start = await fetch(`${base}/api/auth/sign-in/social`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'google', loginHint: email }),
  }).then((r) => r.json());
  let url = new URL(start.url, base).toString();
  for (let i = 0; i < 4; i++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie } });
    keep(res);
    const location = res.headers.get('location');
    if (!location || location.startsWith('/dashboard')) break;
    url = new URL(location, base).toString();
  }
  return cookie;
}

export const pgClient = (url) => new pg.Client({ connectionString: url });
