// The WordPress SDK on a real WordPress: Debian's /usr/share/wordpress installed from PHP's command line on a
// fresh MariaDB database (no web server), the built store on a fresh PostgreSQL database, the sample plugin
// and theme (an older build) installed in WordPress, then each behaviour of issue #17 as a named node:test
// test, one topic a file in scripts/wordpress/ (*.test.mjs, with support/ and the PHP of fixtures/). The
// WordPress side runs through sdk/wordpress/tests/driver.php. Without PHP, WordPress or MariaDB the suite is
// skipped loudly (REQUIRE_PHP=1, set by .ci/run, makes that a failure).
// This runner checks what the machine has, makes the store's database and the site's directory, runs the
// topics one after the other in one process (scripts/wordpress/all.mjs: they share one store and one
// WordPress) with the spec reporter, then drops the database and removes the site (kept when a test failed
// or WP_SUITE_KEEP=1, with its debug.log and store.log).
//   node scripts/wordpress-suite.mjs [name filter]   (a test or topic whose name contains the filter)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, skip } from './lib.mjs';
import {
  createStoreDatabase,
  dropStoreDatabase,
  mariadb,
  probe,
  storeMain,
  SUITE,
  WORDPRESS,
} from './wordpress/support/environment.mjs';

const started = Date.now();
const filter = process.argv[2] ?? '';

const machine = await probe();
if (!machine.ok) process.exit(skip(SUITE, machine.reason, 'REQUIRE_PHP'));
if (!existsSync(storeMain)) {
  console.error('The app is not built: run `npm run build` first (npm test does).');
  process.exit(1);
}
/** @type {string} */
let databaseUrl;
try {
  databaseUrl = await createStoreDatabase();
} catch (e) {
  process.exit(
    skip(
      `${SUITE}: the store's PostgreSQL database`,
      `cannot create a database: ${e.message}`,
      'REQUIRE_POSTGRES',
    ),
  );
}
console.log(
  `${machine.found}, WordPress from ${WORDPRESS}, MariaDB ${mariadb.host}:${mariadb.port}`,
);

const site = mkdtempSync(join(tmpdir(), 'seatkeeper-wp-site-'));
/** @type {number} */
let code;
try {
  code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--test-reporter=spec',
        // The old runner's filter: a name containing it (the steps the others need run anyway).
        ...(filter ? [`--test-name-pattern=${filter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`] : []),
        'scripts/wordpress/all.mjs',
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, WP_SUITE_SITE: site, WP_SUITE_DATABASE_URL: databaseUrl },
      },
    );
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
} finally {
  await dropStoreDatabase(databaseUrl);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const read = (/** @type {string} */ name) =>
  existsSync(join(site, name)) ? readFileSync(join(site, name), 'utf8') : '';
/** @type {Record<string, any>} */
const figures = JSON.parse(read('figures.json') || '{}');
if (figures.check)
  console.log(
    `\nFigures: licence check on a wp-admin page: warm cache ${figures.check.warm_ms.toFixed(2)} ms, cold cache ${figures.check.cold_ms.toFixed(2)} ms (medians of ${figures.check.rounds}); suite ${seconds} s`,
  );
if (code && read('store.log'))
  console.log(`\nstore log (tail):\n${read('store.log').slice(-3000)}`);
// WP_SUITE_KEEP=1 keeps the WordPress site (its database is dropped) to look at its files and logs.
if (!code && !process.env.WP_SUITE_KEEP) rmSync(site, { recursive: true, force: true });
else console.log(`\n  WordPress site kept for inspection: ${site} (debug.log, store.log)`);
console.log(`\nWordPress SDK suite ${code ? 'FAILED' : 'passed'} (${seconds} s)`);
process.exit(code ? 1 : 0);
