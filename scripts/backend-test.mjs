// The backend's tests: unit specs, then the integration suite on PostgreSQL and once on PGlite.
import pg from 'pg';
import { run, skip } from './lib.mjs';

const jest = (project, env = {}) =>
  run('npx', ['jest', '--selectProjects', project], {
    cwd: new URL('../backend', import.meta.url).pathname,
    env,
  });

let failed = 0;
failed |= await jest('unit');

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
let reachable = true;
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
if (reachable) {
  console.log('\n== backend integration suite on PostgreSQL ==');
  failed |= await jest('integration', { TEST_DB: 'postgres' });
}
console.log('\n== backend integration suite on PGlite (embedded PostgreSQL) ==');
failed |= await jest('integration', {
  TEST_DB: 'pglite',
  NODE_OPTIONS:
    `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim(),
});
process.exit(failed ? 1 : 0);
