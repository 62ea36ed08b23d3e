import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/**
 * Takes the customer's row lock (SELECT ... FOR UPDATE on users) for the rest of the caller's transaction, so
 * that one customer's seat and order changes queue instead of interleaving. The users module owns the table;
 * the other modules lock through here rather than naming its entity.
 */
export async function lockUser(em: EntityManager, userId: string): Promise<void> {
  await em.findOneOrFail(User, userId, { lockMode: LockMode.PESSIMISTIC_WRITE });
}
