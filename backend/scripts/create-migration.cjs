#!/usr/bin/env node
// Writes a migration for whatever differs between the entities and the committed migrations.
// Usage: npm run migration:create -w backend   (builds first; uses a throw-away embedded database)
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { MikroORM } = require('@mikro-orm/core');
const { ormOptions } = require('../dist/database/mikro-orm.config');

(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'seatkeeper-migration-'));
  const options = ormOptions({ dataDir });
  options.migrations.path = join(__dirname, '../src/database/migrations');
  const orm = await MikroORM.init(options);
  try {
    const migrator = orm.getMigrator();
    await migrator.up();
    const result = await migrator.createMigration(options.migrations.path, false, false, process.argv[2]);
    if (!result.fileName) console.log('Entities and migrations agree: nothing to write.');
    else console.log(`Wrote src/database/migrations/${result.fileName}; add it to src/database/migrations/index.ts`);
  } finally {
    await orm.close(true);
    rmSync(dataDir, { recursive: true, force: true });
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
