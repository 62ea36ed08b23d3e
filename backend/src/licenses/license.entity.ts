import { randomUUID } from 'node:crypto';
import {
  Entity,
  Enum,
  Index,
  ManyToOne,
  OptionalProps,
  PrimaryKey,
  Property,
  Unique,
} from '@mikro-orm/core';
import { DEFAULT_BINDING_CHANGES, TIERS, type Tier } from '@seatkeeper/domain';
import type { LicenseType } from '@seatkeeper/domain';
import { User } from '../users/user.entity';
import { Timestamped } from '../database/timestamped';

/** The order that gave a seat, as the licences module knows it: by id only (the entity is the orders'). */
export interface SeatOrderRef {
  id: string;
}

/**
 * A licence seat (docs/product.md#data). Two database constraints keep concurrent requests honest: one seat index per
 * user, and one (normalised) domain per user.
 */
@Entity({ tableName: 'licenses' })
@Unique({ name: 'licenses_user_seat_unique', properties: ['user', 'seatIndex'] })
@Unique({ name: 'licenses_user_domain_unique', properties: ['user', 'websiteUrl'] })
@Index({
  name: 'licenses_website_url_trgm',
  expression:
    'create index "licenses_website_url_trgm" on "licenses" using gin ("website_url" gin_trgm_ops)',
})
// The dashboard's seat figures (docs/product.md, back office): seats by purchase time, the bound ones, and
// seats by order (the internal orders' seats, which are not sold).
@Index({ name: 'licenses_purchased_at_index', properties: ['purchasedAt'] })
@Index({ name: 'licenses_order_id_index', properties: ['order'] })
@Index({
  name: 'licenses_bound_index',
  expression: `create index "licenses_bound_index" on "licenses" ("purchased_at") where "website_url" is not null and "revoked_at" is null`,
})
export class License extends Timestamped {
  [OptionalProps]?:
    'id' | 'bindingChangesLeft' | 'purchasedAt' | 'createdAt' | 'updatedAt' | 'licenseType';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Enum({ items: ['yearly', 'permanent'] })
  licenseType: LicenseType = 'permanent';

  /** Normalised: protocol + host without www + optional port. Null while unbound. */
  @Property({ type: 'text', nullable: true })
  websiteUrl?: string | null;

  @Property({ type: 'integer', default: DEFAULT_BINDING_CHANGES })
  bindingChangesLeft: number = DEFAULT_BINDING_CHANGES;

  @Property({ type: 'timestamptz', nullable: true })
  expiresAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  purchasedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastBindingChangeAt?: Date | null;

  // By name: the licences module knows orders only as a type (docs/architecture.md, Entitlements).
  @ManyToOne('Order', { nullable: true, deleteRule: 'set null', fieldName: 'order_id' })
  order?: SeatOrderRef | null;

  @Enum({ items: TIERS })
  purchaseTier!: Tier;

  @Property({ type: 'integer' })
  seatIndex!: number;

  @Property({ type: 'text', nullable: true, hidden: true })
  aiApiKey?: string | null;

  @Property({ type: 'text', nullable: true })
  aiBaseUrl?: string | null;

  /** The model the saved configuration was verified with. */
  @Property({ type: 'text', nullable: true })
  aiModel?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  aiConfigUpdatedAt?: Date | null;

  /**
   * Set when the order that gave the seat was refunded: a revoked seat counts for nothing (tier, active
   * seats) and the plugin's check answers LICENSE_REVOKED for its domain.
   */
  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  /**
   * When the plugin last checked this seat's site (docs/rules.md, "Last licence check"): written off the
   * check's answer path, at most once a minute per seat; never moves updatedAt.
   */
  @Property({ type: 'timestamptz', nullable: true })
  lastCheckedAt?: Date | null;
}
