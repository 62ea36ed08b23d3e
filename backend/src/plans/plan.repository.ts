import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PlanRow } from './plan.entity';

/**
 * The only reader and writer of the `plans` table (docs/architecture.md, one owner per table). Read on
 * every request that prices or lists plans (four rows by primary key order): a change made on one
 * instance is what every instance answers next, with no cache to go stale.
 */
@Injectable()
export class PlanRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every plan row, in the seller's order. */
  all(em: EntityManager = this.em.fork()): Promise<PlanRow[]> {
    return em.find(PlanRow, {}, { orderBy: { sortOrder: 'asc', tier: 'asc' } });
  }

  /**
   * Every row, locked for the caller's transaction in tier order (a price edit reads the others' prices:
   * two edits at once queue, so the ranks' order holds).
   */
  lockAll(em: EntityManager): Promise<PlanRow[]> {
    return em.find(PlanRow, {}, { orderBy: { tier: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
  }
}
