// Offline and signatures: the store stopped (the grace period, then not valid), and a fake store whose
// answers are unsigned, signed with another key, or never come.
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, sign as edSign } from 'node:crypto';
import { createServer } from 'node:http';
import { describe, test } from 'node:test';
import { HOME } from './support/environment.mjs';
import { got } from './support/got.mjs';
import { publicKey, signing, stopStore } from './support/store.mjs';
import { activated, figures, store } from './support/suite.mjs';
import { suiteConfig, wp, writeSuiteConfig } from './support/wordpress.mjs';

describe('offline and signatures', () => {
  test('offline grace: the store stopped, the last signed VALID answer counts for 7 days, not more', async () => {
    await activated();
    await wp('status', { slug: 'visual-editor', force: true });
    await stopStore();
    const s = await wp('status', { slug: 'visual-editor', forget: true });
    assert.ok(
      s.status.code === 'VALID' && s.status.grace === true,
      got('VALID in grace', s.status),
    );
    assert.ok(
      s.status.error && /could not be reached/.test(s.status.error),
      got('the reason kept', s.status),
    );
    assert.ok(
      /could not reach its licence server/.test(s.notice),
      got('a warning notice', s.notice),
    );
    assert.ok(s.ms < 3500, got('the unreachable store costs at most the 3 s timeout', s.ms));
    // The same kind of answer, signed by the store's key, but checked 8 days ago.
    const body = JSON.stringify({
      valid: true,
      code: 'VALID',
      license: { seatIndex: 1, tier: 'basic', licenseType: 'permanent', expiresAt: null },
      domain: new URL(HOME).host,
      checkedAt: new Date(Date.now() - 8 * 86400_000).toISOString(),
    });
    const signature = edSign(null, Buffer.from(body), signing.privateKey).toString('base64');
    await wp('set-option', {
      name: 'seatkeeper_visual-editor_last_valid',
      value: { body, signature },
    });
    const old = await wp('status', { slug: 'visual-editor', forget: true });
    assert.ok(
      old.status.code === 'UNREACHABLE' && !old.status.valid,
      got('past 7 days: not valid', old.status),
    );
    assert.ok(/could not verify its licence/.test(old.notice), got('an error notice', old.notice));
  });

  test('a fake store answering VALID with a wrong or missing signature is refused', async (t) => {
    await activated();
    const otherKey = generateKeyPairSync('ed25519').privateKey;
    let mode = 'wrong';
    const fake = createServer((req, res) => {
      if (req.url?.startsWith('/api/licenses/public-key')) {
        // Its own key: a product that pinned the real store's key must not take this one.
        const x = /** @type {string} */ (createPublicKey(otherKey).export({ format: 'jwk' }).x);
        const body = JSON.stringify({
          algorithm: 'Ed25519',
          keyId: 'fake',
          publicKey: Buffer.from(x, 'base64url').toString('base64'),
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
        return;
      }
      const body = JSON.stringify(
        req.url?.includes('/info')
          ? {
              name: 'Visual Editor',
              slug: 'visual-editor',
              version: '9.9.9',
              package: 'http://127.0.0.1:1/evil.zip',
              download_url: 'http://127.0.0.1:1/evil.zip',
            }
          : {
              valid: true,
              code: 'VALID',
              license: null,
              domain: new URL(HOME).host,
              checkedAt: new Date().toISOString(),
            },
      );
      if (mode === 'hang') return; // never answers
      const headers = { 'content-type': 'application/json' };
      if (mode === 'wrong')
        headers['x-seatkeeper-signature'] = edSign(null, Buffer.from(body), otherKey).toString(
          'base64',
        );
      res.writeHead(200, headers).end(body);
    });
    await new Promise((r) => fake.listen(0, '127.0.0.1', () => r(undefined)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (fake.address());
    suiteConfig.store_url = `http://127.0.0.1:${port}`;
    suiteConfig.allowed.push(`127.0.0.1:${port}`);
    writeSuiteConfig();
    try {
      await wp('set-option', { name: 'seatkeeper_visual-editor_last_valid', value: null });
      for (const m of ['wrong', 'missing']) {
        mode = m;
        const s = await wp('status', { slug: 'visual-editor', forget: true });
        assert.ok(
          s.status.code === 'UNREACHABLE' && !s.status.valid,
          got(`${m} signature: not valid`, s.status),
        );
        assert.ok(
          /not signed with its key/.test(s.status.error),
          got('refused for its signature', s.status),
        );
        assert.ok(!s.last_valid, got('nothing kept from the fake store', s.last_valid));
        // (After the update the sample pins keys; run alone, the 0.9.0 build with its configured key pins none.)
        assert.ok(
          !s.pinned || s.pinned.key === publicKey,
          got("the fake store's key is never pinned", s.pinned),
        );
        const check = await wp('update-check', { slug: 'visual-editor' });
        assert.ok(!check.update, got('no update offered from unsigned metadata', check));
      }
      // A store that takes the connection and never answers: the page waits the 3-second timeout, no more.
      mode = 'hang';
      const hung = await wp('status', { slug: 'visual-editor', forget: true });
      assert.ok(hung.status.code === 'UNREACHABLE', got('a hanging store: not valid', hung.status));
      assert.ok(hung.ms >= 2900 && hung.ms < 4500, got('the check gave up after 3 s', hung.ms));
      figures.hang = hung.ms;
      t.diagnostic(
        `a hanging store cost the check ${Math.round(hung.ms)} ms (then nothing for an hour)`,
      );
    } finally {
      fake.closeAllConnections();
      fake.close();
      suiteConfig.store_url = store;
      writeSuiteConfig();
    }
  });
});
