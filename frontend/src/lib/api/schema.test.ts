import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');
const SCHEMA = 'frontend/src/lib/api/schema.d.ts';

describe('the generated API types (schema.d.ts)', () => {
  it('are what openapi-typescript makes of the committed api/openapi.json', () => {
    // The same command `npm run api:generate` runs (scripts/api-generate.mjs), to standard output.
    const produced = execFileSync(
      process.execPath,
      ['node_modules/openapi-typescript/bin/cli.js', 'api/openapi.json'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const committed = readFileSync(`${root}/${SCHEMA}`, 'utf8');
    if (committed !== produced) {
      throw new Error(
        `${SCHEMA} differs from what openapi-typescript makes of api/openapi.json.\n` +
          'Run `npm run api:generate` and commit api/openapi.json and the generated types.',
      );
    }
    expect(committed).toContain('export interface paths');
  }, 30_000);
});
