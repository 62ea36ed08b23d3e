import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { License } from '../../src/licenses/license.entity';
import type { LicenseType } from '../../src/orders/order.entity';
import type { Tier } from '../../src/plans/plans.catalogue';
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
  options: { licenseType?: LicenseType; expiresAt?: Date | null; bound?: string[]; firstIndex?: number; bindingChangesLeft?: number } = {},
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
