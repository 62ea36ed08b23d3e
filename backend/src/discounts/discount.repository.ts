import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Discount } from './discount.entity';
import { codeKey } from './discount-rules';

/**
 * The discount codes as the checkout uses them: a code's terms, and its uses taken and given back. The only
 * writer of `usage_count`: each change is one guarded statement in the caller's transaction.
 */
@Injectable()
export class DiscountRepository {
  findByCode(em: EntityManager, code: string): Promise<Discount | null> {
    return em.findOne(Discount, { codeKey: codeKey(code) });
  }

  /** One use more, never past the limit; false when the code is used up or gone. */
  async takeUse(em: EntityManager, code: string): Promise<boolean> {
    const taken = await em.getConnection().execute<{ id: string }[]>(
      `update discounts set usage_count = usage_count + 1, updated_at = now()
       where code_key = ? and (usage_limit is null or usage_count < usage_limit) returning id`,
      [codeKey(code)],
      'all',
      em.getTransactionContext(),
    );
    return taken.length > 0;
  }

  /** One use fewer (never below zero). */
  async releaseUse(em: EntityManager, code: string): Promise<void> {
    await em
      .getConnection()
      .execute(
        'update discounts set usage_count = greatest(usage_count - 1, 0), updated_at = now() where code_key = ?',
        [codeKey(code)],
        'run',
        em.getTransactionContext(),
      );
  }
}
