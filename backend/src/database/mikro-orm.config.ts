import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { PGliteDriver } from 'mikro-orm-pglite';
import type { AppConfig } from '../config/env';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * PostgreSQL when DATABASE_URL is set, else embedded PostgreSQL (PGlite) in DATA_DIR/pglite.
 * Same entities, same SQL, same migrations on both.
 */
export function ormOptions(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Options {
  const common: Options = {
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: {
      migrationsList: MIGRATIONS,
      snapshot: false,
      snapshotName: '.snapshot-seatkeeper',
      transactional: true,
      silent: true,
      allOrNothing: true,
      path: join(__dirname, 'migrations'),
      pathTs: join(__dirname, '../../src/database/migrations'),
      emit: 'ts',
    },
    discovery: { disableDynamicFileAccess: true },
    forceUtcTimezone: true,
    allowGlobalContext: false,
    debug: false,
  };
  if (config.databaseUrl) {
    return { ...common, driver: PostgreSqlDriver, clientUrl: config.databaseUrl, pool: { min: 0, max: 10 } };
  }
  const dir = join(config.dataDir, 'pglite');
  mkdirSync(config.dataDir, { recursive: true });
  return {
    ...common,
    driver: PGliteDriver as unknown as typeof PostgreSqlDriver,
    dbName: 'postgres',
    driverOptions: { connection: { filename: dir } },
  };
}
