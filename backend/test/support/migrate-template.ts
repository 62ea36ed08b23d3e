// Applies every committed migration to one database (test/support/template.ts runs it in a child
// process under @swc-node/register, which resolves the workspace's sources as the app's tests do).
// Usage: node -r @swc-node/register test/support/migrate-template.ts <data dir> [database url]
import { MikroORM } from '@mikro-orm/core';
import { closeEmbedded, ormOptions } from '../../src/database/mikro-orm.config';

async function main(): Promise<void> {
  const [dataDir, databaseUrl] = process.argv.slice(2);
  const config = { dataDir, databaseUrl: databaseUrl || undefined };
  const orm = await MikroORM.init(ormOptions(config));
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close();
    await closeEmbedded(config);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
