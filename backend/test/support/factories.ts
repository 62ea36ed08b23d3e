import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { License } from '../../src/licenses/license.entity';
import type { LicenseType } from '../../src/orders/order.entity';
import type { Tier } from '@seatkeeper/domain';
import type { RunningApp } from './app';

export function em(running: RunningApp): EntityManager {
  return running.app.get(MikroORM).em.fork() as EntityManager;
}

/** Seats straight into the database (purchases have their own tests). */
export async function giveSeats(
  running: RunningApp,
  userId: string,
  tier: Tier,
  count: number,
  options: {
    licenseType?: LicenseType;
    expiresAt?: Date | null;
    bound?: string[];
    firstIndex?: number;
    bindingChangesLeft?: number;
  } = {},
): Promise<License[]> {
  const e = em(running);
  const seats: License[] = [];
  for (let i = 0; i < count; i++) {
    seats.push(
      e.create(License, {
        user: userId,
        purchaseTier: tier,
        seatIndex: (options.firstIndex ?? 1) + i,
        licenseType: options.licenseType ?? 'permanent',
        expiresAt: options.expiresAt ?? null,
        websiteUrl: options.bound?.[i] ?? null,
        bindingChangesLeft: options.bindingChangesLeft ?? 2,
      }),
    );
  }
  await e.flush();
  return seats;
}

/**
 * A signed-in session made directly in the database (for apps with no development sign-in, i.e.
 * production mode): returns the Cookie header value express-session accepts.
 */
export async function sessionCookieFor(
  running: RunningApp,
  email: string,
): Promise<{ cookie: string; userId: string }> {
  const { sign } = await import('cookie-signature');
  const { randomBytes, randomUUID } = await import('node:crypto');
  const conn = em(running).getConnection();
  const userId = randomUUID();
  await conn.execute(
    'insert into users (id, name, email, google_sub, email_verified) values (?, ?, ?, ?, true)',
    [userId, email.split('@')[0], email, `sub-${userId}`],
  );
  const sid = randomBytes(18).toString('base64url');
  const expires = new Date(Date.now() + 86400_000);
  const data = {
    cookie: {
      originalMaxAge: 86400_000,
      expires: expires.toISOString(),
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
    },
    userId,
  };
  await conn.execute('insert into sessions (sid, data, expires_at, user_id) values (?, ?, ?, ?)', [
    sid,
    JSON.stringify(data),
    expires,
    userId,
  ]);
  const value = `s:${sign(sid, running.config.secret)}`;
  return { cookie: `${running.config.sessionCookieName}=${encodeURIComponent(value)}`, userId };
}
