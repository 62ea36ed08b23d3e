import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Tier } from '@seatkeeper/domain';

/**
 * A plan as the seller sells it (docs/product.md, plans and prices): names, descriptions and the badge in
 * both languages, the price, shown or hidden, the order on the page. Seat counts, ranks and who may buy
 * (vip never) are rules and stay in code (libs/domain, plans.catalogue.ts). Owned by plan.repository.ts.
 */
@Entity({ tableName: 'plans' })
export class PlanRow {
  [OptionalProps]?: 'badgeZh' | 'badgeEn' | 'badgeEndsAt' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  tier!: Tier;

  @Property({ type: 'text' })
  nameZh!: string;

  @Property({ type: 'text' })
  nameEn!: string;

  @Property({ type: 'text' })
  descriptionZh!: string;

  @Property({ type: 'text' })
  descriptionEn!: string;

  /** Integer cents. */
  @Property({ type: 'integer' })
  priceCents!: number;

  /** e.g. 限时优惠 / LIMITED OFFER; null for none. */
  @Property({ type: 'text', nullable: true })
  badgeZh: string | null = null;

  @Property({ type: 'text', nullable: true })
  badgeEn: string | null = null;

  /** After this moment the badge is not shown; null: no end. */
  @Property({ type: 'timestamptz', nullable: true })
  badgeEndsAt: Date | null = null;

  @Property({ type: 'boolean' })
  shown!: boolean;

  @Property({ type: 'integer' })
  sortOrder!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
