// npm run api:generate: the API contract and what is generated from it.
//   1. api/openapi.json, built from the backend's module metadata (no database, no server);
//   2. frontend/src/lib/api/schema.d.ts, its TypeScript types (openapi-typescript).
// Both are committed; backend/src/web/openapi.spec.ts and frontend/src/lib/api/schema.test.ts fail
// when either differs from what this script writes.
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const SCHEMA_FILE = 'frontend/src/lib/api/schema.d.ts';

/** @type {[what: string, step: () => Promise<number>][]} */
const steps = [
  [
    'api/openapi.json',
    () =>
      run('node', ['-r', '@swc-node/register', 'src/web/openapi-generate.ts'], {
        cwd: join(root, 'backend'),
      }),
  ],
  [
    SCHEMA_FILE,
    () =>
      run('node', [
        join(root, 'node_modules/openapi-typescript/bin/cli.js'),
        'api/openapi.json',
        '--output',
        SCHEMA_FILE,
      ]),
  ],
];
for (const [what, step] of steps) {
  if ((await step()) !== 0) {
    console.error(`api:generate: writing ${what} failed`);
    process.exit(1);
  }
}
