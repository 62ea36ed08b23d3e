import { randomUUID } from 'node:crypto';
import { Check, Entity, Enum, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { DiscountKind, DiscountTier } from '@seatkeeper/domain';
import { Timestamped } from '../database/timestamped';

/**
 * A discount code (docs/product.md#data, docs/rules.md "Discount codes"). Codes are case-insensitive
 * (codeKey is the upper-case form, unique). usageCount counts the pending and paid orders holding a use;
 * the database refuses more than usageLimit. `tier` is the first plan of `tiers` (every plan: basic), kept
 * for the spec's single-plan shape; `tiers` null means every plan.
 */
@Entity({ tableName: 'discounts' })
@Check({
  name: 'discounts_percent_off_check',
  // As PostgreSQL stores the migration's check (between becomes two comparisons).
  expression: `("kind" = 'percent' and "percent_off" >= 1 and "percent_off" <= 100) or ("kind" = 'amount' and "percent_off" is null)`,
})
export class Discount extends Timestamped {
  [OptionalProps]?:
    | 'id'
    | 'usageCount'
    | 'createdAt'
    | 'updatedAt'
    | 'codeKey'
    | 'kind'
    | 'percentOff'
    | 'tiers'
    | 'oncePerCustomer';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Enum({ items: ['basic', 'pro', 'ultra'] })
  tier!: DiscountTier;

  /**
   * The plans the code is valid for; null: every plan. Always written by a save (termsOfInput); left
   * unset on an entity made otherwise, it reads as [tier] (discount-rules refusalOf).
   */
  @Property({ type: 'jsonb', nullable: true })
  tiers?: DiscountTier[] | null;

  @Enum({ items: ['amount', 'percent'], default: 'amount' })
  kind: DiscountKind = 'amount';

  /** Percent off (1–100) of a percent code; null for an amount code. */
  @Property({ type: 'integer', nullable: true })
  percentOff?: number | null = null;

  /** A customer holds at most one use (discount_uses: one row per customer and code). */
  @Property({ type: 'boolean', default: false })
  oncePerCustomer: boolean = false;

  @Property({ type: 'text' })
  code!: string;

  @Property({ type: 'text', unique: true })
  codeKey!: string;

  /** Reduction in cents. */
  @Property({ type: 'integer' })
  discountAmount!: number;

  @Property({ type: 'timestamptz', nullable: true })
  startsAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  expiresAt?: Date | null;

  @Property({ type: 'integer', nullable: true })
  usageLimit?: number | null;

  @Property({ type: 'integer', default: 0 })
  usageCount: number = 0;
}
