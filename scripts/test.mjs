// npm test: every test of the product. Suites that cannot run on this machine (no PostgreSQL, no
// Chromium, no PHP/WordPress/MariaDB) are skipped loudly and listed at the end; REQUIRE_POSTGRES=1 /
// REQUIRE_CHROMIUM=1 / REQUIRE_PHP=1 (set by .ci/run) turn those skips into failures.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { root, run, runPrefixed, skipLog } from './lib.mjs';

rmSync(skipLog, { force: true });
/** Whether the build succeeded: the suites that run the built app need it. */
let built = false;
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
  // The build first: the journeys and the WordPress SDK's suite run the built app.
  ['build', () => nx('-t', 'build')],
  // The projects' suites side by side (the frontend's components beside the backend's integration
  // suites), and the WordPress SDK's suites beside them (PHP 7.4 compatibility, a real WordPress on
  // MariaDB: mostly waiting on PHP and the database, so they fit beside the others on two cores); each
  // line of the SDK's output is marked [wordpress]. No SDK suite without a build.
  [
    'unit, component and integration tests, and the WordPress SDK (PHP 7.4 compatibility, a real WordPress)',
    async () => {
      const sdk = async () =>
        built
          ? (await runPrefixed('wordpress', 'node', ['scripts/php-compat.mjs'])) |
            (await runPrefixed('wordpress', 'node', ['scripts/wordpress-suite.mjs']))
          : 0;
      const codes = await Promise.all([nx('-t', 'test', '--parallel=3'), sdk()]);
      return codes.some((code) => code !== 0) ? 1 : 0;
    },
  ],
  // The journeys in both languages at once (their own servers, databases and ports).
  ['end-to-end journeys', () => (built ? run('node', ['scripts/e2e.mjs']) : Promise.resolve(0))],
];
const failures = [];
for (const [name, step] of steps) {
  console.log(`\n==== ${name} ====`);
  const started = performance.now();
  if ((await step()) !== 0) failures.push(name);
  console.log(`==== ${name}: ${Math.round((performance.now() - started) / 1000)} s`);
  if (name === 'build') built = !failures.includes('build');
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
