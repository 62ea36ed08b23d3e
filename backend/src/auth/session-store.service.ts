import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { errorLine } from '../common/loggable-error';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import session from 'express-session';
import type { RequestHandler } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { DbSessionStore } from './session.store';

/** Owns the session store and the express-session middleware built on it. */
@Injectable()
export class SessionStoreService {
  private readonly logger = new Logger('Sessions');
  readonly store: DbSessionStore;
  readonly middleware: RequestHandler;

  constructor(orm: MikroORM, @Inject(APP_CONFIG) config: AppConfig) {
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
    // machinery, except where a session begins: the sign-in start and the e-mail code's verification.
    this.middleware = (req, res, next) => {
      const cookie = req.headers.cookie;
      if (
        (cookie && cookie.includes(cookiePrefix)) ||
        req.path.startsWith('/api/auth/sign-in/') ||
        req.path === '/api/auth/email-code/verify'
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

  /** Expired sessions go in one DELETE: harmless when several instances run it at once. */
  @Interval('prune-sessions', 3600_000)
  async prune(): Promise<void> {
    try {
      const removed = await this.store.prune();
      if (removed) this.logger.log(`pruned ${removed} expired sessions`);
    } catch (e) {
      this.logger.warn(`session pruning failed: ${errorLine(e)}`);
    }
  }
}
