// The built store for the WordPress SDK suite: started on its own port and PostgreSQL database with a signing
// key the suite knows (so that it can sign an old answer itself), stopped to test the offline grace.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { LINK_TTL, root, storeMain } from './environment.mjs';

/** The store's Ed25519 key pair (LICENSE_SIGNING_KEY). */
export const signing = generateKeyPairSync('ed25519');
/** Its public key as the SDK pins it (base64 of the raw 32 bytes). */
export const publicKey = Buffer.from(
  /** @type {string} */ (signing.publicKey.export({ format: 'jwk' }).x),
  'base64url',
).toString('base64');

/** @type {import('node:child_process').ChildProcess | null} */
let storeProcess = null;

/**
 * Starts the store and waits for its health check; its stderr goes to logFile.
 * @param {{ port: number, dataDir: string, databaseUrl: string, logFile: string }} options
 */
export async function startStore({ port, dataDir, databaseUrl, logFile }) {
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [storeMain], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      PLUGIN_RATE_LIMIT: '1000000',
      DOWNLOAD_LINK_TTL_SECONDS: String(LINK_TTL),
      LICENSE_SIGNING_KEY: signing.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      // Install insights written within a second (docs/insights.md), so the suite can read them.
      INSIGHTS_FLUSH_SECONDS: '1',
      INSIGHTS_WRITE_EVERY_SECONDS: '1',
    },
    stdio: ['ignore', 'ignore', log],
  });
  closeSync(log);
  storeProcess = child;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`the store exited: ${readFileSync(logFile, 'utf8').slice(-20_000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the store did not start within 60 s');
}

export async function stopStore() {
  const child = storeProcess;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  storeProcess = null;
}
// Should the suite's process end without its teardown, the store does not outlive it.
process.once('exit', () => storeProcess?.kill('SIGTERM'));

/**
 * Runs one statement on the store's database; answers its rows.
 * @param {string} databaseUrl @param {string} text @param {unknown[]} [params] @returns {Promise<any[]>}
 */
export async function query(databaseUrl, text, params = []) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}
