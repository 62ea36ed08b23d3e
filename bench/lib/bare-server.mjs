// Baselines measured beside the app: a bare node:http server with a pg pool (no framework, no sessions,
// no ORM), run as its own process like the app. `serveBare` runs inside that process; `startBare` spawns it
// from a benchmark and waits until it answers GET /health.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import pg from '../../node_modules/pg/lib/index.js';
import { waitFor } from './app.mjs';

function readBody(req) {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      try {
        resolve(data ? JSON.parse(data) : {});
      } catch {
        resolve({});
      }
    });
  });
}

/**
 * routes: { 'GET /path': async ({ req, body, pool }) => [status, answer] }. The pool has the app's size (10).
 * The answer is sent as JSON.
 */
export function serveBare(routes) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  pool.on('error', () => {}); // the database is dropped under it at the end of a run
  const all = { 'GET /health': async () => [200, { status: 'ok' }], ...routes };
  createServer(async (req, res) => {
    const route = all[`${req.method} ${(req.url ?? '').split('?')[0]}`];
    try {
      if (!route) throw Object.assign(new Error('not found'), { status: 404 });
      const body = req.method === 'GET' ? {} : await readBody(req);
      const [status, answer] = await route({ req, body, pool });
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(answer));
    } catch (e) {
      res.writeHead(e.status ?? 500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: e.message }));
    }
  }).listen(Number(process.env.PORT), '127.0.0.1');
}

/** Spawns a baseline script (which calls serveBare) on `port`; returns { base, stop }. */
export async function startBare(script, { port, env = {} }) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/health`, 10_000);
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
    },
  };
}
