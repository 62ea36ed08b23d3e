import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { Client } from 'pg';
import { ADMIN_URL, TEMPLATE_ENV, TEST_DB, databaseUrlOf } from './database';

/**
 * The integration suite's template database (jest globalSetup, once per run): every committed migration
 * applied once, so each test file's fresh database is a copy (a PGlite directory copied, or PostgreSQL's
 * CREATE DATABASE ... TEMPLATE) instead of migrating from nothing on every app start. The seeders still
 * run on each app's start, with that test's configuration. Files that test the migrations themselves ask
 * createTestDatabase({ empty: true }).
 */
export default async function setUpTemplate(): Promise<void> {
  if (process.env[TEMPLATE_ENV]) return;
  let template: string;
  if (TEST_DB === 'pglite') {
    template = mkdtempSync(join(tmpdir(), 'seatkeeper-template-'));
    await migrate({ dataDir: template });
  } else {
    template = `seatkeeper_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database "${template}"`);
    await migrate({
      databaseUrl: databaseUrlOf(template),
      dataDir: mkdtempSync(join(tmpdir(), 'seatkeeper-template-')),
    });
  }
  // Workers inherit the parent's environment.
  process.env[TEMPLATE_ENV] = template;
}

/** In a child process: jest's globalSetup runs outside the suite's module mapping. */
async function migrate(config: { databaseUrl?: string; dataDir: string }): Promise<void> {
  execFileSync(
    process.execPath,
    [
      '-r',
      '@swc-node/register',
      join(__dirname, 'migrate-template.ts'),
      config.dataDir,
      config.databaseUrl ?? '',
    ],
    { cwd: join(__dirname, '../..'), stdio: 'inherit' },
  );
}

export async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** jest globalTeardown: the template goes. */
export async function tearDownTemplate(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return;
  delete process.env[TEMPLATE_ENV];
  if (TEST_DB === 'pglite') rmSync(template, { recursive: true, force: true });
  else await admin(`drop database if exists "${template}" with (force)`);
}
