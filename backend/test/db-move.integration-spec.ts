import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { loadConfig } from '../src/config/env';
import { signingKeyFile } from '../src/config/signing-key';
import { move } from '../src/ops/cli';
import { ADMIN_EMAIL, startApp, TEST_SECRET, type RunningApp } from './support/app';
import {
  ADMIN_URL,
  createTestDatabase,
  databaseUrlOf,
  TEST_DB,
  type TestDatabase,
} from './support/database';
import { em } from './support/factories';
import { answers, populate, type PopulatedStore, stable } from './support/populated-store';

/**
 * The embedded → PostgreSQL move (docs/operations.md, "When you outgrow one machine"): a populated store
 * on PGlite is copied to a fresh PostgreSQL database, and the app started on PostgreSQL answers exactly as
 * it did on PGlite. It runs in the PGlite pass of the suite (its source is the embedded database) and
 * needs the PostgreSQL server the other pass uses.
 */
const maybe = TEST_DB === 'pglite' ? describe : describe.skip;

maybe('db:move: the embedded database to PostgreSQL', () => {
  let source: TestDatabase;
  let running: RunningApp | undefined;
  let store: PopulatedStore;
  const name = `seatkeeper_move_${process.pid}_${randomBytes(4).toString('hex')}`;
  const targetUrl = databaseUrlOf(name);
  const admin = async (sql: string) => {
    const c = new Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(sql);
    await c.end();
  };

  beforeAll(async () => {
    source = await createTestDatabase();
    running = await startApp(source);
    store = await populate(running);
    await admin(`create database "${name}"`);
  });
  afterAll(async () => {
    await running?.close();
    await store?.stopProvider();
    await source?.drop();
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it('copies every table with its counts and checksums; the app on PostgreSQL answers the same', async () => {
    const before = stable(await answers(running!.url, store));
    const [{ n: auditRows }] = await em(running!)
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from audit_entries');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: source.dataDir,
      BETTER_AUTH_SECRET: TEST_SECRET,
      ADMIN_EMAILS: ADMIN_EMAIL,
    });
    // The app holds the embedded database: the move refuses until it stops.
    await expect(move(config, targetUrl)).rejects.toThrow(/stop it first/);
    await running!.close();
    running = undefined;

    const started = Date.now();
    const report = await move(config, targetUrl);
    console.log(`db:move of the populated store: ${Date.now() - started} ms`);
    const byTable = new Map(report.tables.map((t) => [t.table, t]));
    expect(byTable.get('audit_entries')?.rows).toBe(auditRows);
    expect(byTable.get('orders')?.rows).toBeGreaterThanOrEqual(6);
    expect(byTable.get('mail_outbox')?.rows).toBeGreaterThan(0);
    expect(byTable.get('releases')?.rows).toBeGreaterThan(0);
    expect(byTable.get('dashboard_days')?.rows).toBeGreaterThan(0);
    // A second move into the now populated database is refused.
    await expect(move(config, targetUrl)).rejects.toThrow(/not empty/);

    const signingKey = readFileSync(signingKeyFile(source.dataDir), 'utf8');
    const onPostgres = await startApp(
      { databaseUrl: targetUrl, dataDir: source.dataDir, drop: async () => undefined },
      { LICENSE_SIGNING_KEY: signingKey },
    );
    try {
      expect(stable(await answers(onPostgres.url, store))).toEqual(before);
    } finally {
      await onPostgres.close();
    }
  });
});
