// The one store and WordPress that every topic of the WordPress SDK suite shares, in one process: the steps
// the topics need (a customer with a seat bound to the site, WordPress installed with the sample plugin and
// theme, the activation code saved) run once, whichever topic asks first, each with its checks; a failed
// step fails every topic that needs it. After the last test: the store stopped, the WordPress database
// dropped (scripts/wordpress-suite.mjs drops the store's database and removes the site).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { freePort } from '../../lib.mjs';
import { buildSample } from '../../release-samples.mjs';
import { createStoreDatabase, dropStoreDatabase, HOME, OLD_VERSION } from './environment.mjs';
import { got } from './got.mjs';
import { getJson, signIn } from './http.mjs';
import { publicKey, query, startStore, stopStore } from './store.mjs';
import { site, wp, writeSite } from './wordpress.mjs';

/** The store's URL and port, once it started. */
export let store = '';
export let storePort = 0;
/** The customer's session cookie, activation code and seat. */
export let cookie = '';
export let code = '';
export let seatId = '';
/** Figures the suite reports at its end (written to the site's figures.json for the runner). */
/** @type {Record<string, any>} */
export const figures = {};

/** The store's database (WP_SUITE_DATABASE_URL: the one scripts/wordpress-suite.mjs made). */
let databaseUrl = process.env.WP_SUITE_DATABASE_URL ?? '';
const ownDatabase = !databaseUrl;
/** The store's DATA_DIR, made when it starts. */
let storeDataDir = '';
export const storeLog = join(site, 'store.log');

/** @type {(text: string, params?: unknown[]) => Promise<any[]>} */
export const sql = (text, params = []) => query(databaseUrl, text, params);

/** @template T @param {() => Promise<T>} step @returns {() => Promise<T>} */
const once = (step) => {
  /** @type {Promise<T> | undefined} */
  let done;
  return () => (done ??= step());
};

/** The store starts and a customer gets a seat bound to the WordPress site. */
export const storeWithSeat = once(async () => {
  if (ownDatabase) databaseUrl = await createStoreDatabase();
  storePort = await freePort();
  storeDataDir = mkdtempSync(join(tmpdir(), 'seatkeeper-wp-store-'));
  store = await startStore({
    port: storePort,
    dataDir: storeDataDir,
    databaseUrl,
    logFile: storeLog,
  });
  cookie = await signIn(store, `wp-suite-${randomBytes(3).toString('hex')}@example.com`);
  const token = await getJson(`${store}/api/apitokens/token`, { headers: { cookie } });
  code = token.plainToken;
  assert.ok(typeof code === 'string' && code.length > 16, got('the activation code', token));
  const session = await getJson(`${store}/api/auth/get-session`, { headers: { cookie } });
  const rows = await sql(
    `insert into licenses (id, user_id, purchase_tier, seat_index) values (gen_random_uuid(), $1, 'basic', 1) returning id`,
    [session.user.id],
  );
  seatId = rows[0].id;
  const bind = await fetch(`${store}/api/apitokens/licenses/${seatId}/bind`, {
    method: 'POST',
    headers: { cookie, origin: store, 'content-type': 'application/json' },
    body: JSON.stringify({ websiteUrl: HOME }),
  });
  assert.ok(bind.ok, got('the seat binds to the site', await bind.text()));
});

/** WordPress installs from the command line and takes the sample plugin and theme (older build). */
export const wordpressInstalled = once(async () => {
  await storeWithSeat();
  writeSite(storePort);
  const installed = await wp('install');
  assert.ok(installed.user_id === 1, got('wp_install made the admin', installed));
  for (const [kind, slug] of [
    ['plugin', 'visual-editor'],
    ['theme', 'minimal-theme'],
  ]) {
    const zip = join(site, `${slug}-${OLD_VERSION}.zip`);
    // The seller's build: the store's URL and its public key configured.
    writeFileSync(zip, buildSample({ slug, version: OLD_VERSION, storeUrl: store, publicKey }));
    const r = await wp('install-zip', { kind, slug, zip });
    assert.ok(r.result === true && !r.errors.length, got(`${slug} installs`, r));
    if (kind === 'plugin') assert.ok(r.activated, got('the plugin activates', r));
    else assert.ok(r.active === slug, got('the theme is active', r));
  }
  const versions = await wp('versions');
  assert.ok(
    versions.plugin === OLD_VERSION && versions.theme === OLD_VERSION,
    got('old versions installed', versions),
  );
});

/** Activation through the settings form: code saved, checked at once, VALID, shown masked. */
export const activated = once(async () => {
  await wordpressInstalled();
  const saved = await wp('save-form', { slug: 'visual-editor', code: `  ${code}\n` });
  assert.ok(saved.stored === code, got('the code is saved trimmed', saved));
  assert.ok(
    String(saved.redirect).includes('seatkeeper-saved=1'),
    got('back to the settings page', saved),
  );
  assert.ok(
    saved.status?.code === 'VALID' && saved.status.valid === true,
    got('the check ran and answered VALID', saved.status),
  );
  const page = await wp('page', { slug: 'visual-editor' });
  assert.ok(page.status.code === 'VALID' && !page.status.grace, got('status VALID', page.status));
  assert.ok(!page.page.includes(code), 'the full code never appears on the page');
  assert.ok(
    page.page.includes(`${code.slice(0, 4)}••••••••${code.slice(-4)}`),
    got('the code is shown masked', page.page),
  );
  assert.ok(
    page.page.includes('data-code="VALID"') && page.page.includes('>Valid<'),
    'the page shows Valid',
  );
  assert.ok(
    !page.notices.includes('data-seatkeeper="visual-editor"'),
    got('no notice when valid', page.notices),
  );
  const theme = await wp('save-form', { slug: 'minimal-theme', code });
  assert.ok(theme.status?.code === 'VALID', got('the theme activates too', theme));
});

// After the last test of the process (a root hook: the topics are imported statically, so it runs last).
after(async () => {
  await stopStore();
  if (existsSync(join(site, 'suite.json'))) await wp('drop').catch(() => undefined);
  if (ownDatabase && databaseUrl) await dropStoreDatabase(databaseUrl);
  if (storeDataDir) rmSync(storeDataDir, { recursive: true, force: true });
  writeFileSync(join(site, 'figures.json'), JSON.stringify(figures));
  if (!process.env.WP_SUITE_SITE) console.log(`\n  WordPress site kept: ${site} (debug.log)`);
});
