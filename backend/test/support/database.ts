import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/** Which database the integration suite runs on: TEST_DB=pglite for the embedded one, else PostgreSQL. */
export const TEST_DB = process.env.TEST_DB === 'pglite' ? 'pglite' : 'postgres';
export const ADMIN_URL =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Where the run's migrated template is (test/support/template.ts): a PGlite directory or a database name. */
export const TEMPLATE_ENV = 'SEATKEEPER_TEST_TEMPLATE';

export function databaseUrlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestDatabase {
  /** DATABASE_URL for the app, undefined on PGlite. */
  databaseUrl?: string;
  /** DATA_DIR for the app (PGlite data, development secret). */
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: a new PostgreSQL database, or a new PGlite directory. It holds every
 * migration already (a copy of the run's template, test/support/template.ts) unless `empty` is asked, as
 * the files that test the migrations themselves do; the app's seeders run on its start either way.
 */
export async function createTestDatabase({ empty = false } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'seatkeeper-test-'));
  const template = empty ? undefined : process.env[TEMPLATE_ENV];
  if (TEST_DB === 'pglite') {
    if (template) cpSync(template, dataDir, { recursive: true });
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `seatkeeper_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(
    template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
  );
  await admin.end();
  return {
    databaseUrl: databaseUrlOf(name),
    dataDir,
    async drop() {
      const c = new Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
