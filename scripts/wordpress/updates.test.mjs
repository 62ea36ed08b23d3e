// Updates: "View details", an unbound site, the plugin's and the theme's updates installed by WordPress's
// upgraders after their links expired, and the updated sample pinning the store's key.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HOME, LINK_TTL, OLD_VERSION, OTHER_HOME, sleep } from './support/environment.mjs';
import { got } from './support/got.mjs';
import { publicKey } from './support/store.mjs';
import { activated, store } from './support/suite.mjs';
import { wp } from './support/wordpress.mjs';

describe('updates', () => {
  test('"View details" (plugins_api) answers the store\'s name, version and changelog', async () => {
    await activated();
    const info = await wp('plugins-api', { slug: 'visual-editor' });
    assert.ok(
      info.name === 'Visual Editor' && info.version === '1.0.0',
      got('name and version', info),
    );
    assert.ok(
      /<h4>1\.0\.0<\/h4>/.test(info.sections?.changelog ?? ''),
      got('the changelog', info.sections),
    );
    assert.ok(
      String(info.download_link).startsWith(
        `${store}/api/wp-updates/plugins/download/visual-editor?`,
      ),
      got('a package link for this bound site', info.download_link),
    );
  });

  test('an unbound site: DOMAIN_NOT_BOUND notice, no package, the update row and the upgrader say what to do', async () => {
    await activated();
    await wp('set-option', { name: 'home', value: OTHER_HOME });
    try {
      const s = await wp('status', { slug: 'visual-editor', force: true });
      assert.ok(s.status.code === 'DOMAIN_NOT_BOUND', got('DOMAIN_NOT_BOUND', s.status));
      assert.ok(
        s.notice.includes('other-wp.example') &&
          /bind/i.test(s.notice) &&
          s.notice.includes(`${store}/dashboard`),
        got('the notice says bind this domain in the console', s.notice),
      );
      const check = await wp('update-check', { slug: 'visual-editor' });
      assert.ok(check.update?.new_version === '1.0.0', got('the update is shown', check));
      assert.ok(check.update.package === '', got('but without a package', check.update));
      assert.ok(
        /other-wp\.example/.test(check.update.upgrade_notice) &&
          /console|bind/i.test(check.update.upgrade_notice),
        got("with the store's notice", check.update),
      );
      assert.ok(
        check.update_row.includes(check.update.upgrade_notice),
        got('the Plugins page row prints it', check.update_row),
      );
      const up = await wp('upgrade', { slug: 'visual-editor' });
      assert.ok(up.version_after === OLD_VERSION, got('nothing installed', up));
      assert.ok(
        [...up.errors, ...up.messages].join(' ').includes('other-wp.example'),
        got("the upgrader shows the store's notice", up),
      );
    } finally {
      await wp('set-option', { name: 'home', value: HOME });
    }
  });

  test("the update is found, and installed by Plugin_Upgrader after the transient's package link expired", async () => {
    await activated();
    const check = await wp('update-check', { slug: 'visual-editor' });
    const cached = check.update?.package;
    assert.ok(
      check.update?.new_version === '1.0.0' && cached,
      got('the update with a package link', check),
    );
    // The store's links live LINK_TTL s here (24 h by default): wait them out, as a site would wait hours.
    await sleep((LINK_TTL + 1) * 1000);
    const stale = await wp('download', { url: cached });
    assert.ok(
      stale.data?.code === 403 && /expired/i.test(stale.reason),
      got("the cached link is refused now, with the store's reason", stale),
    );
    const up = await wp('upgrade', { slug: 'visual-editor' });
    assert.ok(
      up.package_used_from_transient === cached,
      got('the upgrader started from the expired link', up),
    );
    assert.ok(up.result === true && !up.errors.length, got('the upgrade succeeded', up));
    assert.ok(up.version_after === '1.0.0', got('version 1.0.0 installed', up));
  });

  test('the theme update is found and installed by Theme_Upgrader after its link expired (details_url frameable)', async () => {
    await activated();
    const check = await wp('update-check', { slug: 'minimal-theme' });
    assert.ok(
      check.update?.new_version === '1.0.0' && check.update.package,
      got('the theme update with a package', check),
    );
    const details = await fetch(check.update.url);
    assert.ok(
      details.ok && /text\/html/.test(details.headers.get('content-type') ?? ''),
      got('details_url is an HTML page', check.update.url),
    );
    assert.ok(
      !details.headers.get('x-frame-options') &&
        /frame-ancestors \*/.test(details.headers.get('content-security-policy') ?? ''),
      got('which wp-admin may frame', Object.fromEntries(details.headers)),
    );
    await sleep((LINK_TTL + 1) * 1000);
    const up = await wp('upgrade', { slug: 'minimal-theme' });
    assert.ok(
      up.result === true && !up.errors.length && up.version_after === '1.0.0',
      got('theme 1.0.0 installed', up),
    );
  });

  test("the updated sample (built without a key) pins the store's key on first use and stays VALID", async () => {
    await activated();
    const r = await wp('status', { slug: 'visual-editor', force: true });
    assert.ok(r.status.code === 'VALID', got('VALID after the update', r.status));
    assert.ok(r.pinned?.key === publicKey, got("the store's key was pinned", r.pinned));
    /** @type {any} */
    const published = await fetch(`${store}/api/licenses/public-key`).then((x) => x.json());
    const page = await wp('page', { slug: 'visual-editor' });
    assert.ok(
      page.page.includes(`store key ${published.keyId} (pinned`),
      got('the settings page shows the pinned key id to compare with the store', page.page),
    );
  });
});
