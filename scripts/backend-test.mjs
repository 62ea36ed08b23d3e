// The backend's tests: unit specs, then the integration suite on PostgreSQL and on PGlite, the two at
// once (each on its own databases; the PostgreSQL one mostly waits on the server while PGlite computes
// in-process, so on two cores they overlap well). BACKEND_SUITES_IN_TURN=1 runs them one after the other.
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import pg from 'pg';
import { run, runPrefixed, skip } from './lib.mjs';

const cwd = new URL('../backend', import.meta.url).pathname;
// One Jest worker per suite by default; BACKEND_WORKERS_PGLITE / BACKEND_WORKERS_POSTGRES give a suite more
// (every test file has its own database). Two PGlite workers were tried in CI: the PostgreSQL suite, which
// waits more than it computes, then ended last and alone at half a core, and the step took longer.
const workers = {
  postgres: process.env.BACKEND_WORKERS_POSTGRES ?? '1',
  pglite: process.env.BACKEND_WORKERS_PGLITE ?? '1',
};
/**
 * Where the integration suites' files go (each test file's PGlite directory, copied from the template and
 * deleted after it, logs, certificates): a folder on the machine's memory file system when it has one with
 * room (/dev/shm; Docker's default of 64 MB has not), else the system's temporary folder. On a disk,
 * copying and deleting a PGlite directory's 1,200 files took 0.5-2 s per test file (journal writes and
 * waits); in memory 0.1 s. TEST_TMPDIR chooses.
 */
function suiteTmpdir() {
  if (process.env.TEST_TMPDIR) return process.env.TEST_TMPDIR;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize >= 2 * 1024 ** 3) return mkdtempSync('/dev/shm/seatkeeper-tests-');
  } catch {
    // No memory file system here: the system's temporary folder.
  }
  return undefined;
}
const tmp = suiteTmpdir();
const jest = (project, env = {}, prefix = '') => {
  const args = ['jest', '--selectProjects', project];
  if (project === 'integration') {
    args.push(`--maxWorkers=${workers[env.TEST_DB]}`);
    // Every test file in a fresh worker process. In one long-lived process (Jest's default with one
    // worker), each file's app and module registry stayed on the heap (+30-50 MB a file) and every later
    // file paid for it in garbage collection: the same file took 11.4 CPU-s 54th in the PGlite run and
    // 3.4 s 10th; the licences file 54 CPU-s against 8.5 s fresh. A fresh process per file cut the PGlite
    // suite from 984 to 601 CPU-s and the PostgreSQL one from 496 to 339 (docs/testing.md, "How long").
    args.push('--workerIdleMemoryLimit=0');
    // BACKEND_SHARD=1/2: this share of the suite's files (scripts/test.mjs runs each suite in shards).
    if (process.env.BACKEND_SHARD) args.push(`--shard=${process.env.BACKEND_SHARD}`);
    if (tmp) env = { ...env, TMPDIR: tmp };
  }
  return prefix ? runPrefixed(prefix, 'npx', args, { cwd, env }) : run('npx', args, { cwd, env });
};
/** BACKEND_SUITES=unit,postgres,pglite (the default: all three) picks suites, e.g. one CI job each. */
const chosen = new Set((process.env.BACKEND_SUITES ?? 'unit,postgres,pglite').split(','));
const together =
  process.env.BACKEND_SUITES_IN_TURN !== '1' && chosen.has('postgres') && chosen.has('pglite');

let failed = 0;
if (chosen.has('unit')) failed |= await jest('unit');

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
let reachable = chosen.has('postgres');
if (reachable)
  try {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    await client.connect();
    await client.end();
  } catch (e) {
    reachable = false;
    failed |= skip(
      'backend integration suite on PostgreSQL',
      `cannot connect to ${adminUrl.replace(/:[^:@/]*@/, ':***@')}: ${e.message}`,
      'REQUIRE_POSTGRES',
    );
  }
const suites = [];
if (reachable) {
  suites.push(() => {
    console.log('\n== backend integration suite on PostgreSQL ==');
    return jest('integration', { TEST_DB: 'postgres' }, together ? 'postgres' : '');
  });
}
if (chosen.has('pglite'))
  suites.push(() => {
    console.log('\n== backend integration suite on PGlite (embedded PostgreSQL) ==');
    return jest(
      'integration',
      {
        TEST_DB: 'pglite',
        NODE_OPTIONS:
          `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim(),
      },
      together ? 'pglite' : '',
    );
  });
if (together) {
  for (const code of await Promise.all(suites.map((suite) => suite()))) failed |= code;
} else {
  for (const suite of suites) failed |= await suite();
}
if (tmp && !process.env.TEST_TMPDIR) rmSync(tmp, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
