// npm test: every test of the product. Suites that cannot run on this machine (no PostgreSQL, no
// Chromium, no PHP/WordPress/MariaDB) are skipped loudly and listed at the end; REQUIRE_POSTGRES=1 /
// REQUIRE_CHROMIUM=1 / REQUIRE_PHP=1 (set by .ci/run) turn those skips into failures.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { root, run, runPrefixed, skipLog } from './lib.mjs';

rmSync(skipLog, { force: true });
const nx = (...args) =>
  run('npx', ['nx', 'run-many', '--outputStyle=static', ...args], { env: { NX_DAEMON: 'false' } });
/** @type {[name: string, step: () => Promise<number>][]} */
const steps = [
  [
    'formatting (prettier --check)',
    () => run('npx', ['prettier', '--check', '--log-level=warn', '.']),
  ],
  ['typecheck and lint', () => nx('-t', 'typecheck', 'lint')],
  [
    'typecheck and lint bench/ and scripts/',
    async () =>
      (await run('npm', ['run', '--silent', 'typecheck:tools'])) ||
      run('npm', ['run', '--silent', 'lint:tools']),
  ],
  // The projects' suites side by side: the frontend's components beside the backend's integration suites.
  ['unit, component and integration tests', () => nx('-t', 'test', '--parallel=3')],
  ['build', () => nx('-t', 'build')],
  // The journeys and the WordPress SDK's suites at once (their own servers, databases and ports); each
  // line of the SDK's output is marked [wordpress].
  [
    'end-to-end journeys, and the WordPress SDK (PHP 7.4 compatibility, a real WordPress)',
    async () => {
      const sdk = async () =>
        (await runPrefixed('wordpress', 'node', ['scripts/php-compat.mjs'])) |
        (await runPrefixed('wordpress', 'node', ['scripts/wordpress-suite.mjs']));
      const codes = await Promise.all([run('node', ['scripts/e2e.mjs']), sdk()]);
      return codes.some((code) => code !== 0) ? 1 : 0;
    },
  ],
];
const failures = [];
for (const [name, step] of steps) {
  console.log(`\n==== ${name} ====`);
  if ((await step()) !== 0) failures.push(name);
  if (failures.length && name === 'build') break;
}
if (existsSync(skipLog)) {
  console.error(
    `\nSKIPPED SUITES (not run on this machine):\n${readFileSync(skipLog, 'utf8').replace(/^/gm, '  - ')}`,
  );
}
if (failures.length) {
  console.error(`\nFAILED: ${failures.join(', ')}`);
  process.exit(1);
}
console.log(`\nAll tests passed${existsSync(skipLog) ? ' (with the skips listed above)' : ''}.`);
void root;
