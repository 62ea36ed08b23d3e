// End-to-end journeys: Playwright driving Debian's Chromium against the built app. The app runs on a
// fresh PostgreSQL database when one is reachable (journeys may then set up data with e2e/support/db.ts),
// else on the embedded database, with the journeys that need database fixtures skipped.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, root, run, runPrefixed, skip } from './lib.mjs';

// Debian's Chromium in its headless-shell build when installed (the build Playwright itself runs headless
// journeys in: the same engine and version without the desktop browser's compositor, about 30% less time
// per journey, docs/decisions.md "The journeys' browser"), else the browser itself; CHROMIUM_PATH chooses.
const chromium =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ||
  '/usr/bin/chromium';
if (!existsSync(chromium)) {
  process.exit(
    skip(
      'end-to-end journeys (Playwright)',
      `no Chromium at ${chromium} (apt-get install -y chromium chromium-headless-shell)`,
      'REQUIRE_CHROMIUM',
    ),
  );
}
const dist = process.env.FRONTEND_DIST || join(root, 'frontend/dist');
if (!existsSync(join(root, 'backend/dist/main.js')) || !existsSync(join(dist, 'index.html'))) {
  console.error('The app is not built: run `npm run build` first (npm test does).');
  process.exit(1);
}

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// Every journey once per language (docs/architecture.md#language), each run on a fresh database so the
// second run's accounts start as new as the first's. E2E_LANGS=en runs one language only.
const languages = (process.env.E2E_LANGS ?? 'en,zh-CN').split(',').filter(Boolean);
// The languages' runs go at once (E2E_IN_TURN=1: one after the other), each with its own app, fake WeChat
// Pay, database, ports and result folders (playwright.config.ts keys them by language); each line of
// output is marked with its language.
const together = process.env.E2E_IN_TURN !== '1' && languages.length > 1;
/** Free ports for every run, distinct from each other (asked for one after the other). */
const taken = new Set();
async function distinctPort() {
  for (;;) {
    const port = await freePort();
    if (!taken.has(port)) {
      taken.add(port);
      return String(port);
    }
  }
}
const portsOf = new Map();
for (const language of languages) {
  // Free ports for the app and the fake WeChat Pay's control unless E2E_PORT names them: a server still
  // listening on the default 3210 (another checkout's journeys, a forgotten `npm start -- --port`) would
  // otherwise stop every journey before the first one (Playwright refuses a port in use).
  portsOf.set(
    language,
    process.env.E2E_PORT && !together
      ? {}
      : { E2E_PORT: await distinctPort(), E2E_WECHATPAY_CONTROL_PORT: await distinctPort() },
  );
}

async function journeys(language) {
  let failed = 0;
  const ports = portsOf.get(language);
  const name = `seatkeeper_e2e_${randomBytes(4).toString('hex')}`;
  let databaseUrl = '';
  try {
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  } catch (e) {
    failed |= skip(
      'end-to-end journeys that need database fixtures (PostgreSQL)',
      `cannot create a database: ${e.message}`,
      'REQUIRE_POSTGRES',
    );
  }

  console.log(`\nJourneys in ${language}`);
  const args = [
    'playwright',
    'test',
    '--config',
    'frontend/playwright.config.ts',
    ...process.argv.slice(2),
  ];
  const options = {
    env: {
      E2E_DATABASE_URL: databaseUrl,
      FRONTEND_DIST: dist,
      E2E_LANG: language,
      CHROMIUM_PATH: chromium,
      ...ports,
    },
  };
  failed |= together
    ? await runPrefixed(language, 'npx', args, options)
    : await run('npx', args, options);
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  return failed;
}

let failed = 0;
if (together) {
  for (const code of await Promise.all(languages.map(journeys))) failed |= code;
} else {
  for (const language of languages) failed |= await journeys(language);
}
process.exit(failed);
