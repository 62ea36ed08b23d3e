import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createApp } from '../src/bootstrap';
import { loadConfig } from '../src/config/env';
import { signingKeyFile } from '../src/config/signing-key';
import { BackupService } from '../src/ops/backup.service';
import { backup, restore } from '../src/ops/cli';
import {
  ADMIN_EMAIL,
  QUIZ_MANAGER_EMAIL,
  startApp,
  TEST_SECRET,
  type RunningApp,
} from './support/app';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/database';
import { em } from './support/factories';
import {
  answers,
  checkLoad,
  populate,
  type PopulatedStore,
  stable,
} from './support/populated-store';

/**
 * Backup and restore (docs/operations.md, "Backups") on the database of this run: a populated store is
 * backed up while licence checks keep coming, restored into a fresh database, and the restored store
 * answers exactly as the original did; a restore refuses a database that holds data, and data restored
 * under other secrets stops loudly instead of serving keys that do not open.
 */

describe(`backup and restore (${TEST_DB})`, () => {
  let db: TestDatabase;
  let running: RunningApp;
  let store: PopulatedStore;
  let backupDir: string;
  const others: TestDatabase[] = [];
  const times: Record<string, number> = {};

  const env = (target: TestDatabase, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl,
    BETTER_AUTH_SECRET: TEST_SECRET,
    ADMIN_EMAILS: ADMIN_EMAIL,
    QUIZ_MANAGER_EMAILS: QUIZ_MANAGER_EMAIL,
    BACKUP_DIR: backupDir,
    ...extra,
  });
  /** A fresh database to restore into: an empty PostgreSQL database or an empty DATA_DIR. */
  const fresh = async () => {
    const target = await createTestDatabase({ empty: true });
    others.push(target);
    return target;
  };

  beforeAll(async () => {
    backupDir = mkdtempSync(join(tmpdir(), 'seatkeeper-backups-'));
    db = await createTestDatabase();
    // The load of licence checks comes from one address: above the plugin limit it would be refused.
    running = await startApp(db, {
      BACKUP_DIR: backupDir,
      BACKUP_EVERY: '24h',
      PLUGIN_RATE_LIMIT: '1000000',
    });
    store = await populate(running);
  });
  afterAll(async () => {
    await running?.close();
    await store?.stopProvider();
    await db?.drop();
    for (const o of others) await o.drop();
    rmSync(backupDir, { recursive: true, force: true });
    // The closing report of issue #30 quotes these.
    console.log(`backup/restore times on ${TEST_DB}: ${JSON.stringify(times)}`);
  });

  let file: string;
  let signingKey: string;

  it('takes a backup while licence checks run, records it, and the restored store answers the same', async () => {
    const load = checkLoad(running.url, store);
    await new Promise((r) => setTimeout(r, 200));
    let started = Date.now();
    const result = await backup(loadConfig(env(db)));
    times.backupMs = Date.now() - started;
    const checksDuring = await load.stop();
    expect(checksDuring).toBeGreaterThan(0);
    file = result.file;
    expect(basename(file)).toMatch(
      TEST_DB === 'pglite'
        ? /^seatkeeper-\d{8}T\d{6}Z\.pglite\.tar\.gz$/
        : /^seatkeeper-\d{8}T\d{6}Z\.pgdump$/,
    );
    expect(statSync(file).size).toBe(result.bytes);
    times.backupBytes = result.bytes;
    // Recorded where the admin reads the store's history: the audit log.
    const [entry] = await em(running)
      .getConnection()
      .execute<{ actor: string; after: { trigger: string } }[]>(
        `select actor, after from audit_entries where action = 'backup.created' and target = ?`,
        [basename(file)],
      );
    expect(entry).toMatchObject({ actor: 'system', after: { trigger: 'command' } });

    const before = stable(await answers(running.url, store));
    signingKey = readFileSync(signingKeyFile(db.dataDir), 'utf8');

    const target = await fresh();
    const restoredEnv = env(target, { LICENSE_SIGNING_KEY: signingKey });
    started = Date.now();
    await restore(loadConfig(restoredEnv), file, false);
    times.restoreMs = Date.now() - started;
    const restored = await startApp(target, {
      BACKUP_DIR: backupDir,
      LICENSE_SIGNING_KEY: signingKey,
    });
    try {
      const after = stable(await answers(restored.url, store));
      expect(after).toEqual(before);
      // The answers are real: valid and revoked seats among them, and the AI key opens.
      expect(JSON.stringify(after)).toContain('"code":"VALID"');
      expect(JSON.stringify(after)).toContain('"code":"LICENSE_REVOKED"');
      expect((after as { revealed: unknown }).revealed).toEqual({
        plainApiKey: store.aiSeat.plainKey,
      });
    } finally {
      await restored.close();
    }
  });

  it('refuses a database that holds data unless --force', async () => {
    const target = others[0];
    const config = loadConfig(env(target, { LICENSE_SIGNING_KEY: signingKey }));
    await expect(restore(config, file, false)).rejects.toThrow(/--force/);
    await restore(config, file, true);
    if (TEST_DB === 'pglite')
      // The database it replaced is kept aside, not deleted.
      expect(readdirSync(target.dataDir).some((n) => n.startsWith('pglite.before-restore-'))).toBe(
        true,
      );
  });

  it('fails loudly when the secrets are not the ones the data was written with', async () => {
    const target = await fresh();
    // Another BETTER_AUTH_SECRET (and no signing key of the original DATA_DIR): the restore says so.
    const wrong = env(target, { BETTER_AUTH_SECRET: 'another-secret-0123456789abcdef0123456789' });
    await expect(restore(loadConfig(wrong), file, false)).rejects.toThrow(
      /another BETTER_AUTH_SECRET and LICENSE_SIGNING_KEY than the one configured/,
    );
    // And the app does not start on it (closed after, as a failed start leaves it).
    const app = await createApp(loadConfig({ ...wrong, PORT: '0', BACKUP_DIR: backupDir }));
    try {
      await expect(app.init()).rejects.toThrow(/another BETTER_AUTH_SECRET/);
    } finally {
      await app.close().catch(() => undefined);
    }
    expect(existsSync(file)).toBe(true);
  });
  it('takes one scheduled backup per period however many ask, and mails the admins when one fails', async () => {
    const service = running.app.get(BackupService);
    const conn = em(running).getConnection();
    // Two instances (two claims at once) in a period nobody took yet: one backup.
    const later = new Date(Date.now() + 3 * 86_400_000);
    const taken = await Promise.all([service.scheduled(later), service.scheduled(later)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await service.scheduled(later)).toBeUndefined();
    // A failing one (BACKUP_DIR cannot be made: a file is in the way): recorded, audited, mailed.
    const dir = running.config.backup.dir;
    running.config.backup.dir = join(file, 'not-a-directory');
    try {
      expect(await service.scheduled(new Date(later.getTime() + 86_400_000))).toBeUndefined();
    } finally {
      running.config.backup.dir = dir;
    }
    const [failed] = await conn.execute<{ status: string; error: string }[]>(
      `select status, error from ops_backups where trigger = 'schedule' and status = 'failed'`,
    );
    expect(failed.error).toMatch(/ENOTDIR|not a directory/);
    const audit = await conn.execute<{ actor: string }[]>(
      `select actor from audit_entries where action = 'backup.failed'`,
    );
    expect(audit).toEqual([{ actor: 'system' }]);
    const mails = await conn.execute<{ recipient: string; subject: string }[]>(
      `select recipient, subject from mail_outbox where kind = 'backup-failed'`,
    );
    expect(mails).toEqual([
      { recipient: ADMIN_EMAIL, subject: expect.stringMatching(/备份失败|backup failed/) },
    ]);
  });
});
