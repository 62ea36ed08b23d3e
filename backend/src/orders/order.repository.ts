import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Tier } from '@seatkeeper/domain';
import { containsPattern } from '../common/query';
import { planDisplayName } from '../plans/plans.catalogue';
import {
  keysetAfter,
  orderByOf,
  type AdminOrderCursor,
  type AdminOrderSort,
} from './admin-order-query';
import { newOrderNumber } from './order-number';
import { Order, type OrderRefundStatus, type OrderStatus } from './order.entity';

/** The fields of a new pending order (priced by PaymentsService). */
export interface PendingOrderFields {
  orderId: string;
  userId: string;
  productName: string;
  subscriptionTier: Tier;
  seatCount: number;
  listPrice: number;
  discountAmount: number;
  upgradedFromTier: Tier | null;
  discountCode: string | null;
  amount: number;
  paymentGateway: string;
  /** The order whose plan an upgrade was priced against, and the deduction it got (cents). */
  creditOrderId: string | null;
  upgradeCredit: number;
}

/** A zero-amount order the system makes itself: the VIP grant, the ultra auto-expansion. */
export interface InternalOrderFields {
  userId: string;
  tier: Tier;
  seatCount: number;
  /** How it was "paid": 'vip-grant', 'auto-expansion'. */
  paymentMethod: string;
  upgradedFromTier?: Tier | null;
  /** What the order records about itself (JSON text), e.g. an admin grant's `{ grantedBy, reason }`. */
  metadata?: string | null;
  /** A Max expansion's Max order. */
  parentOrderId?: string | null;
  /** What the plan counts toward a later upgrade (a grant: the plan's list price now; cents). */
  creditValue?: number;
  at?: Date;
}

/** An order that was pending and is now ended: its number and the discount use to give back. */
export interface EndedOrderRow {
  order_id: string;
  discount_code: string | null;
  /** The gateway that took the order: where to close it. */
  payment_gateway: string;
}

/** What the admin orders list asks for (docs/product.md, back office); the window is already read. */
export interface AdminOrderFilter {
  q?: string;
  status?: OrderStatus;
  gateway?: string;
  tier?: Tier;
  /** true: paid orders flagged for a refund; false: orders not flagged. */
  needsRefund?: boolean;
  userId?: string;
  from: Date | null;
  to: Date | null;
  sort: AdminOrderSort;
  page: number;
  pageSize: number;
}

/** The filters of the admin list alone: what the export takes too (one WHERE for both, adminWhere). */
export type AdminOrderWhere = Omit<AdminOrderFilter, 'sort' | 'page' | 'pageSize'>;

/** An order row with its customer's e-mail, as the admin list and detail read it. */
export interface AdminOrderRow {
  id: string;
  order_id: string;
  user_id: string;
  email: string;
  product_name: string;
  subscription_tier: Tier;
  upgraded_from_tier: Tier | null;
  seat_count: number;
  list_price: number;
  discount_amount: number;
  discount_code: string | null;
  amount: number;
  currency: string;
  status: OrderStatus;
  payment_method: string | null;
  payment_gateway: string;
  metadata: string | null;
  failure_reason: string | null;
  needs_refund: boolean;
  needs_refund_reason: string | null;
  refund_status: OrderRefundStatus | null;
  refund_no: string | null;
  refund_id: string | null;
  refund_error: string | null;
  refund_requested_at: Date | string | null;
  refund_requested_by: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  cancelled_at: Date | string | null;
  refunded_at: Date | string | null;
}

const ADMIN_ORDER_COLUMNS = `o.id, o.order_id, o.user_id, u.email, o.product_name, o.subscription_tier,
  o.upgraded_from_tier, o.seat_count, o.list_price, o.discount_amount, o.discount_code, o.amount, o.currency,
  o.status, o.payment_method, o.payment_gateway, o.metadata, o.failure_reason, o.needs_refund,
  o.needs_refund_reason, o.refund_status, o.refund_no, o.refund_id, o.refund_error, o.refund_requested_at,
  o.refund_requested_by, o.created_at, o.paid_at, o.cancelled_at, o.refunded_at`;

/** The gateway's trade number inside the metadata text (always written as JSON by fulfilment). */
const TRADE_NO_SQL = `(case when o.metadata like '{%' then o.metadata::jsonb ->> 'tradeNo' end)`;

/**
 * The money of a set of orders (docs/product.md, "Orders /admin/orders"), one definition for the orders
 * list's totals and the dashboard's figures of the orders created in a period: paid = the amounts taken
 * (orders paid, including those refunded since), refunded = the amounts given back (refunded orders, whole);
 * pending, closed and internal orders move no money.
 */
const PAID_WHERE = `o.status in ('paid', 'refunded') and o.payment_gateway <> 'internal'`;
const REFUNDED_WHERE = `o.status = 'refunded' and o.payment_gateway <> 'internal'`;
const sumWhere = (cond: string) => `coalesce(sum(o.amount) filter (where ${cond}), 0)::bigint`;
const PAID_SUM = sumWhere(PAID_WHERE);
const REFUNDED_SUM = sumWhere(REFUNDED_WHERE);

/** Half-open windows of creation time (null: unbounded), as the admin list's date filter reads them. */
export interface CreatedWindow {
  from: Date | null;
  to: Date | null;
}

/**
 * The only reader and writer of `orders`. Status changes of pending orders are guarded single statements
 * (`... where status = 'pending'`), so that of several instances or a racing payment exactly one wins.
 */
@Injectable()
export class OrderRepository {
  constructor(private readonly em: EntityManager) {}

  listForUser(
    userId: string,
    limit = 200,
    options: { withExpansions: boolean } = { withExpansions: true },
  ): Promise<Order[]> {
    return this.em.find(
      Order,
      options.withExpansions
        ? { user: userId }
        : {
            user: userId,
            $or: [{ paymentMethod: null }, { paymentMethod: { $ne: 'auto-expansion' } }],
          },
      { orderBy: { createdAt: 'desc' }, limit },
    );
  }

  /** The user's orders that were paid (standing or refunded), in the caller's transaction. */
  paidOf(em: EntityManager, userId: string): Promise<Order[]> {
    return em.find(Order, { user: userId, status: { $in: ['paid', 'refunded'] } });
  }

  /** A Max order's expansions that still stand, in the caller's transaction. */
  expansionsOf(em: EntityManager, parentOrderId: string): Promise<Order[]> {
    return em.find(Order, { parentOrderId, status: 'paid' });
  }

  /** Whether a refund of one of the user's orders is asked for and not settled. */
  async refundInFlight(em: EntityManager, userId: string): Promise<boolean> {
    return (
      (await em.count(Order, {
        user: userId,
        status: 'paid',
        refundStatus: { $in: ['requested', 'pending'] },
      })) > 0
    );
  }

  /** Moves every order of one user to another (an account closing: its orders go to a placeholder). */
  async moveAll(em: EntityManager, fromUserId: string, toUserId: string): Promise<number> {
    return em.nativeUpdate(Order, { user: fromUserId }, { user: toUserId });
  }

  /** How many orders the user has. */
  countOf(em: EntityManager, userId: string): Promise<number> {
    return em.count(Order, { user: userId });
  }

  findForUser(orderId: string, userId: string): Promise<Order | null> {
    return this.em.findOne(Order, { orderId, user: userId });
  }

  /** By its public number, whoever owns it, outside any request's identity map. */
  findByNumber(orderId: string): Promise<Order | null> {
    return this.em.fork().findOne(Order, { orderId });
  }

  /** The order row locked for the rest of the caller's transaction (fulfilment). */
  lockByNumber(em: EntityManager, orderId: string): Promise<Order | null> {
    return em.findOne(Order, { orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** A new pending order, persisted with the caller's transaction. */
  createPending(em: EntityManager, f: PendingOrderFields): Order {
    return em.create(Order, {
      orderId: f.orderId,
      user: f.userId,
      productType: 'permanent',
      productName: f.productName,
      subscriptionTier: f.subscriptionTier,
      seatCount: f.seatCount,
      listPrice: f.listPrice,
      discountAmount: f.discountAmount,
      upgradedFromTier: f.upgradedFromTier,
      discountCode: f.discountCode,
      amount: f.amount,
      paymentGateway: f.paymentGateway,
      creditOrderId: f.creditOrderId,
      upgradeCredit: f.upgradeCredit,
      // A purchase's plan counts its list price toward a later upgrade (docs/rules.md, "Entitlements").
      creditValue: f.listPrice,
    });
  }

  /**
   * The one way to make a zero-amount internal order: paid at once, gateway 'internal', persisted with the
   * caller's transaction (which grants its seats).
   */
  createInternalPaid(em: EntityManager, f: InternalOrderFields): Order {
    return em.create(Order, { user: f.userId, ...internalPaidOrder(f) });
  }

  /** Cancels every pending order of the user, in the caller's transaction. */
  cancelPendingOf(em: EntityManager, userId: string, reason: string): Promise<EndedOrderRow[]> {
    return em.getConnection().execute<EndedOrderRow[]>(
      `update orders set status = 'cancelled', cancelled_at = now(), updated_at = now(), failure_reason = ?
       where user_id = ? and status = 'pending' returning order_id, discount_code, payment_gateway`,
      [reason, userId],
      'all',
      em.getTransactionContext(),
    );
  }

  /** Ends one pending order (of this user, when given); answers nothing when it was not pending. */
  endPending(
    em: EntityManager,
    orderId: string,
    status: Extract<OrderStatus, 'expired' | 'cancelled' | 'failed'>,
    reason: string,
    userId?: string,
  ): Promise<EndedOrderRow[]> {
    return em.getConnection().execute<EndedOrderRow[]>(
      `update orders set status = ?, failure_reason = ?, updated_at = now(),
           cancelled_at = case when ? = 'cancelled' then now() else cancelled_at end,
           failed_at = case when ? = 'failed' then now() else failed_at end
         where order_id = ? and status = 'pending' ${userId ? 'and user_id = ?' : ''}
         returning order_id, discount_code, payment_gateway`,
      [status, reason, status, status, orderId, ...(userId ? [userId] : [])],
      'all',
      em.getTransactionContext(),
    );
  }

  /**
   * Refunds to settle by asking the gateway: pending ones, and requested ones whose request got no answer
   * for `leaseSeconds` (an instance stopped in between). Each row is claimed for `leaseSeconds` by one
   * statement (row locks skipped, `updated_at` as the lease), so several instances never ask about the same
   * refund at once.
   */
  async claimUnsettledRefunds(
    limit: number,
    leaseSeconds: number,
  ): Promise<
    { orderId: string; refundNo: string; amount: number; gateway: string; status: string }[]
  > {
    const rows = await this.em.getConnection().execute<
      {
        order_id: string;
        refund_no: string;
        amount: number;
        payment_gateway: string;
        refund_status: string;
      }[]
    >(
      `update orders set updated_at = now() where id in (
         select id from orders
         where status = 'paid' and updated_at < now() - ? * interval '1 second'
           and (refund_status = 'pending' or (refund_status = 'requested' and refund_requested_at < now() - ? * interval '1 second'))
         order by refund_requested_at limit ? for update skip locked)
       returning order_id, refund_no, amount, payment_gateway, refund_status`,
      [leaseSeconds, leaseSeconds, limit],
    );
    return rows.map((r) => ({
      orderId: r.order_id,
      refundNo: r.refund_no,
      amount: r.amount,
      gateway: r.payment_gateway,
      status: r.refund_status,
    }));
  }

  /**
   * A page of all orders with their customers' e-mails for the admin, filtered and sorted in SQL, with the
   * count and the sum of the amounts of every filtered order (not only the page's).
   */
  async adminPage(f: AdminOrderFilter): Promise<{
    rows: AdminOrderRow[];
    total: number;
    paidTotal: number;
    refundedTotal: number;
  }> {
    const { where, params } = adminWhere(f);
    const from = `from orders o join users u on u.id = o.user_id ${where.length ? `where ${where.join(' and ')}` : ''}`;
    const conn = this.em.getConnection();
    const [totals] = await conn.execute<
      { total: number; paid_total: string | number; refunded_total: string | number }[]
    >(
      `select count(*)::int as total, ${PAID_SUM} as paid_total, ${REFUNDED_SUM} as refunded_total
       ${from}`,
      params,
    );
    const rows = totals.total
      ? await conn.execute<AdminOrderRow[]>(
          `select ${ADMIN_ORDER_COLUMNS} ${from} order by ${orderByOf(f.sort)} limit ? offset ?`,
          [...params, f.pageSize, (f.page - 1) * f.pageSize],
        )
      : [];
    return {
      rows,
      total: totals.total,
      paidTotal: Number(totals.paid_total),
      refundedTotal: Number(totals.refunded_total),
    };
  }

  /**
   * The money (PAID_SUM, REFUNDED_SUM) of the orders created in each window, in one pass over the orders:
   * what the admin list answers for the same dates with no other filter (the dashboard's three figures).
   */
  async moneyCreatedIn(
    windows: readonly CreatedWindow[],
  ): Promise<{ paid: number; refunded: number }[]> {
    if (!windows.length) return [];
    const columns: string[] = [];
    const params: unknown[] = [];
    windows.forEach((w, i) => {
      const conds: string[] = [];
      const values: unknown[] = [];
      if (w.from) {
        conds.push('o.created_at >= ?');
        values.push(w.from);
      }
      if (w.to) {
        conds.push('o.created_at < ?');
        values.push(w.to);
      }
      const inWindow = conds.map((c) => ` and ${c}`).join('');
      columns.push(`${sumWhere(PAID_WHERE + inWindow)} as paid_${i}`);
      columns.push(`${sumWhere(REFUNDED_WHERE + inWindow)} as refunded_${i}`);
      params.push(...values, ...values);
    });
    const [row] = await this.em
      .getConnection()
      .execute<Record<string, string | number>[]>(
        `select ${columns.join(', ')} from orders o where ${PAID_WHERE}`,
        params,
      );
    return windows.map((_, i) => ({
      paid: Number(row[`paid_${i}`]),
      refunded: Number(row[`refunded_${i}`]),
    }));
  }

  /**
   * The admin export's next batch (docs/product.md, "Orders CSV export"): the list's filters and sort,
   * `limit` rows after `after` by keyset (no offset: each batch costs the same, however deep), so the
   * export holds one batch in memory whatever the row count.
   */
  async adminExportBatch(
    f: AdminOrderWhere & { sort: AdminOrderSort },
    after: AdminOrderCursor | null,
    limit: number,
  ): Promise<(AdminOrderRow & { created_key: string })[]> {
    const { where, params } = adminWhere(f);
    if (after) {
      const next = keysetAfter(f.sort, after);
      where.push(next.sql);
      params.push(...next.params);
    }
    return this.em.getConnection().execute<(AdminOrderRow & { created_key: string })[]>(
      `select ${ADMIN_ORDER_COLUMNS}, o.created_at::text as created_key
       from orders o join users u on u.id = o.user_id ${where.length ? `where ${where.join(' and ')}` : ''}
       order by ${orderByOf(f.sort)} limit ?`,
      [...params, limit],
    );
  }

  /** One order by its number with its customer's e-mail, for the admin. */
  async adminDetail(orderId: string): Promise<AdminOrderRow | null> {
    const [row] = await this.em
      .getConnection()
      .execute<AdminOrderRow[]>(
        `select ${ADMIN_ORDER_COLUMNS} from orders o join users u on u.id = o.user_id where o.order_id = ?`,
        [orderId],
      );
    return row ?? null;
  }

  /** Pending orders older than the lifetime, oldest first. */
  async stalePending(
    lifetimeSeconds: number,
    limit: number,
  ): Promise<{ orderId: string; amount: number; gateway: string }[]> {
    const rows = await this.em
      .getConnection()
      .execute<{ order_id: string; amount: number; payment_gateway: string }[]>(
        `select order_id, amount, payment_gateway from orders
         where status = 'pending' and created_at < now() - (? * interval '1 second')
         order by created_at limit ?`,
        [lifetimeSeconds, limit],
      );
    return rows.map((r) => ({ orderId: r.order_id, amount: r.amount, gateway: r.payment_gateway }));
  }
}

/**
 * The WHERE of the admin orders list and of its export (one home for the filters): conditions on `o`
 * (orders) and `u` (users), with their parameters.
 */
function adminWhere(f: AdminOrderWhere): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  const term = f.q?.trim();
  if (term) {
    const like = containsPattern(term);
    add(`(o.order_id ilike ? or u.email ilike ? or ${TRADE_NO_SQL} ilike ?)`, like, like, like);
  }
  if (f.status) add('o.status = ?', f.status);
  if (f.gateway) add('o.payment_gateway = ?', f.gateway);
  if (f.tier) add('o.subscription_tier = ?', f.tier);
  // Flagged and not refunded yet (a refund in progress stays listed until the gateway settles it).
  if (f.needsRefund === true) add(`o.needs_refund and o.status = 'paid'`);
  if (f.needsRefund === false) add('not o.needs_refund');
  if (f.userId) add('o.user_id = ?', f.userId);
  if (f.from) add('o.created_at >= ?', f.from);
  if (f.to) add('o.created_at < ?', f.to);
  return { where, params };
}

/** The fields of a paid zero-amount internal order (VIP grant, Max's growth), without its user. */
export function internalPaidOrder(f: InternalOrderFields) {
  const at = f.at ?? new Date();
  return {
    orderId: newOrderNumber(at),
    productType: 'permanent' as const,
    productName: planDisplayName(f.tier),
    subscriptionTier: f.tier,
    seatCount: f.seatCount,
    listPrice: 0,
    amount: 0,
    status: 'paid' as const,
    paidAt: at,
    paymentMethod: f.paymentMethod,
    paymentGateway: 'internal',
    upgradedFromTier: f.upgradedFromTier ?? null,
    metadata: f.metadata ?? null,
    parentOrderId: f.parentOrderId ?? null,
    creditValue: f.creditValue ?? 0,
  };
}
