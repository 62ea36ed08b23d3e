// Licence states: an invalid code (in English and Chinese), a revoked seat, an expired licence, an owner
// with no active seat; each with its notice, and VALID again after.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import gettextParser from 'gettext-parser';
import { HOME, OTHER_HOME } from './support/environment.mjs';
import { got } from './support/got.mjs';
import { activated, code, seatId, sql, store } from './support/suite.mjs';
import { content, wp } from './support/wordpress.mjs';

describe('licence states', () => {
  test('an invalid code: TOKEN_INVALID and a notice to copy the current code', async () => {
    await activated();
    const saved = await wp('save-form', {
      slug: 'visual-editor',
      code: 'not-a-real-code-0000000000',
    });
    assert.ok(saved.status.code === 'TOKEN_INVALID', got('TOKEN_INVALID', saved.status));
    const s = await wp('status', { slug: 'visual-editor' });
    assert.ok(
      /not valid/.test(s.notice) &&
        s.notice.includes('seatkeeper-visual-editor-licence') &&
        s.notice.includes(`${store}/dashboard`),
      got('the notice', s.notice),
    );
    assert.ok(!s.last_valid, got('a signed refusal ends any grace period', s.last_valid));
    assert.ok(
      Math.abs(s.cache_expires_in - 3600) < 120,
      got('a refusal is cached for 1 h', s.cache_expires_in),
    );
    const back = await wp('save-form', { slug: 'visual-editor', code });
    assert.ok(back.status.code === 'VALID', got('the right code is VALID again', back.status));
  });

  test("a site in Chinese (WPLANG zh_CN): the SDK's notice comes from its zh_CN translation", async () => {
    await activated();
    // WordPress takes a site language only when its own translation is installed (sanitize_option lists
    // wp-content/languages/*.mo); WordPress's Chinese cannot be downloaded here, so an empty zh_CN.mo
    // stands in for it: every text the notice shows is the SDK's.
    mkdirSync(join(content, 'languages'), { recursive: true });
    writeFileSync(
      join(content, 'languages', 'zh_CN.mo'),
      gettextParser.mo.compile({
        charset: 'utf-8',
        headers: { 'Content-Type': 'text/plain; charset=UTF-8', Language: 'zh_CN' },
        translations: { '': {} },
      }),
    );
    const language = await wp('set-option', { name: 'WPLANG', value: 'zh_CN' });
    assert.ok(language === 'zh_CN', got('WordPress took zh_CN as the site language', language));
    try {
      const saved = await wp('save-form', {
        slug: 'visual-editor',
        code: 'not-a-real-code-0000000000',
      });
      assert.ok(
        saved.status.code === 'TOKEN_INVALID',
        got('the code is the same in every language', saved.status),
      );
      const s = await wp('status', { slug: 'visual-editor' });
      assert.ok(
        s.notice.includes('的激活码无效') &&
          !/not valid/.test(s.notice) &&
          s.notice.includes('seatkeeper-visual-editor-licence') &&
          s.notice.includes(`${store}/dashboard`),
        got('the notice in Chinese, with the same links', {
          notice: s.notice,
          locale: s.locale,
          translated: s.translated,
        }),
      );
    } finally {
      await wp('set-option', { name: 'WPLANG', value: null });
      await wp('save-form', { slug: 'visual-editor', code });
    }
    const english = await wp('status', { slug: 'visual-editor' });
    assert.ok(
      english.status.code === 'VALID',
      got('the right code is VALID again', english.status),
    );
    assert.ok(
      english.locale === 'en_US' && !/激活码/.test(english.notice),
      got('English again', english),
    );
  });

  test('a revoked seat: LICENSE_REVOKED notice, and a package link issued before is refused', async () => {
    await activated();
    const meta = await wp('metadata', { slug: 'visual-editor' });
    assert.ok(meta.package, got('a link while the seat is active', meta));
    await sql(`update licenses set revoked_at = now() where id = $1`, [seatId]);
    try {
      // At once (the link lives LINK_TTL s here): refused for the seat, not for its age.
      const dl = await wp('download', { url: meta.package });
      assert.ok(
        dl.data?.code === 403 && /not active for this site/i.test(dl.reason),
        got("the link is refused with the store's reason", dl),
      );
      const s = await wp('status', { slug: 'visual-editor', force: true });
      assert.ok(s.status.code === 'LICENSE_REVOKED', got('LICENSE_REVOKED', s.status));
      assert.ok(/revoked/.test(s.notice), got('the notice', s.notice));
    } finally {
      await sql(`update licenses set revoked_at = null where id = $1`, [seatId]);
    }
  });

  test('an expired licence: LICENSE_EXPIRED notice to renew', async () => {
    await activated();
    await sql(
      `update licenses set license_type = 'yearly', expires_at = now() - interval '1 day' where id = $1`,
      [seatId],
    );
    try {
      const s = await wp('status', { slug: 'visual-editor', force: true });
      assert.ok(s.status.code === 'LICENSE_EXPIRED', got('LICENSE_EXPIRED', s.status));
      assert.ok(/expired/.test(s.notice) && /Renew/.test(s.notice), got('the notice', s.notice));
    } finally {
      await sql(`update licenses set license_type = 'permanent', expires_at = null where id = $1`, [
        seatId,
      ]);
    }
    const back = await wp('status', { slug: 'visual-editor', force: true });
    assert.ok(back.status.code === 'VALID', got('VALID again', back.status));
  });

  test('an owner holding no active seat: NO_ACTIVE_LICENSE, the notice and the update row say to buy a plan', async () => {
    await activated();
    // The only seat revoked and the site elsewhere: there is no seat to bind the site to.
    await sql(`update licenses set revoked_at = now() where id = $1`, [seatId]);
    await wp('set-option', { name: 'home', value: OTHER_HOME });
    try {
      const s = await wp('status', { slug: 'visual-editor', force: true });
      assert.ok(s.status.code === 'NO_ACTIVE_LICENSE', got('NO_ACTIVE_LICENSE', s.status));
      assert.ok(
        /buy a plan/i.test(s.notice) &&
          !/bind %|free seat/i.test(s.notice) &&
          s.notice.includes(`${store}/dashboard`),
        got('the notice says to buy a plan in the console', s.notice),
      );
      // (The plugin is up to date by now: the update metadata itself, as the update row would print it.)
      const meta = await wp('metadata', { slug: 'visual-editor' });
      assert.ok(
        meta.package === '' && meta.license?.code === 'NO_ACTIVE_LICENSE',
        got('no package', meta),
      );
      assert.ok(
        /buy a plan/i.test(meta.upgrade_notice) && !/other-wp\.example/.test(meta.upgrade_notice),
        got("the store's notice says to buy a plan, not to bind the site", meta),
      );
    } finally {
      await wp('set-option', { name: 'home', value: HOME });
      await sql(`update licenses set revoked_at = null where id = $1`, [seatId]);
    }
    const back = await wp('status', { slug: 'visual-editor', force: true });
    assert.ok(back.status.code === 'VALID', got('VALID again', back.status));
  });
});
