import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ConfigError, loadConfig, type AppConfig } from '../config/env';
import { signingKeyFile } from '../config/signing-key';
import {
  backupPglite,
  backupPostgres,
  OpsError,
  pruneBackups,
  restorePglite,
  restorePostgres,
  type BackupResult,
} from './backup-engine';
import { backupKindOf } from './backup-rules';
import { moveToPostgres } from './db-move';
import { checkKeys, dollarQuery } from './keys';
import { ask } from './ops-socket';

/**
 * The operations commands (docs/operations.md), run by `npm run backup`, `npm run restore FILE [--force]`
 * and `npm run db:move -- --to postgres://…` (scripts/ops.mjs) with the app's own configuration (.env and
 * the environment, as `npm start` reads them).
 */

const out = (line: string) => process.stdout.write(line + '\n');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function openPglite(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
}

/** Whether a running app holds DATA_DIR's embedded database (it answers on its socket). */
async function appHolds(dataDir: string): Promise<boolean> {
  return ask(dataDir, 'ping', 5_000).then(
    () => true,
    () => false,
  );
}

/** A backup on PostgreSQL is recorded as the app records its own (ops_backups and the audit log). */
async function recordPostgresBackup(databaseUrl: string, result: BackupResult): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into ops_backups (id, trigger, status, file, bytes, finished_at) values ($1, 'command', 'done', $2, $3, now())`,
      [randomUUID(), basename(result.file), result.bytes],
    );
    await client.query(
      `insert into audit_entries (id, actor, action, target, after) values ($1, 'system', 'backup.created', $2, $3)`,
      [
        randomUUID(),
        basename(result.file),
        JSON.stringify({ trigger: 'command', bytes: result.bytes, ms: result.ms }),
      ],
    );
    await client.query('commit');
  } catch {
    await client.query('rollback').catch(() => undefined);
  } finally {
    await client.end();
  }
}

export async function backup(config: AppConfig): Promise<BackupResult> {
  if (config.databaseUrl) {
    const result = await backupPostgres(config.databaseUrl, config.backup.dir);
    pruneBackups(config.backup.dir, config.backup.keep);
    await recordPostgresBackup(config.databaseUrl, result);
    return result;
  }
  if (!existsSync(join(config.dataDir, 'pglite')))
    throw new OpsError(`There is no embedded database in ${config.dataDir} (DATA_DIR) to back up`);
  // The app holds the embedded database: it takes the backup itself (and records it).
  try {
    return (await ask(config.dataDir, 'backup')) as BackupResult;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ECONNREFUSED')
      throw new OpsError(`The running app could not back up: ${(e as Error).message}`);
  }
  // Nobody holds it: this process opens it.
  const db = await openPglite(config.dataDir);
  try {
    const result = await backupPglite(db, config.backup.dir);
    pruneBackups(config.backup.dir, config.backup.keep);
    return result;
  } finally {
    await db.close();
  }
}

export async function restore(
  config: AppConfig,
  file: string,
  force: boolean,
): Promise<BackupResult> {
  if (!existsSync(file)) throw new OpsError(`${file} does not exist`);
  const kind = backupKindOf(file);
  if (!kind) throw new OpsError(`${file} is not a backup (.pglite.tar.gz or .pgdump)`);
  let result: BackupResult;
  if (kind === 'postgres') {
    if (!config.databaseUrl)
      throw new OpsError(
        'This is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore it into',
      );
    result = await restorePostgres(file, config.databaseUrl, force);
  } else {
    if (config.databaseUrl)
      throw new OpsError(
        'This is a backup of the embedded database: restore it with DATABASE_URL unset (into DATA_DIR), then `npm run db:move -- --to <url>` to move it to PostgreSQL',
      );
    if (await appHolds(config.dataDir))
      throw new OpsError('The app is running on this DATA_DIR: stop it before restoring');
    result = await restorePglite(file, config.dataDir, force);
  }
  // The restored data's secrets must be the configured ones: else say so now, loudly.
  await checkRestoredKeys(config);
  return result;
}

/**
 * Runs `fn` with a `$1`-style query on the configured database (PostgreSQL through its own client, else
 * the embedded one opened here), closing it after.
 */
async function withQuery<T>(
  config: AppConfig,
  fn: (query: ReturnType<typeof dollarQuery>) => Promise<T>,
): Promise<T> {
  if (config.databaseUrl) {
    const client = new Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      return await fn(dollarQuery((sql, p) => client.query(sql, p)));
    } finally {
      await client.end();
    }
  }
  const db = await openPglite(config.dataDir);
  try {
    return await fn(dollarQuery((sql, p) => db.query(sql, p)));
  } finally {
    await db.close();
  }
}

async function checkRestoredKeys(config: AppConfig): Promise<void> {
  try {
    await withQuery(config, (query) => checkKeys(query, config, { record: false }));
  } catch (e) {
    if (!(e instanceof OpsError)) throw e;
    throw new OpsError(`The backup was restored, but the app will not start on it: ${e.message}`);
  }
}

export async function move(
  config: AppConfig,
  to: string,
  log: (line: string) => void = () => undefined,
) {
  if (!/^postgres(ql)?:\/\//.test(to)) throw new OpsError('--to must be a postgres:// URL');
  if (config.databaseUrl)
    throw new OpsError(
      'DATABASE_URL is set: db:move copies the embedded database (DATA_DIR), so run it with DATABASE_URL unset',
    );
  if (!existsSync(join(config.dataDir, 'pglite')))
    throw new OpsError(`There is no embedded database in ${config.dataDir} (DATA_DIR) to move`);
  if (await appHolds(config.dataDir))
    throw new OpsError(
      'The app is running on this DATA_DIR: stop it first (writes after the copy would be lost)',
    );
  const db = await openPglite(config.dataDir);
  try {
    return await moveToPostgres(db, to, log);
  } finally {
    await db.close();
  }
}

async function main(argv: string[]): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const [command, ...rest] = argv;
  const config = loadConfig();
  const started = Date.now();
  switch (command) {
    case 'backup': {
      const r = await backup(config);
      out(`Backup written: ${r.file} (${mb(r.bytes)}, ${r.ms} ms)`);
      return 0;
    }
    case 'restore': {
      const force = rest.includes('--force');
      const file = rest.find((a) => !a.startsWith('--'));
      if (!file) throw new OpsError('Usage: npm run restore -- FILE [--force]');
      const r = await restore(config, resolve(file), force);
      out(
        `Restored ${r.file} in ${Date.now() - started} ms; the app runs any newer migrations at its next start.`,
      );
      return 0;
    }
    case 'db:move': {
      const i = rest.indexOf('--to');
      const to = i >= 0 ? rest[i + 1] : rest.find((a) => a.startsWith('--to='))?.slice(5);
      if (!to)
        throw new OpsError(
          'Usage: npm run db:move -- --to postgres://user:password@host:5432/database',
        );
      const r = await move(config, to, out);
      out(
        `Moved ${r.tables.length} tables (${r.tables.reduce((n, t) => n + t.rows, 0)} rows, counts and checksums equal) in ${r.ms} ms.`,
      );
      out('');
      out('Now set, for every instance:');
      out(`  DATABASE_URL=${to}`);
      if (!process.env.BETTER_AUTH_SECRET)
        out(`  BETTER_AUTH_SECRET=<the value in ${join(config.dataDir, 'secret')}>`);
      if (!process.env.LICENSE_SIGNING_KEY)
        out(`  LICENSE_SIGNING_KEY=<the contents of ${signingKeyFile(config.dataDir)}>`);
      out(
        'The data needs the same secrets: the app refuses to start with others (docs/deployment.md, "Backups").',
      );
      return 0;
    }
    default:
      throw new OpsError('Commands: backup | restore FILE [--force] | db:move --to postgres://…');
  }
}

if (require.main === module)
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(
        `${e instanceof OpsError || e instanceof ConfigError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
      );
      process.exit(1);
    },
  );
