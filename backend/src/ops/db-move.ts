import { MikroORM } from '@mikro-orm/core';
import type { Embedded as PGlite } from '../database/mikro-orm.config';
import { Client } from 'pg';
import { ormOptions } from '../database/mikro-orm.config';
import { OpsError, postgresHasData } from './backup-engine';
import { checksumDifferences, copyOrder } from './move-rules';

/** Largest batch of rows sent in one INSERT (bytes of their JSON). */
const BATCH_BYTES = 8 * 1024 * 1024;
const READ_ROWS = 200;

export interface MoveReport {
  tables: { table: string; rows: number; checksum: string }[];
  sequences: number;
  ms: number;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** Row count and a checksum of every row's JSON (keys sorted by jsonb, times in UTC), order-independent. */
const CHECKSUM = (table: string) =>
  `select count(*)::int as rows, coalesce(md5(string_agg(h, '' order by h)), '') as checksum
     from (select md5(to_jsonb(x)::text) as h from ${ident(table)} x) s`;

type Rows = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Copies the embedded database to an EMPTY PostgreSQL database (docs/operations.md, "When you outgrow one
 * machine"): the schema from the same migrations, then every table's rows in dependency order in one
 * transaction (rows travel as JSON by column name, so column order does not matter), the roll-ups as the
 * source has them, the sequences where the source left them; before committing, each table's row count
 * and checksum must equal the source's, else nothing is kept but the schema.
 */
export async function moveToPostgres(
  source: PGlite,
  targetUrl: string,
  log: (line: string) => void = () => undefined,
): Promise<MoveReport> {
  const started = Date.now();
  if (await postgresHasData(targetUrl))
    throw new OpsError(
      'The target database is not empty: db:move copies into an empty PostgreSQL database only',
    );
  const src: Rows = async (sql, params) =>
    (await source.query<Record<string, unknown>>(sql, params)).rows;
  await source.exec(`set timezone to 'UTC'`);

  // The schema, from the same migrations the app runs.
  const orm = await MikroORM.init(ormOptions({ databaseUrl: targetUrl, dataDir: '/nonexistent' }));
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close(true);
  }
  const target = new Client({ connectionString: targetUrl });
  await target.connect();
  const dst: Rows = async (sql, params) =>
    (await target.query(sql, params)).rows as Record<string, unknown>[];
  try {
    const names = async (q: Rows) =>
      (await q(`select name from ${MIGRATIONS_TABLE} order by name`)).map((r) => String(r.name));
    const [srcMigrations, dstMigrations] = [await names(src), await names(dst)];
    if (srcMigrations.join() !== dstMigrations.join())
      throw new OpsError(
        'The embedded database has not run the same migrations as this version: start the app once on it (it migrates at start), stop it, then move',
      );
    const tablesOf = async (q: Rows) =>
      (
        await q(
          `select tablename from pg_tables where schemaname = 'public' and tablename <> $1 order by 1`,
          [MIGRATIONS_TABLE],
        )
      ).map((r) => String(r.tablename));
    const tables = await tablesOf(dst);
    const srcTables = await tablesOf(src);
    const missing = tables.filter((t) => !srcTables.includes(t));
    const extra = srcTables.filter((t) => !tables.includes(t));
    if (missing.length || extra.length)
      throw new OpsError(
        `The two schemas differ (source lacks: ${missing.join(', ') || 'none'}; target lacks: ${extra.join(', ') || 'none'})`,
      );
    const references = (
      await dst(
        `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
           from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
      )
    ).map((r) => ({
      child: String(r.child).replace(/"/g, ''),
      parent: String(r.parent).replace(/"/g, ''),
    }));
    const order = copyOrder(tables, references);

    await target.query('begin');
    await target.query(`set local timezone to 'UTC'`);
    // Whatever the migrations wrote (seed rows) gives way to the source's rows.
    await target.query(`truncate ${tables.map(ident).join(', ')} cascade`);
    for (const table of order) {
      if (table.startsWith('dashboard_')) await target.query(`truncate ${ident(table)}`);
      const columns = (
        await dst(
          `select column_name from information_schema.columns
            where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [table],
        )
      ).map((r) => ident(String(r.column_name)));
      const list = columns.join(', ');
      const insert = `insert into ${ident(table)} (${list}) select ${list} from jsonb_populate_recordset(null::${ident(table)}, $1::jsonb)`;
      let batch: string[] = [];
      let bytes = 0;
      let copied = 0;
      const flush = async () => {
        if (!batch.length) return;
        await target.query(insert, [`[${batch.join(',')}]`]);
        copied += batch.length;
        batch = [];
        bytes = 0;
      };
      for (let offset = 0; ; offset += READ_ROWS) {
        const rows = await src(
          `select to_jsonb(x)::text as j from ${ident(table)} x order by ctid limit ${READ_ROWS} offset ${offset}`,
        );
        for (const r of rows) {
          const j = String(r.j);
          if (bytes + j.length > BATCH_BYTES) await flush();
          batch.push(j);
          bytes += j.length;
        }
        if (rows.length < READ_ROWS) break;
      }
      await flush();
      log(`${table}: ${copied} rows`);
    }
    // Sequences where the source left them (none today; any a later migration adds).
    const sequences = await src(
      `select schemaname || '.' || sequencename as name, last_value from pg_sequences where schemaname = 'public'`,
    );
    for (const s of sequences)
      await target.query(
        s.last_value === null
          ? `select setval($1::regclass, 1, false)`
          : `select setval($1::regclass, $2::bigint, true)`,
        s.last_value === null ? [s.name] : [s.name, s.last_value],
      );
    // Before committing: every table the same on both sides, by count and checksum.
    const sums = async (q: Rows) => {
      const m = new Map<string, { rows: number; checksum: string }>();
      for (const t of [...tables, MIGRATIONS_TABLE]) {
        const [r] = await q(
          t === MIGRATIONS_TABLE
            ? `select count(*)::int as rows, '' as checksum from ${ident(t)}`
            : CHECKSUM(t),
        );
        m.set(t, { rows: Number(r.rows), checksum: String(r.checksum) });
      }
      return m;
    };
    const [before, after] = [await sums(src), await sums(dst)];
    const problems = checksumDifferences(before, after);
    if (problems.length) {
      await target.query('rollback');
      throw new OpsError(
        `The copy does not match the source, nothing was kept but the schema: ${problems.join('; ')}`,
      );
    }
    await target.query('commit');
    return {
      tables: [...after].map(([table, v]) => ({ table, ...v })),
      sequences: sequences.length,
      ms: Date.now() - started,
    };
  } catch (e) {
    await target.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    await target.end();
  }
}
