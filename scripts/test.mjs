// npm test: every test of the product. Suites that cannot run on this machine (no PostgreSQL, no
// Chromium, no PHP/WordPress/MariaDB) are skipped loudly and listed at the end; REQUIRE_POSTGRES=1 /
// REQUIRE_CHROMIUM=1 / REQUIRE_PHP=1 (set by .ci/run) turn those skips into failures.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { freePort, root, run, runPrefixed, skipLog } from './lib.mjs';

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
    'typecheck and lint bench/ and scripts/, and unused code everywhere (knip)',
    async () =>
      (await run('npm', ['run', '--silent', 'typecheck:tools'])) ||
      run('npm', ['run', '--silent', 'lint:tools']),
  ],
  // The build first: the journeys and the WordPress SDK's suite run the built app.
  ['build', () => nx('-t', 'build')],
  // Every suite in one step, as a pool (below): the longest first, so that the two cores stay busy to
  // the end instead of idling beside the last suite.
  ['tests: unit, component, integration, the WordPress SDK and the journeys', () => suites()],
];
/**
 * The suites. They are bound by the machine's CPU time, not by waiting: each integration suite (one Jest
 * worker) in two shards, the journeys one language each, all in a pool of TEST_CONCURRENCY (4) at once,
 * the longest first; the light ones (the WordPress SDK, mostly waiting on PHP and MariaDB; the unit specs)
 * in a lane of their own beside it. Each line of output is marked with its suite. No suite that runs the
 * built app without a build. docs/testing.md, "How long".
 */
async function suites() {
  const shards = Number(process.env.TEST_INTEGRATION_SHARDS ?? 2);
  /** @type {[name: string, run: () => Promise<number>][]} */
  const pooled = [];
  for (const db of ['pglite', 'postgres'])
    for (let shard = 1; shard <= shards; shard++) {
      const name = shards > 1 ? `${db} ${shard}/${shards}` : db;
      pooled.push([
        name,
        () =>
          runPrefixed(name, 'node', ['scripts/backend-test.mjs'], {
            env: {
              BACKEND_SUITES: db,
              ...(shards > 1 ? { BACKEND_SHARD: `${shard}/${shards}` } : {}),
            },
          }),
      ]);
    }
  pooled.push([
    'frontend',
    () => runPrefixed('frontend', 'npx', ['vitest', 'run'], { cwd: `${root}/frontend` }),
  ]);
  if (built)
    for (const language of (process.env.E2E_LANGS ?? 'en,zh-CN').split(',').filter(Boolean)) {
      // Each language's app and fake WeChat Pay on ports of their own, chosen here at once.
      const ports = { E2E_PORT: String(await freePort()), E2E_WECHATPAY_CONTROL_PORT: '' };
      do ports.E2E_WECHATPAY_CONTROL_PORT = String(await freePort());
      while (ports.E2E_WECHATPAY_CONTROL_PORT === ports.E2E_PORT);
      pooled.push([
        `journeys ${language}`,
        () =>
          runPrefixed(language, 'node', ['scripts/e2e.mjs'], {
            env: { E2E_LANGS: language, ...ports },
          }),
      ]);
    }
  const light = async () =>
    (built
      ? (await runPrefixed('wordpress', 'node', ['scripts/php-compat.mjs'])) |
        (await runPrefixed('wordpress', 'node', ['scripts/wordpress-suite.mjs']))
      : 0) |
    (await runPrefixed('unit', 'node', ['scripts/backend-test.mjs'], {
      env: { BACKEND_SUITES: 'unit' },
    })) |
    (await runPrefixed('domain', 'npx', ['vitest', 'run'], { cwd: `${root}/libs/domain` }));
  /** @type {string[]} */
  const report = [];
  const timed = async (/** @type {string} */ name, /** @type {() => Promise<number>} */ suite) => {
    const started = performance.now();
    const code = await suite();
    report.push(
      `${name}: ${code ? 'FAILED' : 'passed'} in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    return code;
  };
  const queue = [...pooled];
  let failed = 0;
  const lane = async () => {
    // The code first, then the OR: `failed |= await ...` reads `failed` before the wait, so a lane
    // ending later wrote back the 0 it had read and lost another lane's failure.
    for (let next = queue.shift(); next; next = queue.shift()) {
      const code = await timed(...next);
      failed |= code;
    }
  };
  const limit = Math.max(1, Number(process.env.TEST_CONCURRENCY ?? 4));
  await Promise.all([
    ...Array.from({ length: limit }, lane),
    timed('WordPress SDK, backend unit, domain', light).then((code) => (failed |= code)),
  ]);
  console.log(`\n${report.join('\n')}`);
  return failed;
}
/** The machine's CPU time so far (Linux /proc/stat, in ticks): busy and idle, or undefined elsewhere. */
function cpuTicks() {
  try {
    const [user, nice, system, idle, iowait, ...rest] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    return { busy: user + nice + system + rest.reduce((a, b) => a + b, 0), idle: idle + iowait };
  } catch {
    return undefined;
  }
}
const failures = [];
for (const [name, step] of steps) {
  console.log(`\n==== ${name} ====`);
  const started = performance.now();
  const before = cpuTicks();
  if ((await step()) !== 0) failures.push(name);
  const after = cpuTicks();
  // How busy the machine's cores were during the step: a step at 100% is bound by CPU time, and only
  // less work (not more parallelism) makes it shorter.
  const busy =
    before && after
      ? `, CPU ${Math.round((100 * (after.busy - before.busy)) / (after.busy - before.busy + after.idle - before.idle))}% busy on ${availableParallelism()} cores`
      : '';
  console.log(`==== ${name}: ${Math.round((performance.now() - started) / 1000)} s${busy}`);
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
