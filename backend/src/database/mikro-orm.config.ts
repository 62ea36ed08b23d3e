import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { SafePGliteDriver } from './pglite-driver';
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
    // The dashboard's roll-ups are kept by triggers, not entities (Migration20261201200000).
    // The operations tables have no entities either (backend/src/ops, Migration20261218100000).
    schemaGenerator: { skipTables: [/^dashboard_/, /^ops_/] },
    forceUtcTimezone: true,
    allowGlobalContext: false,
    debug: false,
  };
  if (config.databaseUrl) {
    return {
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: config.databaseUrl,
      pool: { min: 0, max: 10 },
    };
  }
  const dir = join(config.dataDir, 'pglite');
  mkdirSync(config.dataDir, { recursive: true });
  return {
    ...common,
    driver: SafePGliteDriver as unknown as typeof PostgreSqlDriver,
    dbName: 'postgres',
    driverOptions: { connection: { pglite: () => openEmbedded(dir) } },
  };
}

/**
 * Embedded PostgreSQL instances by data directory. We open them ourselves (with the pg_trgm extension the
 * migrations use, as on PostgreSQL), so we also close them: closeEmbedded() after orm.close().
 */
export interface Embedded {
  exec(sql: string): Promise<unknown>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** A tarball of the data directory (backend/src/ops/backup-engine.ts). */
  dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
}
const embedded = new Map<string, Promise<Embedded>>();

function openEmbedded(dir: string): Promise<Embedded> {
  let instance = embedded.get(dir);
  if (!instance) {
    instance = (async (): Promise<Embedded> => {
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      return PGlite.create(dir, { extensions: { pg_trgm } });
    })();
    embedded.set(dir, instance);
  }
  return instance;
}

/** The embedded database this process holds open, if any (the running app's backups, backend/src/ops). */
export function embeddedDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
): Promise<Embedded> | undefined {
  return config.databaseUrl ? undefined : embedded.get(join(config.dataDir, 'pglite'));
}

export async function closeEmbedded(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
): Promise<void> {
  if (config.databaseUrl) return;
  const dir = join(config.dataDir, 'pglite');
  const instance = embedded.get(dir);
  embedded.delete(dir);
  if (instance) await (await instance).close();
}
