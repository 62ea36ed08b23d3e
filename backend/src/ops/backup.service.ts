import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { Periodic } from '../common/periodic';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { embeddedDatabase } from '../database/mikro-orm.config';
import { renderBackupFailed } from '../mail/messages/backup-failed';
import { MailOutbox } from '../mail/mail-outbox.service';
import { WebhookEvents } from '../webhooks/webhook-events.service';
import { backupPglite, backupPostgres, pruneBackups, type BackupResult } from './backup-engine';
import { backupSlot } from './backup-rules';
import { OpsSocket } from './ops-socket';

export type BackupTrigger = 'schedule' | 'command';

/**
 * Backups taken by the running app (docs/operations.md, "Backups"): on the embedded database every backup
 * (PGlite is one process: `npm run backup` asks the app through its socket, ops-socket.ts); on both, the
 * scheduled one of BACKUP_EVERY. Each scheduled period is one row of ops_backups claimed by a single INSERT
 * ... ON CONFLICT DO NOTHING, so one instance takes it however many run. Every backup is recorded there and
 * in the audit log (backup.created, backup.failed, by 'system'); a failed scheduled backup mails the admins
 * through the outbox.
 */
@Injectable()
export class BackupService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Backups');
  private checks?: Periodic;
  private socket?: OpsSocket;
  private running?: Promise<unknown>;

  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhooks: WebhookEvents,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.databaseUrl) {
      this.socket = new OpsSocket(this.config.dataDir, async (command) => {
        if (command !== 'backup') throw new Error(`unknown command ${command}`);
        return this.take('command');
      });
      await this.socket.listen().catch((e: Error) => {
        this.logger.warn(`npm run backup cannot reach this process: ${e.message}`);
        this.socket = undefined;
      });
    }
    const every = this.config.backup.everyMs;
    if (every) {
      // The first look a few seconds after start (migrations and seeders are done by then). Not in
      // SchedulerRegistry: stopped on shutdown (onApplicationShutdown), not before.
      this.checks = new Periodic(() => this.scheduled(), {
        name: 'scheduled-backup',
        everyMs: Math.min(every, 60_000),
        firstAfterMs: 5_000,
        unref: true,
        logger: this.logger,
      }).start();
    }
  }

  async onApplicationShutdown() {
    this.checks?.stop();
    await this.socket?.close();
    await this.running?.catch(() => undefined);
  }

  /** The scheduled backup of this period, when no instance took it yet. Answers whether this one did. */
  async scheduled(now = new Date()): Promise<BackupResult | undefined> {
    const every = this.config.backup.everyMs;
    if (!every) return undefined;
    const slot = backupSlot(now, every);
    try {
      const rows = await this.em
        .getConnection()
        .execute<{ id: string }[]>(
          `insert into ops_backups (id, slot, trigger, status) values (?, ?, 'schedule', 'running') on conflict (slot) do nothing returning id`,
          [randomUUID(), slot],
        );
      if (!rows.length) return undefined;
      return await this.take('schedule', rows[0].id);
    } catch (e) {
      this.logger.error(`scheduled backup failed: ${(e as Error).message}`);
      return undefined;
    }
  }

  /** Takes one backup now (one at a time in this process), records it, and keeps BACKUP_KEEP. */
  async take(trigger: BackupTrigger, claimedId?: string): Promise<BackupResult> {
    while (this.running) await this.running.catch(() => undefined);
    const work = this.takeNow(trigger, claimedId);
    this.running = work;
    try {
      return await work;
    } finally {
      this.running = undefined;
    }
  }

  private async takeNow(trigger: BackupTrigger, claimedId?: string): Promise<BackupResult> {
    const conn = this.em.getConnection();
    const id = claimedId ?? randomUUID();
    if (!claimedId)
      await conn.execute(`insert into ops_backups (id, trigger, status) values (?, ?, 'running')`, [
        id,
        trigger,
      ]);
    const dir = this.config.backup.dir;
    try {
      let result: BackupResult;
      if (this.config.databaseUrl) {
        result = await backupPostgres(this.config.databaseUrl, dir);
      } else {
        const db = embeddedDatabase(this.config);
        if (!db) throw new Error('the embedded database is not open');
        result = await backupPglite(await db, dir);
      }
      const pruned = pruneBackups(dir, this.config.backup.keep);
      await this.em.fork().transactional(async (em) => {
        await em
          .getConnection()
          .execute(
            `update ops_backups set status = 'done', file = ?, bytes = ?, finished_at = now() where id = ?`,
            [basename(result.file), result.bytes, id],
            'run',
            em.getTransactionContext(),
          );
        this.audit.record(em, {
          actor: 'system',
          action: 'backup.created',
          target: basename(result.file),
          after: { trigger, bytes: result.bytes, ms: result.ms, pruned: pruned.length },
        });
      });
      this.logger.log(`backup ${result.file} (${result.bytes} bytes, ${result.ms} ms)`);
      return result;
    } catch (e) {
      const error = (e as Error).message;
      this.logger.error(`backup failed: ${error}`);
      await this.recordFailure(id, trigger, error).catch((r: Error) =>
        this.logger.error(`backup failure not recorded: ${r.message}`),
      );
      throw e;
    }
  }

  private async recordFailure(id: string, trigger: BackupTrigger, error: string) {
    await this.em.fork().transactional(async (em) => {
      const conn = em.getConnection();
      const ctx = em.getTransactionContext();
      await conn.execute(
        `update ops_backups set status = 'failed', error = ?, finished_at = now() where id = ?`,
        [error.slice(0, 2000), id],
        'run',
        ctx,
      );
      this.audit.record(em, {
        actor: 'system',
        action: 'backup.failed',
        target: this.config.backup.dir,
        after: { trigger, error: error.slice(0, 500) },
      });
      await this.webhooks.backupFailed(em, {
        id,
        error: error.slice(0, 500),
        at: new Date(),
        trigger,
      });
      // Only the app's own schedule mails: a command's failure is printed to whoever ran it.
      if (trigger !== 'schedule') return;
      const languages = await conn.execute<{ email: string; language: string | null }[]>(
        `select email, language from users where email in (${this.config.adminEmails.map(() => '?').join(',') || 'null'})`,
        this.config.adminEmails,
        'all',
        ctx,
      );
      for (const email of this.config.adminEmails) {
        const language =
          languages.find((u) => u.email === email)?.language === 'en' ? 'en' : 'zh-CN';
        await this.outbox.enqueue(em, {
          kind: 'backup-failed',
          dedupeKey: `backup-failed:${id}:${email}`,
          to: email,
          language,
          ...renderBackupFailed(this.outbox.context(language), { at: new Date(), error }),
        });
      }
    });
  }
}
