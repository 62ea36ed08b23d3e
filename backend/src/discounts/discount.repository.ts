import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Discount } from './discount.entity';
import { codeKey } from './discount-rules';

/** Taking a use: taken, or why not (the code's limit, or this customer's one use of a once-per-customer code). */
export type TakeUseOutcome = 'taken' | 'used-up' | 'already-used';

/** Who takes a use: the customer, and the order (its number) that holds it. */
export interface UseHolder {
  userId: string;
  orderId: string;
}

/**
 * The discount codes as the checkout uses them: a code's terms, and its uses taken and given back. The only
 * writer of `usage_count` and of `discount_uses`: each change is a guarded statement in the caller's
 * transaction.
 */
@Injectable()
export class DiscountRepository {
  findByCode(em: EntityManager, code: string): Promise<Discount | null> {
    return em.findOne(Discount, { codeKey: codeKey(code) });
  }

  /**
   * One use more for this order, never past the limit, and for a once-per-customer code never a second
   * one for this customer (docs/rules.md, "Discount codes"). The use row goes in first: the partial unique
   * index (discount, customer) refuses a concurrent second holder; then the guarded update of the count.
   */
  async takeUse(em: EntityManager, code: string, holder: UseHolder): Promise<TakeUseOutcome> {
    const [discount] = await this.run<{ id: string; once_per_customer: boolean }>(
      em,
      'select id, once_per_customer from discounts where code_key = ?',
      [codeKey(code)],
    );
    if (!discount) return 'used-up';
    // An order taking its use again (paid after it expired) first drops what it held.
    await this.run(em, 'delete from discount_uses where order_number = ?', [holder.orderId]);
    const held = await this.run<{ order_number: string }>(
      em,
      `insert into discount_uses (order_number, discount_id, user_id, once_per_customer)
       select ?::text, ?::uuid, ?::uuid, ?::boolean
       where not ?::boolean
          or not exists (select 1 from discount_uses where discount_id = ?::uuid and user_id = ?::uuid)
       on conflict do nothing returning order_number`,
      [
        holder.orderId,
        discount.id,
        holder.userId,
        discount.once_per_customer,
        discount.once_per_customer,
        discount.id,
        holder.userId,
      ],
    );
    if (!held.length) return 'already-used';
    const taken = await this.run<{ id: string }>(
      em,
      `update discounts set usage_count = usage_count + 1, updated_at = now()
       where id = ? and (usage_limit is null or usage_count < usage_limit) returning id`,
      [discount.id],
    );
    if (taken.length) return 'taken';
    await this.run(em, 'delete from discount_uses where order_number = ?', [holder.orderId]);
    return 'used-up';
  }

  /** The order's use given back: one use fewer (never below zero), and its use row gone. */
  async releaseUse(em: EntityManager, code: string, orderId?: string): Promise<void> {
    await this.run(
      em,
      'update discounts set usage_count = greatest(usage_count - 1, 0), updated_at = now() where code_key = ?',
      [codeKey(code)],
    );
    if (orderId) await this.run(em, 'delete from discount_uses where order_number = ?', [orderId]);
  }

  /** Whether this customer holds a use of the code (an order pending, paid or refunded with it). */
  async heldBy(
    em: EntityManager,
    discountId: string,
    userId: string,
    exceptOrders: readonly string[] = [],
  ): Promise<boolean> {
    const rows = await this.run<{ order_number: string }>(
      em,
      'select order_number from discount_uses where discount_id = ? and user_id = ?',
      [discountId, userId],
    );
    return rows.some((r) => !exceptOrders.includes(r.order_number));
  }

  private run<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
    return em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());
  }
}
