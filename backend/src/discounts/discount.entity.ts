import { randomUUID } from 'node:crypto';
import { Entity, Enum, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Tier } from '@seatkeeper/domain';

/**
 * A discount code (docs/product.md#data). Codes are case-insensitive (codeKey is the upper-case form, unique).
 * usageCount counts the pending and paid orders holding a use; the database refuses more than usageLimit.
 */
@Entity({ tableName: 'discounts' })
export class Discount {
  [OptionalProps]?: 'id' | 'usageCount' | 'createdAt' | 'updatedAt' | 'codeKey';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Enum({ items: ['basic', 'pro', 'ultra'] })
  tier!: Exclude<Tier, 'vip'>;

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

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
