// Activation: the store and a customer's seat, WordPress with the samples, the settings page without a code,
// the code saved through the settings form (support/suite.mjs: the steps every other topic starts from),
// the form's protections and the signed, cached check.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { got } from './support/got.mjs';
import { activated, code, store, storeWithSeat, wordpressInstalled } from './support/suite.mjs';
import { wp } from './support/wordpress.mjs';

describe('activation', () => {
  test('the store starts and a customer gets a seat bound to the WordPress site', storeWithSeat);

  test(
    'WordPress installs from the command line and takes the sample plugin and theme (older build)',
    wordpressInstalled,
  );

  test('without a code: the settings page and a notice ask for the activation code', async () => {
    await wordpressInstalled();
    const r = await wp('page', { slug: 'visual-editor' });
    assert.ok(r.status.code === 'NO_CODE', got('status NO_CODE', r.status));
    assert.ok(
      r.menu.includes('options-general.php?page=seatkeeper-visual-editor-licence'),
      got('Settings → Visual Editor licence', r.menu),
    );
    assert.ok(
      r.page.includes('Visual Editor licence') && r.page.includes(`${store}/dashboard`),
      got('the page links the console', r.page),
    );
    assert.ok(
      /needs its activation code/.test(r.notices) &&
        r.notices.includes('seatkeeper-visual-editor-licence'),
      got('the notice says where to paste the code', r.notices),
    );
  });

  test(
    'activation through the settings form: code saved, checked at once, VALID, shown masked',
    activated,
  );

  test('the settings form refuses a forged post (no nonce) and a user who may not manage options', async () => {
    await activated();
    const forged = await wp('save-form', {
      slug: 'visual-editor',
      code: 'attacker-code',
      forged: true,
    });
    assert.ok(
      forged.died && forged.stored === code,
      got('a post without the nonce changes nothing', forged),
    );
    const subscriber = await wp('save-form', {
      slug: 'visual-editor',
      code: 'attacker-code',
      as_subscriber: true,
    });
    assert.ok(
      /not allowed/.test(subscriber.died ?? '') && subscriber.stored === code,
      got('a subscriber changes nothing', subscriber),
    );
  });

  test('the check is signed and cached: 12 h after VALID, the signed answer kept for the grace period', async () => {
    await activated();
    const r = await wp('status', { slug: 'visual-editor' });
    assert.ok(r.status.code === 'VALID', got('VALID from the cache', r.status));
    assert.ok(r.ms < 50, got('a cached status costs no call to the store', r.ms));
    assert.ok(
      Math.abs(r.cache_expires_in - 43200) < 120,
      got('cached for 12 h', r.cache_expires_in),
    );
    assert.ok(
      r.last_valid?.body?.includes('"VALID"') && r.last_valid.signature,
      got('the signed answer is kept', r.last_valid),
    );
  });
});
