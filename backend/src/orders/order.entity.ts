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
import { TIERS, type LicenseType, type Tier } from '@seatkeeper/domain';
import { User } from '../users/user.entity';
import { Timestamped } from '../database/timestamped';

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunded';
/** Where an admin refund stands (docs/rules.md, "Refunds"); null when none was asked for. */
export type OrderRefundStatus = 'requested' | 'pending' | 'succeeded' | 'failed';
export const ORDER_STATUSES: OrderStatus[] = [
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
];
export const REFUND_STATUSES: OrderRefundStatus[] = ['requested', 'pending', 'succeeded', 'failed'];
export type { LicenseType };

/** An order (docs/product.md#data). Amounts in integer cents. */
@Entity({ tableName: 'orders' })
@Index({ properties: ['user', 'createdAt'] })
@Index({ properties: ['status', 'createdAt'] })
// The admin orders list: all orders newest first, and the few flagged for a refund (docs/product.md, back office).
@Index({ properties: ['createdAt'] })
@Index({
  name: 'orders_needs_refund_index',
  expression: `create index "orders_needs_refund_index" on "orders" ("created_at") where "needs_refund"`,
})
// The dashboard's aggregates (docs/product.md, back office): the sales by payment time (covering, so a
// window's figures and the revenue per day are index-only range scans), the sales' customers (all-time
// paying customers counted in user order), the refunds by refund time and the internal orders (whose seats
// are not sold).
@Index({
  name: 'orders_sales_paid_at_index',
  expression: `create index "orders_sales_paid_at_index" on "orders" ("paid_at") include ("amount", "user_id", "subscription_tier", "payment_gateway", "status") where "status" in ('paid', 'refunded') and "payment_gateway" <> 'internal' and "paid_at" is not null`,
})
@Index({
  name: 'orders_sales_user_index',
  expression: `create index "orders_sales_user_index" on "orders" ("user_id") where "status" in ('paid', 'refunded') and "payment_gateway" <> 'internal' and "paid_at" is not null`,
})
@Index({
  name: 'orders_refunds_refunded_at_index',
  expression: `create index "orders_refunds_refunded_at_index" on "orders" ("refunded_at") include ("amount", "user_id") where "status" = 'refunded' and "refunded_at" is not null`,
})
@Index({
  name: 'orders_parent_order_id_index',
  expression: `create index "orders_parent_order_id_index" on "orders" ("parent_order_id") where "parent_order_id" is not null`,
})
@Index({
  name: 'orders_internal_index',
  expression: `create index "orders_internal_index" on "orders" ("id") where "payment_gateway" = 'internal'`,
})
// One open order per customer (docs/rules.md, "One open order"): a new order cancels the previous one in its
// transaction; this index is the last word when two are made at once.
@Unique({
  name: 'orders_one_pending_per_user',
  expression: `create unique index "orders_one_pending_per_user" on "orders" ("user_id") where "status" = 'pending'`,
})
export class Order extends Timestamped {
  [OptionalProps]?:
    | 'id'
    | 'productType'
    | 'discountAmount'
    | 'currency'
    | 'paymentGateway'
    | 'status'
    | 'needsRefund'
    | 'upgradeCredit'
    | 'creditValue'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The public order number (shown to customers, sent to the gateway as out_trade_no). */
  @Property({ type: 'text', unique: true })
  orderId!: string;

  /** Orders are accounting records: closing an account moves them to a placeholder, never deletes them. */
  @ManyToOne(() => User, { deleteRule: 'restrict' })
  user!: User;

  @Enum({ items: ['yearly', 'permanent'], nativeEnumName: undefined })
  productType: LicenseType = 'permanent';

  @Property({ type: 'text' })
  productName!: string;

  @Enum({ items: TIERS })
  subscriptionTier!: Tier;

  @Property({ type: 'integer' })
  seatCount!: number;

  @Property({ type: 'integer' })
  listPrice!: number;

  @Property({ type: 'integer', default: 0 })
  discountAmount: number = 0;

  @Enum({ items: TIERS, nullable: true })
  upgradedFromTier?: Tier | null;

  @Property({ type: 'text', nullable: true })
  discountCode?: string | null;

  @Property({ type: 'integer' })
  amount!: number;

  @Property({ type: 'text', default: 'CNY' })
  currency: string = 'CNY';

  @Property({ type: 'text', nullable: true })
  paymentMethod?: string | null;

  @Property({ type: 'text', default: 'sandbox' })
  paymentGateway: string = 'sandbox';

  @Enum({ items: ORDER_STATUSES, default: 'pending' })
  status: OrderStatus = 'pending';

  @Property({ type: 'timestamptz', nullable: true })
  paidAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  failedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  metadata?: string | null;

  @Property({ type: 'text', nullable: true })
  failureReason?: string | null;

  /**
   * Paid, but what it was priced for no longer made sense when the money arrived (a second payment for one
   * upgrade, a late payment whose discount is used up): nothing was granted, and the seller should refund.
   */
  @Property({ type: 'boolean', default: false })
  needsRefund: boolean = false;

  @Property({ type: 'text', nullable: true })
  needsRefundReason?: string | null;

  /**
   * The admin refund (whole amount): requested under the order's row lock (one per order), then pending at
   * the gateway or settled. The order stays `paid` until the gateway says the money went back.
   */
  @Enum({ items: REFUND_STATUSES, nullable: true })
  refundStatus?: OrderRefundStatus | null;

  /** Our stable refund number at the gateway (`R` + order number): the same number twice is one refund. */
  @Property({ type: 'text', nullable: true, unique: true })
  refundNo?: string | null;

  /** The gateway's id of the refund. */
  @Property({ type: 'text', nullable: true })
  refundId?: string | null;

  @Property({ type: 'text', nullable: true })
  refundError?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  refundRequestedAt?: Date | null;

  /** The admin who asked for the refund (e-mail). */
  @Property({ type: 'text', nullable: true })
  refundRequestedBy?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  refundedAt?: Date | null;

  /** A Max expansion's Max order (docs/rules.md, "Entitlements"): refunding that order takes this one too. */
  @Property({ type: 'uuid', nullable: true })
  parentOrderId?: string | null;

  /** An upgrade's credit order: the order whose plan it was priced against (refunds go latest-first). */
  @Property({ type: 'uuid', nullable: true })
  creditOrderId?: string | null;

  /** The deduction for the current plan this upgrade was priced with (cents; 0 for a first purchase). */
  @Property({ type: 'integer', default: 0 })
  upgradeCredit: number = 0;

  /** What this order's plan counts toward a later upgrade: its list price when obtained (cents). */
  @Property({ type: 'integer', default: 0 })
  creditValue: number = 0;
}
