// Install insights: what the SDK tells the store about the site (docs/insights.md), and its opt-out.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { exec, fixtures, HOME, OLD_VERSION, sleep } from './support/environment.mjs';
import { got } from './support/got.mjs';
import { activated, seatId, sql } from './support/suite.mjs';
import { suiteConfig, wp, writeSuiteConfig } from './support/wordpress.mjs';

describe('install insights', () => {
  test('install insights: the SDK sends the WordPress and PHP versions and locale; SEATKEEPER_NO_INSIGHTS removes them', async (t) => {
    await activated();
    const host = new URL(HOME).host;
    const row = async (since) => {
      for (let i = 0; i < 50; i++) {
        const [r] = await sql(
          `select * from site_installs where kind = 'plugins' and product = 'visual-editor' and host = $1 and last_seen_at >= $2`,
          [host, since],
        );
        if (r) return r;
        await sleep(200);
      }
      return null;
    };
    const phpVersion = (await exec('php', [join(fixtures, 'php-version.php')])).stdout.trim();
    // The licence check, as the SDK sends it.
    await sql(`delete from site_installs where host = $1`, [host]);
    let since = new Date();
    let r = await wp('status', { slug: 'visual-editor', force: true });
    assert.ok(r.status.code === 'VALID', got('VALID', r.status));
    const checked = await row(since);
    assert.ok(
      checked &&
        /^\d+\.\d+/.test(checked.wp_version ?? '') &&
        checked.php_version === phpVersion &&
        checked.locale === 'en_US' &&
        checked.product_version === OLD_VERSION &&
        checked.user_id &&
        checked.license_id === seatId,
      got('the licence check recorded the versions, the locale and the seat', checked),
    );
    // The update check: installed_version, php and locale, and WordPress's User-Agent.
    await sql(`delete from site_installs where host = $1`, [host]);
    await sleep(1100);
    since = new Date();
    await wp('metadata', { slug: 'visual-editor' });
    const updated = await row(since);
    assert.ok(
      updated &&
        updated.wp_version === checked.wp_version &&
        updated.php_version === phpVersion &&
        updated.locale === 'en_US' &&
        updated.product_version === OLD_VERSION,
      got('the update check recorded the same', updated),
    );
    // The opt-out: the licence check names no product (nothing recorded), the update check carries no version.
    suiteConfig.no_insights = true;
    writeSuiteConfig();
    try {
      await sql(`delete from site_installs where host = $1`, [host]);
      await sleep(1100);
      since = new Date();
      r = await wp('status', { slug: 'visual-editor', force: true });
      assert.ok(r.status.code === 'VALID', got('still VALID with the opt-out', r.status));
      await sleep(2500);
      const none = await sql(`select * from site_installs where host = $1`, [host]);
      assert.ok(
        none.length === 0,
        got('the licence check with the opt-out recorded nothing', none),
      );
      await wp('metadata', { slug: 'visual-editor' });
      const bare = await row(since);
      assert.ok(
        bare &&
          bare.wp_version === null &&
          bare.php_version === null &&
          bare.locale === null &&
          bare.product_version === null,
        got('the update check with the opt-out carried no version or locale', bare),
      );
    } finally {
      delete suiteConfig.no_insights;
      writeSuiteConfig();
    }
    t.diagnostic(`WordPress ${checked.wp_version}, PHP ${checked.php_version}, ${checked.locale}`);
  });
});
