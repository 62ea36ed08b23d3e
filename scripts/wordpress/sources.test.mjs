// The SDK's sources: every PHP file parses, the sample zips in releases/ are the current SDK's.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { buildSample, SAMPLE_VERSION, SAMPLES } from '../release-samples.mjs';
import { exec, root } from './support/environment.mjs';
import { got } from './support/got.mjs';

describe('the sources', () => {
  test('php -l on every PHP file of the SDK, the samples and the suite driver', async () => {
    /** @type {string[]} */
    const files = [];
    const walk = (d) => {
      for (const name of readdirSync(d)) {
        const path = join(d, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.php')) files.push(path);
      }
    };
    walk(join(root, 'sdk'));
    assert.ok(files.length >= 8, got('PHP files found', files));
    for (const file of files) {
      const r = await exec('php', ['-l', file]);
      assert.ok(r.code === 0, got(`php -l ${file}`, r.stdout + r.stderr));
    }
  });

  test('the sample zips in releases/ are built from the current SDK (npm run release:samples)', async () => {
    for (const { kind, slug } of SAMPLES) {
      const manifest = JSON.parse(
        readFileSync(join(root, 'releases', kind, slug, 'manifest.json'), 'utf8'),
      );
      assert.ok(
        manifest.version === SAMPLE_VERSION && manifest.file === `${slug}-${SAMPLE_VERSION}.zip`,
        got(`${slug} manifest`, manifest),
      );
      const committed = readFileSync(join(root, 'releases', kind, slug, manifest.file));
      const fresh = buildSample({
        slug,
        version: SAMPLE_VERSION,
        storeUrl: 'http://localhost:3000',
        publicKey: '',
      });
      assert.ok(committed.equals(fresh), `${manifest.file} is stale: run npm run release:samples`);
    }
  });
});
