#!/usr/bin/env node
// Writes a migration for whatever differs between the entities and the committed migrations.
// Usage: npm run migration:create -w backend   (builds first; uses a throw-away embedded database)
const { mkdtempSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { MikroORM } = require('@mikro-orm/core');
const { closeEmbedded, ormOptions } = require('../dist/database/mikro-orm.config');

/** index.ts lists every migration file in order (explicit, so jest, tsc output and bundlers all load them). */
function writeIndex(dir) {
  const names = readdirSync(dir)
    .filter((f) => /^Migration\d+.*\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  const text = `import type { MigrationObject } from '@mikro-orm/core';
${names.map((n) => `import { ${n} } from './${n}';`).join('\n')}

/**
 * Every migration, in order. Written by \`npm run migration:create -w backend\`, which adds a migration for
 * whatever the entities changed (the schema test fails until entities and migrations agree).
 */
export const MIGRATIONS: MigrationObject[] = [
${names.map((n) => `  { name: '${n}', class: ${n} },`).join('\n')}
];
`;
  writeFileSync(require('node:path').join(dir, 'index.ts'), text);
}

(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'seatkeeper-migration-'));
  const options = ormOptions({ dataDir });
  options.migrations.path = join(__dirname, '../src/database/migrations');
  const orm = await MikroORM.init(options);
  try {
    const migrator = orm.getMigrator();
    await migrator.up();
    const result = await migrator.createMigration(
      options.migrations.path,
      false,
      false,
      process.argv[2],
    );
    if (!result.fileName) console.log('Entities and migrations agree: nothing to write.');
    else {
      writeIndex(options.migrations.path);
      console.log(`Wrote src/database/migrations/${result.fileName} and updated index.ts`);
    }
  } finally {
    await orm.close(true);
    await closeEmbedded({ dataDir });
    rmSync(dataDir, { recursive: true, force: true });
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
