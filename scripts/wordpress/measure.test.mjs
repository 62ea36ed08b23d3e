// Measure: what the licence check adds to a wp-admin page (figures at the suite's end).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { got } from './support/got.mjs';
import { activated, figures } from './support/suite.mjs';
import { wp } from './support/wordpress.mjs';

describe('measure', () => {
  test("measure: the licence check's added time to a wp-admin page (warm and cold cache)", async (t) => {
    await activated();
    const m = await wp('measure', { slug: 'visual-editor', rounds: 30 });
    assert.ok(m.status === 'VALID', got('measured on a VALID licence', m));
    figures.check = m;
    t.diagnostic(
      `warm ${m.warm_ms.toFixed(2)} ms (p90 ${m.warm_p90.toFixed(2)}), cold ${m.cold_ms.toFixed(2)} ms (p90 ${m.cold_p90.toFixed(2)}) over ${m.rounds} rounds`,
    );
  });
});
