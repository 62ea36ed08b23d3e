import { execFile, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import type { Embedded as PGlite } from '../database/mikro-orm.config';
import { backupFileName, backupsToPrune, pgDumpProblem, type BackupKind } from './backup-rules';

/**
 * Taking and restoring backups (docs/operations.md). The embedded database is dumped by the process that
 * holds it (PGlite is one process: the running app takes it, see ops-socket.ts), as a tarball of its data
 * directory taken while no statement runs: a crash-consistent copy that PostgreSQL's recovery opens as of
 * the last commit. PostgreSQL is dumped by pg_dump in its custom format and restored by pg_restore.
 */

export class OpsError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

/** Writes to a temporary name first: a file named like a backup is always a whole one. */
function finish(tmp: string, file: string, started: number): BackupResult {
  renameSync(tmp, file);
  return { file, bytes: statSync(file).size, ms: Date.now() - started };
}

/**
 * A new backup's path in `dir` (a second one in the same second gets a suffix), its temporary name
 * (`<path>.partial`) created at once and exclusively: two backups started in the same second (a scheduled
 * one and `npm run backup`) get two names, where checking the finished names alone gave both the first.
 */
export function newBackupPath(dir: string, kind: BackupKind, at = new Date()): string {
  mkdirSync(dir, { recursive: true });
  const name = backupFileName(kind, at);
  for (let i = 1; ; i++) {
    const file = join(
      dir,
      i === 1 ? name : name.replace(/(\.pglite\.tar\.gz|\.pgdump)$/, `-${i}$1`),
    );
    if (existsSync(file)) continue;
    try {
      closeSync(openSync(`${file}.partial`, 'wx', 0o600));
      return file;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

type Exclusive = { _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> };

/** The embedded database, dumped by the process that holds it open. */
export async function backupPglite(db: PGlite, dir: string): Promise<BackupResult> {
  const started = Date.now();
  const file = newBackupPath(dir, 'pglite');
  const tmp = `${file}.partial`;
  // A checkpoint keeps the copy's recovery short; then no statement runs while the files are read.
  try {
    await db.exec('checkpoint');
    const blob = await (db as unknown as Exclusive)._runExclusiveQuery(() =>
      db.dumpDataDir('gzip'),
    );
    writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  return finish(tmp, file, started);
}

function run(
  cmd: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ code: number; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ code: e.code === 'ENOENT' ? 127 : 1, stderr: e.message, stdout }),
    );
    child.on('exit', (code) => resolve({ code: code ?? 1, stderr, stdout }));
  });
}

/** `pg_dump --version`'s line, or undefined when there is no pg_dump. */
function toolVersion(tool: string): Promise<string | undefined> {
  return new Promise((resolve) =>
    execFile(tool, ['--version'], (err, stdout) => resolve(err ? undefined : stdout.trim())),
  );
}

export async function serverVersionNum(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(
      `select current_setting('server_version_num') as v`,
    );
    return Number(rows[0].v);
  } finally {
    await client.end();
  }
}

/** pg_dump's tool name (PG_DUMP / PG_RESTORE may name another binary, e.g. /usr/lib/postgresql/17/bin/pg_dump). */
const tool = (name: 'pg_dump' | 'pg_restore') =>
  (name === 'pg_dump' ? process.env.PG_DUMP : process.env.PG_RESTORE) || name;

/** Refuses with one clear sentence when pg_dump is missing or older than the server. */
export async function checkPgDump(databaseUrl: string): Promise<void> {
  const problem = pgDumpProblem(
    await toolVersion(tool('pg_dump')),
    await serverVersionNum(databaseUrl),
  );
  if (problem) throw new OpsError(problem);
}

export async function backupPostgres(databaseUrl: string, dir: string): Promise<BackupResult> {
  const started = Date.now();
  await checkPgDump(databaseUrl);
  const file = newBackupPath(dir, 'postgres');
  const tmp = `${file}.partial`;
  // -Fc: compressed, restorable table by table; no owners or privileges (the target's user owns all).
  const { code, stderr } = await run(tool('pg_dump'), [
    '-Fc',
    '--no-owner',
    '--no-privileges',
    '-f',
    tmp,
    '-d',
    databaseUrl,
  ]);
  if (code !== 0) {
    rmSync(tmp, { force: true });
    throw new OpsError(`pg_dump failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`);
  }
  return finish(tmp, file, started);
}

/** Deletes the oldest of our backups in `dir` beyond `keep`; answers the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const gone = backupsToPrune(readdirSync(dir), keep);
  for (const name of gone) unlinkSync(join(dir, name));
  return gone;
}

/** The tables of the public schema that hold rows (an empty database: none, or only empty ones). */
export async function postgresHasData(databaseUrl: string): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
    );
    for (const { name } of rows) {
      const r = await client.query(`select 1 from ${name} limit 1`);
      if (r.rowCount) return true;
    }
    return false;
  } finally {
    await client.end();
  }
}

/**
 * pg_restore into an empty database (--force: its public schema is dropped and made again first). The
 * migrations then run as usual at the app's next start (none pending when the backup was recent).
 */
export async function restorePostgres(
  file: string,
  databaseUrl: string,
  force: boolean,
): Promise<BackupResult> {
  const started = Date.now();
  if (!force && (await postgresHasData(databaseUrl)))
    throw new OpsError(
      'The target database is not empty: restore into an empty database, or pass --force to replace everything in it',
    );
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Tables without rows (a schema made by the migrations) or, with --force, with rows: made anew.
    const { rows } = await client.query(
      `select 1 from pg_tables where schemaname = 'public' limit 1`,
    );
    if (rows.length) {
      await client.query('drop schema public cascade');
      await client.query('create schema public');
    }
  } finally {
    await client.end();
  }
  const restoreTool = tool('pg_restore');
  if ((await toolVersion(restoreTool)) === undefined)
    throw new OpsError(
      "pg_restore was not found: install the PostgreSQL client tools of the server's version or newer",
    );
  const { code, stderr } = await run(restoreTool, [
    '--no-owner',
    '--no-privileges',
    // COMMENT ON EXTENSION needs the extension's owner; the comments are not data.
    '--no-comments',
    '--exit-on-error',
    '-d',
    databaseUrl,
    file,
  ]);
  if (code !== 0)
    throw new OpsError(`pg_restore failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`);
  return { file, bytes: statSync(file).size, ms: Date.now() - started };
}

/**
 * The embedded database's directory from a backup. An existing directory is refused unless --force, which
 * keeps it aside (pglite.before-restore-<time>) rather than deleting it.
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  force: boolean,
): Promise<BackupResult & { keptAside?: string }> {
  const started = Date.now();
  const dir = join(dataDir, 'pglite');
  let keptAside: string | undefined;
  if (existsSync(dir) && readdirSync(dir).length) {
    if (!force)
      throw new OpsError(
        `${dir} already holds a database: restore into an empty DATA_DIR, or pass --force (the current one is kept aside)`,
      );
    keptAside = `${dir}.before-restore-${new Date().toISOString().replace(/[-:.]/g, '')}`;
    renameSync(dir, keptAside);
  } else if (existsSync(dir)) {
    rmSync(dir, { recursive: true });
  }
  mkdirSync(dirname(dir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(dir, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([readFileSync(file)]),
  });
  await db.query('select 1');
  await db.close();
  return { file, bytes: statSync(file).size, ms: Date.now() - started, keptAside };
}
