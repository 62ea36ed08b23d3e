import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { Discount } from './discount.entity';

/**
 * One use of a discount code held by an order (docs/rules.md, "Discount codes"): written when the order
 * takes the use, deleted when the use is given back (the order was cancelled, expired or failed), kept
 * when the order is refunded. A customer holds at most one use of a once-per-customer code: the partial
 * unique index refuses a second (race-free, whatever the callers do). Written only by DiscountRepository.
 */
@Entity({ tableName: 'discount_uses' })
@Index({
  name: 'discount_uses_once_per_customer_unique',
  expression:
    'create unique index "discount_uses_once_per_customer_unique" on "discount_uses" ("discount_id", "user_id") where "once_per_customer"',
})
@Index({ name: 'discount_uses_user_id_index', properties: ['user'] })
export class DiscountUse {
  /** The order number (orders.order_id) of the order holding the use. */
  @PrimaryKey({ type: 'text' })
  orderNumber!: string;

  @ManyToOne(() => Discount, { deleteRule: 'cascade', fieldName: 'discount_id' })
  discount!: Discount;

  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  user!: User;

  /** Taken while the code was once-per-customer (the unique index covers these rows). */
  @Property({ type: 'boolean' })
  oncePerCustomer!: boolean;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
