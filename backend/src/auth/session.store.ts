import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Store, type SessionData } from 'express-session';

/** How often an active session's expiry is written again: the precision of its "last seen" (5 minutes). */
export const TOUCH_EVERY_MS = 5 * 60_000;

type Callback<T = void> = (err?: unknown, value?: T) => void;

/**
 * express-session store over our own `sessions` table, so sessions survive restarts and are shared by
 * every instance, on PostgreSQL and on the embedded database alike.
 */
export class DbSessionStore extends Store {
  constructor(
    private readonly orm: MikroORM,
    private readonly defaultMaxAgeMs: number,
  ) {
    super();
  }

  get conn() {
    return (this.orm.em as EntityManager).getConnection();
  }

  private expiry(sess: SessionData): Date {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + this.defaultMaxAgeMs);
  }

  /** Expiry last read or written per session on this instance, so a touch that would change nothing sends no query. */
  private readonly knownExpiry = new Map<string, number>();

  private remember(sid: string, expiresAt: Date) {
    this.knownExpiry.delete(sid);
    this.knownExpiry.set(sid, expiresAt.getTime());
    if (this.knownExpiry.size > 10_000)
      this.knownExpiry.delete(this.knownExpiry.keys().next().value!);
  }

  override get(sid: string, cb: Callback<SessionData | null>) {
    this.conn
      .execute<{ data: SessionData; expires_at: Date | string }[]>(
        'select data, expires_at from sessions where sid = ? and expires_at > now()',
        [sid],
      )
      .then((rows) => {
        if (rows[0]) this.remember(sid, new Date(rows[0].expires_at));
        cb(null, rows[0]?.data ?? null);
      }, cb);
  }

  override set(sid: string, sess: SessionData, cb?: Callback) {
    this.conn
      .execute(
        `insert into sessions (sid, data, expires_at, user_id) values (?, ?, ?, ?)
         on conflict (sid) do update set data = excluded.data, expires_at = excluded.expires_at, user_id = excluded.user_id`,
        [sid, JSON.stringify(sess), this.expiry(sess), sess.userId ?? null],
      )
      .then(
        () => {
          this.remember(sid, this.expiry(sess));
          cb?.();
        },
        (e) => cb?.(e),
      );
  }

  /**
   * Rolling expiry: written at most once per TOUCH_EVERY_MS per session, not on every request. The expiry
   * also tells when the session was last seen (expiry − the cookie's max age: the sessions list).
   */
  override touch(sid: string, sess: SessionData, cb?: Callback) {
    const expiresAt = this.expiry(sess);
    const stale = new Date(expiresAt.getTime() - TOUCH_EVERY_MS);
    const known = this.knownExpiry.get(sid);
    if (known !== undefined && known >= stale.getTime()) return cb?.();
    this.conn
      .execute<{ sid: string }[]>(
        `update sessions set expires_at = ? where sid = ? and expires_at < ? returning sid`,
        [expiresAt, sid, stale],
      )
      .then(
        (rows) => {
          if (rows.length) this.remember(sid, expiresAt);
          cb?.();
        },
        (e) => cb?.(e),
      );
  }

  override destroy(sid: string, cb?: Callback) {
    this.knownExpiry.delete(sid);
    this.conn.execute('delete from sessions where sid = ?', [sid]).then(
      () => cb?.(),
      (e) => cb?.(e),
    );
  }

  /** Deletes every session of a user, or every other one when `exceptSid` is given. */
  async destroyForUser(userId: string, exceptSid?: string): Promise<void> {
    if (exceptSid)
      await this.conn.execute('delete from sessions where user_id = ? and sid <> ?', [
        userId,
        exceptSid,
      ]);
    else await this.conn.execute('delete from sessions where user_id = ?', [userId]);
  }

  /** Deletes the user's sessions that signed in by one way in (`via`: google, wechat; docs/sign-in.md). */
  async destroyForUserVia(userId: string, via: string): Promise<void> {
    await this.conn.execute(`delete from sessions where user_id = ? and data->>'via' = ?`, [
      userId,
      via,
    ]);
  }

  /** One statement: safe to run from every instance at once. */
  async prune(): Promise<number> {
    const res = await this.conn.execute<{ affectedRows: number }>(
      'delete from sessions where expires_at <= now()',
      [],
      'run',
    );
    return res.affectedRows ?? 0;
  }
}
