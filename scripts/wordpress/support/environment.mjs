// What the WordPress SDK suite runs on: Debian's WordPress, PHP, MariaDB, the built store and its PostgreSQL
// database; the constants the topics share; running a command and reading its output.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { root } from '../../lib.mjs';

export { root };
export const SUITE = 'WordPress SDK suite (PHP, WordPress, MariaDB)';
export const WORDPRESS = process.env.WORDPRESS_DIR || '/usr/share/wordpress';
export const HOME = 'http://shop-wp.example';
export const OTHER_HOME = 'http://other-wp.example';
export const OLD_VERSION = '0.9.0';
/** The store's download links live this many seconds here (24 h by default). */
export const LINK_TTL = 5;
export const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
export const driver = join(root, 'sdk/wordpress/tests/driver.php');
/** The built store (STORE_MAIN: another build of it, e.g. one made with tsc --outDir). */
export const storeMain = process.env.STORE_MAIN || join(root, 'backend/dist/main.js');
export const mariadb = {
  host: process.env.MARIADB_HOST || '127.0.0.1',
  port: Number(process.env.MARIADB_PORT || 3306),
  user: process.env.MARIADB_USER || 'root',
  password: process.env.MARIADB_PASSWORD || '',
};
export const pgAdminUrl =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** @typedef {{ code: number, stdout: string, stderr: string }} Exec */
/**
 * Runs a command to its end; answers its exit code and output (code 127: it could not start).
 * @param {string} cmd @param {string[]} args @param {{ input?: string, timeoutMs?: number }} [options]
 * @returns {Promise<Exec>}
 */
export function exec(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: 127, stdout, stderr: String(e) });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Whether this machine has PHP, its extensions, WordPress and MariaDB: `PHP x.y.z`, or why not. */
export async function probe() {
  const r = await exec(
    'php',
    [
      join(fixtures, 'probe.php'),
      WORDPRESS,
      mariadb.host,
      mariadb.user,
      mariadb.password,
      String(mariadb.port),
    ],
    { timeoutMs: 20_000 },
  );
  if (r.code === 0) return { ok: true, found: r.stdout.trim() };
  return {
    ok: false,
    reason:
      r.code === 127
        ? 'no php on PATH (apt-get install -y php-cli php-mysql php-curl php-zip php-xml php-mbstring wordpress)'
        : r.stdout.trim() || r.stderr.trim(),
  };
}

/** A fresh PostgreSQL database for the store; answers its URL (throws when none can be made). */
export async function createStoreDatabase() {
  const name = `seatkeeper_wp_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return Object.assign(new URL(pgAdminUrl), { pathname: `/${name}` }).toString();
}

/** @param {string} url a database createStoreDatabase made */
export async function dropStoreDatabase(url) {
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
  await admin.end();
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
