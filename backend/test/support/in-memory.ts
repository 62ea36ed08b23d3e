/**
 * In-memory repositories for the unit tests of services (licenses.service.spec.ts, payments.service.spec.ts):
 * each implements the public methods of the real repository over arrays, so that a service runs its real
 * rules without a database. The real repositories' SQL is exercised by the integration suite.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tier } from '@seatkeeper/domain';
import { CryptoService } from '../../src/common/crypto.service';
import type { AppConfig } from '../../src/config/env';
import { Discount } from '../../src/discounts/discount.entity';
import { codeKey } from '../../src/discounts/discount-rules';
import type { DiscountRepository } from '../../src/discounts/discount.repository';
import { License } from '../../src/licenses/license.entity';
import type {
  CheckRow,
  LicenseRepository,
  NewSeat,
  CustomerSeatRow,
  OverviewSeatRow,
  SeatRow,
} from '../../src/licenses/license.repository';
import { tradeNoOf } from '../../src/orders/admin-order-query';
import { Order } from '../../src/orders/order.entity';
import {
  internalPaidOrder,
  type AdminOrderFilter,
  type AdminOrderRow,
  type EndedOrderRow,
  type InternalOrderFields,
  type OrderRepository,
  type PendingOrderFields,
} from '../../src/orders/order.repository';
import type {
  TokenIdentityRow,
  TokenRepository,
  TokenRow,
} from '../../src/tokens/token.repository';
import type { User } from '../../src/users/user.entity';

/** The public methods of a class (what a fake has to provide). */
type Public<T> = { [K in keyof T]: T[K] };

/** A fake where the service's constructor asks for the real repository (private members aside, the same). */
export const asRepository = <T>(fake: Public<T>): T => fake as T;

const userRef = (id: string) => ({ id }) as User;
const byId = <T extends { id: string }>(rows: T[], id: string) => rows.find((r) => r.id === id);

/**
 * The EntityManager as the services use it around repositories: a transaction runs its callback at once
 * (nothing rolls back in memory), flush writes nothing, populate loads nothing, the customer's row lock always succeeds, and what is
 * created through it directly (audit entries) is kept in `created`.
 */
export interface FakeEntityManager {
  em: EntityManager;
  created: { entity: string; data: Record<string, unknown> }[];
  locks: string[];
}

export function fakeEntityManager(): FakeEntityManager {
  const created: FakeEntityManager['created'] = [];
  const locks: string[] = [];
  const em = {
    fork: () => em,
    transactional: async <T>(fn: (em: unknown) => Promise<T>) => fn(em),
    flush: async () => {},
    // The in-memory rows hold their relations already (a user reference at least).
    populate: async <T>(entity: T) => entity,
    findOneOrFail: async (_entity: unknown, id: string) => {
      locks.push(id);
      return { id };
    },
    create: (entity: { name: string }, data: Record<string, unknown>) => {
      created.push({ entity: entity.name, data });
      return data;
    },
    getTransactionContext: () => undefined,
  };
  return { em: em as unknown as EntityManager, created, locks };
}

export class InMemoryTokenRepository implements Public<TokenRepository> {
  readonly rows: (TokenRow & { token_digest: string })[] = [];
  readonly touched: string[] = [];

  async findByUser(userId: string) {
    return this.rows.find((r) => r.user_id === userId);
  }

  async insertIfAbsent(id: string, userId: string, sealed: string, digest: string) {
    if (await this.findByUser(userId)) return;
    this.rows.push({
      id,
      user_id: userId,
      token_encrypted: sealed,
      token_digest: digest,
      last_used_at: null,
      created_at: new Date(),
      last_regenerated_at: null,
    });
  }

  async upsert(id: string, userId: string, sealed: string, digest: string) {
    const row = await this.findByUser(userId);
    if (!row) {
      await this.insertIfAbsent(id, userId, sealed, digest);
      return { ...(await this.findByUser(userId))!, inserted: true };
    }
    Object.assign(row, {
      token_encrypted: sealed,
      token_digest: digest,
      last_regenerated_at: new Date(),
      last_used_at: null,
    });
    return { ...row, inserted: false };
  }

  async findByDigest(digest: string): Promise<TokenIdentityRow | undefined> {
    const row = this.rows.find((r) => r.token_digest === digest);
    return row && { id: row.id, user_id: row.user_id, last_used_at: row.last_used_at };
  }

  async touchLastUsed(tokenId: string) {
    this.touched.push(tokenId);
    const row = byId(this.rows, tokenId);
    if (row) row.last_used_at = new Date();
  }
}

export class InMemoryLicenseRepository implements Public<LicenseRepository> {
  readonly seats: License[] = [];

  constructor(private readonly tokens: InMemoryTokenRepository) {}

  /** A seat as a test needs it (permanent, unbound, 2 binding changes unless said otherwise). */
  add(
    userId: string,
    fields: Partial<Omit<License, 'user'>> & { seatIndex: number; purchaseTier: Tier },
  ): License {
    const seat = Object.assign(new License(), fields, { user: userRef(userId) });
    this.seats.push(seat);
    return seat;
  }

  private of(userId: string) {
    return this.seats.filter((s) => s.user.id === userId).sort((a, b) => a.seatIndex - b.seatIndex);
  }

  async findSeatRowsForUser(userId: string): Promise<SeatRow[]> {
    return this.of(userId).map((s) => ({
      ...s,
      userId: s.user.id,
      orderId: s.order?.id ?? null,
    }));
  }

  async checkRow(digest: string, https: string, http: string): Promise<CheckRow | undefined> {
    const token = this.tokens.rows.find((t) => t.token_digest === digest);
    if (!token) return undefined;
    const seat = this.of(token.user_id).find(
      (s) => s.websiteUrl === https || s.websiteUrl === http,
    );
    return {
      token_id: token.id,
      user_id: token.user_id,
      last_used_at: token.last_used_at,
      license_id: seat?.id ?? null,
      seat_index: seat?.seatIndex ?? null,
      purchase_tier: seat?.purchaseTier ?? (null as unknown as Tier),
      license_type: seat?.licenseType ?? (null as unknown as License['licenseType']),
      expires_at: seat?.expiresAt ?? null,
      revoked_at: seat?.revokedAt ?? null,
      last_checked_at: seat?.lastCheckedAt ?? null,
    };
  }

  /** The seats whose check time was written, one entry per write. */
  readonly checkWrites: string[] = [];

  /** The conditional update: at most once a minute per seat. */
  async touchLastChecked(licenseId: string) {
    this.checkWrites.push(licenseId);
    const seat = byId(this.seats, licenseId);
    if (seat && !(seat.lastCheckedAt && seat.lastCheckedAt.getTime() > Date.now() - 60_000))
      seat.lastCheckedAt = new Date();
  }

  async linkSeatRow(id: string) {
    const seat = byId(this.seats, id);
    return seat
      ? {
          user_id: seat.user.id,
          website_url: seat.websiteUrl ?? null,
          license_type: seat.licenseType,
          expires_at: seat.expiresAt ?? null,
          revoked_at: seat.revokedAt ?? null,
        }
      : undefined;
  }

  async heldSeatsOf(userId: string) {
    return this.held(userId).map((s) => ({
      id: s.id,
      licenseType: s.licenseType,
      expiresAt: s.expiresAt,
    }));
  }

  async statusFieldsOf(userId: string) {
    return this.held(userId).map((s) => ({ licenseType: s.licenseType, expiresAt: s.expiresAt }));
  }

  async findAllOf(_em: EntityManager, userId: string) {
    return this.of(userId);
  }

  private held(userId: string) {
    return this.of(userId).filter((s) => !s.revokedAt);
  }

  async findOwned(_em: EntityManager, userId: string, id: string) {
    return this.of(userId).find((s) => s.id === id) ?? null;
  }

  async findById(_em: EntityManager, id: string) {
    return byId(this.seats, id) ?? null;
  }

  async reload(_em: EntityManager, id: string) {
    const seat = byId(this.seats, id);
    if (!seat) throw new Error(`License not found (${id})`);
    return seat;
  }

  async findBoundTo(userId: string, urls: string[]) {
    return this.of(userId).find((s) => s.websiteUrl && urls.includes(s.websiteUrl)) ?? null;
  }

  async countBoundElsewhere(_em: EntityManager, userId: string, urls: string[], exceptId: string) {
    return this.of(userId).filter(
      (s) => s.id !== exceptId && !s.revokedAt && s.websiteUrl && urls.includes(s.websiteUrl),
    ).length;
  }

  async releaseFromRevoked(_em: EntityManager, userId: string, urls: string[], exceptId: string) {
    const held = this.of(userId).filter(
      (s) => s.id !== exceptId && s.revokedAt && s.websiteUrl && urls.includes(s.websiteUrl),
    );
    for (const s of held) s.websiteUrl = null;
    return held.length;
  }

  async findOverviewRows(userIds: string[]): Promise<OverviewSeatRow[]> {
    return userIds.flatMap((userId) =>
      this.of(userId).map((s) => ({
        userId,
        id: s.id,
        seatIndex: s.seatIndex,
        websiteUrl: s.websiteUrl ?? null,
        bindingChangesLeft: s.bindingChangesLeft,
        purchaseTier: s.purchaseTier,
        licenseType: s.licenseType,
        expiresAt: s.expiresAt ?? null,
        revokedAt: s.revokedAt ?? null,
      })),
    );
  }

  async findCustomerRows(userId: string): Promise<CustomerSeatRow[]> {
    return this.of(userId).map((s) => ({
      id: s.id,
      seatIndex: s.seatIndex,
      purchaseTier: s.purchaseTier,
      licenseType: s.licenseType,
      websiteUrl: s.websiteUrl ?? null,
      bindingChangesLeft: s.bindingChangesLeft,
      lastBindingChangeAt: s.lastBindingChangeAt ?? null,
      expiresAt: s.expiresAt ?? null,
      purchasedAt: s.purchasedAt,
      revokedAt: s.revokedAt ?? null,
      orderId: s.order?.id ?? null,
      aiBaseUrl: s.aiBaseUrl ?? null,
      aiModel: s.aiModel ?? null,
      aiKeySet: Boolean(s.aiApiKey),
      aiConfigUpdatedAt: s.aiConfigUpdatedAt ?? null,
    }));
  }

  async seatState(_em: EntityManager, userId: string, id: string) {
    const s = this.of(userId).find((seat) => seat.id === id);
    return s
      ? {
          id: s.id,
          userId,
          seatIndex: s.seatIndex,
          websiteUrl: s.websiteUrl ?? null,
          bindingChangesLeft: s.bindingChangesLeft,
          revokedAt: s.revokedAt ?? null,
        }
      : undefined;
  }

  async revokeOne(_em: EntityManager, id: string, at: Date) {
    const seat = byId(this.seats, id);
    if (!seat || seat.revokedAt) return false;
    seat.revokedAt = at;
    return true;
  }

  async resetChanges(_em: EntityManager, id: string, to: number) {
    const seat = byId(this.seats, id);
    if (!seat || seat.revokedAt || seat.bindingChangesLeft >= to) return false;
    seat.bindingChangesLeft = to;
    return true;
  }

  /** Like the real one (permanent, default binding changes); refuses a taken seat index like the database. */
  create(_em: EntityManager, seat: NewSeat): License {
    if (this.of(seat.userId).some((s) => s.seatIndex === seat.seatIndex))
      throw new Error('licenses_user_seat_unique');
    return this.add(seat.userId, {
      seatIndex: seat.seatIndex,
      purchaseTier: seat.tier,
      licenseType: 'permanent',
      order: seat.orderId ? ({ id: seat.orderId } as Order) : null,
      purchasedAt: seat.purchasedAt,
    });
  }

  renew(_em: EntityManager, seat: License, f: { tier: Tier; orderId: string | null; at: Date }) {
    Object.assign(seat, {
      revokedAt: null,
      websiteUrl: null,
      lastBindingChangeAt: null,
      bindingChangesLeft: 2,
      licenseType: 'permanent',
      expiresAt: null,
      purchaseTier: f.tier,
      purchasedAt: f.at,
      order: f.orderId ? ({ id: f.orderId } as Order) : null,
      aiApiKey: null,
      aiBaseUrl: null,
      aiModel: null,
      aiConfigUpdatedAt: null,
    });
  }
}

export class InMemoryOrderRepository implements Public<OrderRepository> {
  readonly orders: Order[] = [];

  private store(fields: Partial<Omit<Order, 'user'>>, userId: string): Order {
    const order = Object.assign(new Order(), fields, { user: userRef(userId) });
    this.orders.push(order);
    return order;
  }

  private byNumber(orderId: string) {
    return this.orders.find((o) => o.orderId === orderId) ?? null;
  }

  async listForUser(userId: string, limit = 200, options = { withExpansions: true }) {
    return this.orders
      .filter(
        (o) =>
          o.user.id === userId && (options.withExpansions || o.paymentMethod !== 'auto-expansion'),
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, limit);
  }

  async paidOf(_em: EntityManager, userId: string) {
    return this.orders.filter(
      (o) => o.user.id === userId && (o.status === 'paid' || o.status === 'refunded'),
    );
  }

  async expansionsOf(_em: EntityManager, parentOrderId: string) {
    return this.orders.filter((o) => o.parentOrderId === parentOrderId && o.status === 'paid');
  }

  async refundInFlight(_em: EntityManager, userId: string) {
    return this.orders.some(
      (o) =>
        o.user.id === userId &&
        o.status === 'paid' &&
        (o.refundStatus === 'requested' || o.refundStatus === 'pending'),
    );
  }

  async moveAll(_em: EntityManager, fromUserId: string, toUserId: string) {
    const mine = this.orders.filter((o) => o.user.id === fromUserId);
    for (const o of mine) o.user = userRef(toUserId);
    return mine.length;
  }

  async countOf(_em: EntityManager, userId: string) {
    return this.orders.filter((o) => o.user.id === userId).length;
  }

  async findForUser(orderId: string, userId: string) {
    const order = this.byNumber(orderId);
    return order?.user.id === userId ? order : null;
  }

  async findByNumber(orderId: string) {
    return this.byNumber(orderId);
  }

  async lockByNumber(_em: EntityManager, orderId: string) {
    return this.byNumber(orderId);
  }

  createPending(_em: EntityManager, f: PendingOrderFields): Order {
    const { userId, ...fields } = f;
    return this.store(
      { ...fields, id: randomUUID(), status: 'pending', creditValue: f.listPrice },
      userId,
    );
  }

  createInternalPaid(_em: EntityManager, f: InternalOrderFields): Order {
    return this.store({ ...internalPaidOrder(f), id: randomUUID() }, f.userId);
  }

  private end(order: Order, status: 'expired' | 'cancelled' | 'failed', reason: string) {
    order.status = status;
    order.failureReason = reason;
    if (status === 'cancelled') order.cancelledAt = new Date();
    if (status === 'failed') order.failedAt = new Date();
    return {
      order_id: order.orderId,
      discount_code: order.discountCode ?? null,
      payment_gateway: order.paymentGateway,
    };
  }

  async cancelPendingOf(
    _em: EntityManager,
    userId: string,
    reason: string,
  ): Promise<EndedOrderRow[]> {
    return this.orders
      .filter((o) => o.user.id === userId && o.status === 'pending')
      .map((o) => this.end(o, 'cancelled', reason));
  }

  async endPending(
    _em: EntityManager,
    orderId: string,
    status: 'expired' | 'cancelled' | 'failed',
    reason: string,
    userId?: string,
  ): Promise<EndedOrderRow[]> {
    const order = this.byNumber(orderId);
    if (!order || order.status !== 'pending' || (userId && order.user.id !== userId)) return [];
    return [this.end(order, status, reason)];
  }

  /** The export's keyset batches read PostgreSQL's own time text: tested on PostgreSQL and PGlite only. */
  async adminExportBatch(): Promise<never[]> {
    throw new Error(
      'the orders export is tested against a real database (admin-orders-export.integration-spec.ts)',
    );
  }

  async stalePending(lifetimeSeconds: number, limit: number) {
    const before = Date.now() - lifetimeSeconds * 1000;
    return this.orders
      .filter((o) => o.status === 'pending' && o.createdAt.getTime() < before)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map((o) => ({ orderId: o.orderId, amount: o.amount, gateway: o.paymentGateway }));
  }

  /** The admin list over the array (customers' e-mails are whatever the user reference carries). */
  async adminPage(f: AdminOrderFilter) {
    const term = f.q?.trim().toLowerCase();
    const found = this.orders
      .map(adminRowOf)
      .filter(
        (r) =>
          (!term ||
            [r.order_id, r.email, tradeNoOf(r.metadata) ?? ''].some((t) =>
              t.toLowerCase().includes(term),
            )) &&
          (!f.status || r.status === f.status) &&
          (!f.gateway || r.payment_gateway === f.gateway) &&
          (!f.tier || r.subscription_tier === f.tier) &&
          (f.needsRefund !== true || (r.needs_refund && r.status === 'paid')) &&
          (f.needsRefund !== false || !r.needs_refund) &&
          (!f.userId || r.user_id === f.userId) &&
          (!f.from || new Date(r.created_at) >= f.from) &&
          (!f.to || new Date(r.created_at) < f.to),
      );
    const time = (r: AdminOrderRow) => new Date(r.created_at).getTime();
    const by: Record<AdminOrderFilter['sort'], (a: AdminOrderRow, b: AdminOrderRow) => number> = {
      time_desc: (a, b) => time(b) - time(a),
      time_asc: (a, b) => time(a) - time(b),
      amount_desc: (a, b) => b.amount - a.amount || time(b) - time(a),
      amount_asc: (a, b) => a.amount - b.amount || time(b) - time(a),
    };
    found.sort(by[f.sort]);
    return {
      rows: found.slice((f.page - 1) * f.pageSize, f.page * f.pageSize),
      total: found.length,
      paidTotal: found
        .filter((r) => r.status !== 'pending' && r.payment_gateway !== 'internal')
        .filter((r) => r.status === 'paid' || r.status === 'refunded')
        .reduce((sum, r) => sum + r.amount, 0),
      refundedTotal: found
        .filter((r) => r.status === 'refunded' && r.payment_gateway !== 'internal')
        .reduce((sum, r) => sum + r.amount, 0),
    };
  }

  /** The admin list's money per creation window, over the array (adminPage's definition). */
  async moneyCreatedIn(windows: readonly { from: Date | null; to: Date | null }[]) {
    return Promise.all(
      windows.map(async (w) => {
        const page = await this.adminPage({
          from: w.from,
          to: w.to,
          sort: 'time_desc',
          page: 1,
          pageSize: 1,
        });
        return { paid: page.paidTotal, refunded: page.refundedTotal };
      }),
    );
  }

  async adminDetail(orderId: string) {
    const order = this.byNumber(orderId);
    return order ? adminRowOf(order) : null;
  }

  async claimUnsettledRefunds(limit: number) {
    return this.orders
      .filter(
        (o) =>
          o.status === 'paid' && (o.refundStatus === 'pending' || o.refundStatus === 'requested'),
      )
      .slice(0, limit)
      .map((o) => ({
        orderId: o.orderId,
        refundNo: o.refundNo!,
        amount: o.amount,
        gateway: o.paymentGateway,
        status: o.refundStatus!,
      }));
  }
}

function adminRowOf(o: Order): AdminOrderRow {
  return {
    id: o.id,
    order_id: o.orderId,
    user_id: o.user.id,
    email: o.user.email ?? '',
    product_name: o.productName,
    subscription_tier: o.subscriptionTier,
    upgraded_from_tier: o.upgradedFromTier ?? null,
    seat_count: o.seatCount,
    list_price: o.listPrice,
    discount_amount: o.discountAmount,
    discount_code: o.discountCode ?? null,
    amount: o.amount,
    currency: o.currency,
    status: o.status,
    payment_method: o.paymentMethod ?? null,
    payment_gateway: o.paymentGateway,
    metadata: o.metadata ?? null,
    failure_reason: o.failureReason ?? null,
    needs_refund: o.needsRefund,
    needs_refund_reason: o.needsRefundReason ?? null,
    refund_status: o.refundStatus ?? null,
    refund_no: o.refundNo ?? null,
    refund_id: o.refundId ?? null,
    refund_error: o.refundError ?? null,
    refund_requested_at: o.refundRequestedAt ?? null,
    refund_requested_by: o.refundRequestedBy ?? null,
    created_at: o.createdAt,
    paid_at: o.paidAt ?? null,
    cancelled_at: o.cancelledAt ?? null,
    refunded_at: o.refundedAt ?? null,
  };
}

export class InMemoryDiscountRepository implements Public<DiscountRepository> {
  readonly discounts: Discount[] = [];

  add(fields: Pick<Discount, 'code' | 'tier' | 'discountAmount'> & Partial<Discount>): Discount {
    const discount = Object.assign(new Discount(), fields, {
      codeKey: codeKey(fields.code),
    });
    this.discounts.push(discount);
    return discount;
  }

  private byCode(code: string) {
    return this.discounts.find((d) => d.codeKey === codeKey(code)) ?? null;
  }

  async findByCode(_em: EntityManager, code: string) {
    return this.byCode(code);
  }

  /** The uses held: order number → the code's id and the customer. */
  readonly uses = new Map<string, { discountId: string; userId: string }>();

  async takeUse(_em: EntityManager, code: string, holder: { userId: string; orderId: string }) {
    const d = this.byCode(code);
    if (!d || (d.usageLimit != null && d.usageCount >= d.usageLimit)) return 'used-up' as const;
    this.uses.delete(holder.orderId);
    if (d.oncePerCustomer && (await this.heldBy(_em, d.id, holder.userId)))
      return 'already-used' as const;
    d.usageCount += 1;
    this.uses.set(holder.orderId, { discountId: d.id, userId: holder.userId });
    return 'taken' as const;
  }

  async releaseUse(_em: EntityManager, code: string, orderId?: string) {
    const d = this.byCode(code);
    if (d) d.usageCount = Math.max(0, d.usageCount - 1);
    if (orderId) this.uses.delete(orderId);
  }

  async heldBy(
    _em: EntityManager,
    discountId: string,
    userId: string,
    exceptOrders: readonly string[] = [],
  ) {
    return [...this.uses].some(
      ([order, u]) =>
        u.discountId === discountId && u.userId === userId && !exceptOrders.includes(order),
    );
  }
}

/** The configuration the services read in unit tests. */
export function unitConfig(): AppConfig {
  return {
    secret: 'unit-test-secret-unit-test-secret-0123456789',
    publicUrl: '',
    payments: { gateway: 'sandbox', qrLifetimeSeconds: 1800 },
  } as unknown as AppConfig;
}

/** Every repository in memory, one fake EntityManager, and the crypto the services share. */
export function inMemoryStore() {
  const config = unitConfig();
  const tokens = new InMemoryTokenRepository();
  return {
    config,
    crypto: new CryptoService(config),
    ...fakeEntityManager(),
    tokens,
    licenses: new InMemoryLicenseRepository(tokens),
    orders: new InMemoryOrderRepository(),
    discounts: new InMemoryDiscountRepository(),
  };
}
