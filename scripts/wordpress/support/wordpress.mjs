// The suite's WordPress site: Debian's WordPress code with this run's wp-content, MariaDB database and
// suite.json (fixtures/wp-config.php reads it, and so does the must-use plugin fixtures/seatkeeper-suite.php
// on every run, which lets a test point WordPress at a fake store); each WordPress step runs through
// sdk/wordpress/tests/driver.php.
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { driver, exec, fixtures, HOME, mariadb, WORDPRESS } from './environment.mjs';

/** The site's directory (WP_SUITE_SITE: the one scripts/wordpress-suite.mjs made for this run). */
export const site = process.env.WP_SUITE_SITE || mkdtempSync(join(tmpdir(), 'seatkeeper-wp-site-'));
export const content = join(site, 'wp-content');

/**
 * What the must-use plugin reads on every run (a test rewrites it to point WordPress at a fake store).
 * @type {{ host: string, home: string, store_url: string, allowed: string[], ports: number[],
 *   no_insights?: boolean, db: typeof mariadb & { name: string }, wordpress: string,
 *   keys: Record<string, string> }}
 */
export const suiteConfig = {
  host: new URL(HOME).host,
  home: HOME,
  store_url: '',
  allowed: [],
  ports: [],
  db: { ...mariadb, name: `seatkeeper_wp_${randomBytes(4).toString('hex')}` },
  wordpress: WORDPRESS,
  keys: Object.fromEntries(
    [
      'AUTH_KEY',
      'SECURE_AUTH_KEY',
      'LOGGED_IN_KEY',
      'NONCE_KEY',
      'AUTH_SALT',
      'SECURE_AUTH_SALT',
      'LOGGED_IN_SALT',
      'NONCE_SALT',
    ].map((k) => [k, randomBytes(24).toString('hex')]),
  ),
};
export const writeSuiteConfig = () =>
  writeFileSync(join(site, 'suite.json'), JSON.stringify(suiteConfig, null, 2));

/** Writes the site (wp-config.php, wp-content with the must-use plugin) for the store at this port. */
export function writeSite(storePort) {
  for (const dir of ['plugins', 'themes', 'mu-plugins', 'upgrade', 'uploads'])
    mkdirSync(join(content, dir), { recursive: true });
  suiteConfig.store_url = `http://127.0.0.1:${storePort}`;
  suiteConfig.allowed = [`127.0.0.1:${storePort}`];
  suiteConfig.ports = [storePort];
  writeSuiteConfig();
  copyFileSync(join(fixtures, 'wp-config.php'), join(site, 'wp-config.php'));
  copyFileSync(
    join(fixtures, 'seatkeeper-suite.php'),
    join(content, 'mu-plugins', 'seatkeeper-suite.php'),
  );
}

/** WordPress's debug.log, last lines (PHP errors of the driver's runs). */
function debugLogTail() {
  const log = join(site, 'debug.log');
  return existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.trim() && !line.includes('PHP Deprecated'))
        .slice(-15)
        .join('\n')
    : '';
}

/**
 * Runs one driver command; answers its result (throws with PHP's output when it failed).
 * @param {string} command @param {Record<string, unknown>} [args] @returns {Promise<any>}
 */
export async function wp(command, args = {}) {
  const r = await exec('php', [driver, site, command, JSON.stringify(args)]);
  const marker = r.stdout.lastIndexOf('@@RESULT@@');
  if (r.code !== 0 || marker < 0)
    throw new Error(
      `php driver ${command} failed (${r.code}): ${r.stdout.replace(/<[^>]+>|\s+/g, ' ').slice(-1500)} ${r.stderr.slice(-1500)}\n${debugLogTail()}`,
    );
  const answer = JSON.parse(
    r.stdout
      .slice(marker + '@@RESULT@@'.length)
      .trim()
      .split('\n')[0],
  );
  if (answer.error) throw new Error(`php driver ${command}: ${answer.error}`);
  return answer.result;
}
