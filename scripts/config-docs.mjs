// npm run config:docs: docs/configuration.md, generated from the configuration schema
// (backend/src/config/env-schema.ts). Committed; backend/src/config/config-docs.spec.ts fails when it
// differs from what this script writes.
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const code = await run('node', ['-r', '@swc-node/register', 'src/config/config-docs-generate.ts'], {
  cwd: join(root, 'backend'),
});
if (code !== 0) {
  console.error('config:docs: writing docs/configuration.md failed');
  process.exit(1);
}
