import { createHash } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { errorLine } from '../common/loggable-error';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Periodic } from '../common/periodic';
import session from 'express-session';
import type { RequestHandler } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { deviceOf, type Device } from './device';
import { DbSessionStore } from './session.store';

/** A session as its owner sees it (docs/rules.md, "The customer's account"): never its id itself. */
export interface SessionView {
  /** A digest of the session id, as get-session answers it: tells the sessions apart, signs nothing in. */
  id: string;
  device: Device;
  createdAt: Date;
  /** Within TOUCH_EVERY_MS (session.store.ts): the expiry is written again at most that often. */
  lastSeenAt: Date;
  expiresAt: Date;
}

/** The public name of a session (get-session's `session.id`, the sessions list's ids). */
export const publicSessionId = (sid: string) =>
  createHash('sha256').update(sid).digest('hex').slice(0, 24);

/** Owns the session store and the express-session middleware built on it. */
@Injectable()
export class SessionStoreService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Sessions');
  readonly store: DbSessionStore;
  readonly middleware: RequestHandler;

  constructor(
    orm: MikroORM,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {
    const maxAge = config.sessionMaxAgeDays * 24 * 3600 * 1000;
    this.store = new DbSessionStore(orm, maxAge);
    const cookiePrefix = `${config.sessionCookieName}=`;
    const sessions = session({
      name: config.sessionCookieName,
      secret: config.secret,
      store: this.store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: config.trustProxy ? true : undefined,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicUrl.startsWith('https://') ? true : 'auto',
        maxAge,
      },
    });
    // Requests without our cookie (the plugin's bearer calls, downloads, anonymous pages) skip the session
    // machinery, except where a session begins: the sign-in starts and the e-mail code's verification.
    this.middleware = (req, res, next) => {
      const cookie = req.headers.cookie;
      if (
        (cookie && cookie.includes(cookiePrefix)) ||
        req.path.startsWith('/api/auth/sign-in/') ||
        req.path === '/api/auth/email-code/verify' ||
        req.path === '/api/auth/wechat/start'
      ) {
        return sessions(req, res, next);
      }
      next();
    };
  }

  /**
   * Ends every session of a user in the caller's transaction (an admin's "sign out everywhere"): their next
   * request is anonymous. Answers how many were live
   * (expired ones go too).
   */
  async endAllOf(em: EntityManager, userId: string): Promise<number> {
    const rows = await em
      .getConnection()
      .execute<{ live: boolean }[]>(
        'delete from sessions where user_id = ? returning expires_at > now() as live',
        [userId],
        'all',
        em.getTransactionContext(),
      );
    return rows.filter((r) => r.live).length;
  }

  /**
   * A user's live sessions and the latest sign-in among them (a sign-in makes a new session row; pruned
   * and ended sessions are forgotten, so it is "if known").
   */
  async summaryOf(
    em: EntityManager,
    userId: string,
  ): Promise<{ active: number; lastSignInAt: Date | null }> {
    const [row] = await em
      .getConnection()
      .execute<{ active: number; last: Date | string | null }[]>(
        `select count(*) filter (where expires_at > now())::int as active, max(created_at) as last
       from sessions where user_id = ?`,
        [userId],
      );
    return { active: row?.active ?? 0, lastSignInAt: row?.last ? new Date(row.last) : null };
  }

  /**
   * A user's live sessions, the last seen first. Last seen is the rolling expiry less the cookie's max age
   * (a session's expiry moves with its use, session.store.ts touch); never before the session began.
   */
  async listOf(userId: string): Promise<SessionView[]> {
    const rows = await this.store.conn.execute<
      {
        sid: string;
        user_agent: string | null;
        created_at: Date | string;
        expires_at: Date | string;
        max_age: string | number | null;
      }[]
    >(
      `select sid, data->>'userAgent' as user_agent, created_at, expires_at,
              (data->'cookie'->>'originalMaxAge') as max_age
         from sessions where user_id = ? and expires_at > now()`,
      [userId],
    );
    return rows
      .map((r) => {
        const createdAt = new Date(r.created_at);
        const expiresAt = new Date(r.expires_at);
        const maxAge = Number(r.max_age);
        const seen = Number.isFinite(maxAge) && maxAge > 0 ? expiresAt.getTime() - maxAge : 0;
        return {
          id: publicSessionId(r.sid),
          device: deviceOf(r.user_agent),
          createdAt,
          lastSeenAt: new Date(Math.max(seen, createdAt.getTime())),
          expiresAt,
        };
      })
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
  }

  /** The pruning every hour, cleared by ScheduleModule before the shutdown hooks. */
  onApplicationBootstrap(): void {
    new Periodic(() => this.prune(), {
      name: 'prune-sessions',
      everyMs: 3600_000,
      registry: this.scheduler,
      logger: this.logger,
    }).start();
  }

  /** Expired sessions go in one DELETE: harmless when several instances run it at once. */
  async prune(): Promise<void> {
    try {
      const removed = await this.store.prune();
      if (removed) this.logger.log(`pruned ${removed} expired sessions`);
    } catch (e) {
      this.logger.warn(`session pruning failed: ${errorLine(e)}`);
    }
  }
}
