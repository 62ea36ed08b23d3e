import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/** Which database the integration suite runs on: TEST_DB=pglite for the embedded one, else PostgreSQL. */
export const TEST_DB = process.env.TEST_DB === 'pglite' ? 'pglite' : 'postgres';
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** DATABASE_URL for the app, undefined on PGlite. */
  databaseUrl?: string;
  /** DATA_DIR for the app (PGlite data, development secret). */
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: a new PostgreSQL database, or a new PGlite directory. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'seatkeeper-test-'));
  if (TEST_DB === 'pglite') {
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `seatkeeper_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
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
