import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { seatStatus, type Tier } from '@seatkeeper/domain';
import { AuditService } from '../audit/audit.service';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { seatHistoryOf, seatHistoryTargets } from '../licenses/seat-history';
import { SessionStoreService } from '../auth/session-store.service';
import { isUuid } from '../common/query';
import { LicenseError, LicenseErrorCode } from '../licenses/license-errors';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { LicensesService } from '../licenses/licenses.service';
import { MailOutbox } from '../mail/mail-outbox.service';
import { OrdersService } from '../orders/orders.service';
import { PlansService } from '../plans/plans.service';
import type { User } from '../users/user.entity';
import { lockUser } from '../users/user-lock';
import { UsersService } from '../users/users.service';
import { VipService } from '../vip/vip.service';
import { CustomerError, CustomerErrorCode } from './customer-errors';
import { customerCsv, customerCsvFileName } from './customer-csv';
import {
  CUSTOMER_AUDIT,
  customerTargets,
  grantableTiers,
  grantMetadata,
  grantOf,
  grantRefusal,
  providerOf,
  reasonOf,
  resetRefusal,
  revokeRefusal,
  seatTarget,
  type SeatState,
} from './customer-rules';
import type {
  CustomerDetailDto,
  GrantPlanResultDto,
  SeatActionResultDto,
  SignOutResultDto,
} from './dto/customer.dto';
import { WebhookEvents } from '../webhooks/webhook-events.service';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
/** How many of the customer's orders and audit entries the page shows. */
const RECENT_ORDERS = 50;
const RECENT_AUDIT = 50;
/** How many entries of a customer's seats' histories are read (every seat's binds, edits, resets). */
const SEAT_HISTORY_ENTRIES = 5000;

/**
 * The admin's customer page (docs/rules.md, "Customer support"): one customer's profile, orders, seats and
 * audit trail, and the support actions. Each action runs in one transaction under the customer's row lock
 * (lockUser), checks its guard (customer-rules.ts) on what it reads there, writes through the tables'
 * owners (licences, orders, sessions) and records its audit entry with the reason, so that two admins at
 * once make one change and the other gets a 409 with a code.
 */
@Injectable()
export class CustomersService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly licenses: LicensesService,
    private readonly entitlements: EntitlementsService,
    private readonly plans: PlansService,
    private readonly orders: OrdersService,
    private readonly sessions: SessionStoreService,
    private readonly vip: VipService,
    private readonly audit: AuditService,
    private readonly mail: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhooks: WebhookEvents,
  ) {}

  private async customer(userId: string): Promise<User> {
    const user = isUuid(userId) ? await this.users.findById(userId) : null;
    if (!user) throw new CustomerError(CustomerErrorCode.CUSTOMER_NOT_FOUND);
    return user;
  }

  async detail(userId: string): Promise<CustomerDetailDto> {
    const user = await this.customer(userId);
    const [orders, seats, sessions, vip, tier] = await Promise.all([
      this.orders.recentOf(user.id, RECENT_ORDERS),
      this.licenses.customerSeats(user.id),
      this.sessions.summaryOf(this.em, user.id),
      this.vip.status(user),
      this.entitlements.currentTier(user.id),
    ]);
    const targets = customerTargets({
      email: user.email,
      userId: user.id,
      orderNumbers: orders.map((o) => o.orderId),
      seats,
    });
    const [audit, seatEntries] = await Promise.all([
      this.audit.aboutTargets(targets, RECENT_AUDIT),
      this.audit.aboutTargets(seats.flatMap(seatHistoryTargets), SEAT_HISTORY_ENTRIES),
    ]);
    const orderNumbers = new Map(orders.map((o) => [o.id, o.orderId]));
    return {
      profile: {
        userId: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        createdAt: user.createdAt.toISOString(),
        lastSignInAt: iso(sessions.lastSignInAt),
        activeSessions: sessions.active,
        isVip: vip.isVip,
        isAdmin: vip.isAdmin,
        language: user.language ?? null,
        tier,
        grantableTiers: grantableTiers(tier),
      },
      orders: orders.map((o) => ({
        orderId: o.orderId,
        tier: o.subscriptionTier,
        upgradedFromTier: o.upgradedFromTier ?? null,
        amount: o.amount,
        currency: o.currency,
        status: o.status,
        refundStatus: o.refundStatus ?? null,
        paymentGateway: o.paymentGateway,
        paymentMethod: o.paymentMethod ?? null,
        needsRefund: o.needsRefund,
        granted: grantOf(o.paymentMethod, o.metadata),
        createdAt: o.createdAt.toISOString(),
        paidAt: iso(o.paidAt),
      })),
      seats: seats.map((s) => ({
        id: s.id,
        seatIndex: s.seatIndex,
        tier: s.purchaseTier,
        licenseType: s.licenseType,
        status: s.revokedAt ? ('revoked' as const) : seatStatus(s),
        websiteUrl: s.websiteUrl,
        bindingChangesLeft: s.bindingChangesLeft,
        lastBindingChangeAt: iso(s.lastBindingChangeAt),
        expiresAt: iso(s.expiresAt),
        purchasedAt: iso(s.purchasedAt)!,
        revokedAt: iso(s.revokedAt),
        orderId: (s.orderId && orderNumbers.get(s.orderId)) ?? null,
        ai: {
          configured: Boolean(s.aiKeySet && s.aiBaseUrl),
          provider: providerOf(s.aiBaseUrl),
          baseUrl: s.aiBaseUrl,
          model: s.aiModel,
          updatedAt: iso(s.aiConfigUpdatedAt),
        },
        bindingHistory: seatHistoryOf(seatEntries, s),
      })),
      audit,
      timeZone: this.config.sellerTimeZone,
    };
  }

  /**
   * The customer's seats and their histories as CSV (docs/rules.md, "Seat history") in the admin's
   * language, times in the seller's time zone; audited (`customer.exported`) as the customer's own export.
   */
  async exportCsv(
    admin: User,
    userId: string,
    language: 'en' | 'zh-CN',
    now = new Date(),
  ): Promise<{ fileName: string; csv: string }> {
    const user = await this.customer(userId);
    const seats = await this.licenses.customerSeats(user.id);
    const entries = await this.audit.aboutTargets(
      seats.flatMap(seatHistoryTargets),
      SEAT_HISTORY_ENTRIES,
    );
    const timeZone = this.config.sellerTimeZone;
    const csv = customerCsv(
      user.email,
      seats.map((s) => ({
        seatIndex: s.seatIndex,
        tier: s.purchaseTier,
        status: s.revokedAt ? 'revoked' : seatStatus(s),
        websiteUrl: s.websiteUrl,
        bindingChangesLeft: s.bindingChangesLeft,
        purchasedAt: s.purchasedAt.toISOString(),
        events: seatHistoryOf(entries, s),
      })),
      language,
      timeZone,
    );
    const em = this.em.fork();
    this.audit.record(em, {
      actor: admin.email,
      action: CUSTOMER_AUDIT.exported,
      target: user.email,
      after: { seats: seats.length, userId: user.id },
    });
    await em.flush();
    return { fileName: customerCsvFileName(user.email, now, timeZone), csv };
  }

  /**
   * A plan for free: a zero-amount paid order marked with who granted it and why, the seats of a purchase
   * or upgrade to that tier (EntitlementsService.grantPlan), the plan-granted e-mail and the audit entry, in
   * one transaction. Only a tier above the current one (TIER_NOT_ABOVE_CURRENT).
   */
  async grantPlan(
    admin: User,
    userId: string,
    tier: Tier,
    rawReason: string,
  ): Promise<GrantPlanResultDto> {
    const user = await this.customer(userId);
    const reason = reasonOf(rawReason);
    return this.em.fork().transactional(async (em) => {
      await lockUser(em, user.id);
      const before = await this.entitlements.holding(user.id, em);
      const refusal = grantRefusal(before.tier, tier);
      if (refusal) throw new CustomerError(refusal);
      const { catalogue } = await this.plans.catalogue(em);
      const order = await this.entitlements.grantPlan(em, {
        userId: user.id,
        tier,
        fromTier: before.tier,
        metadata: grantMetadata(admin.email, reason),
        // A granted plan counts its list price now toward an upgrade, as a bought one would.
        creditValue: catalogue[tier].priceCents,
      });
      const after = { seats: order.seats };
      await this.mail.planGranted(em, user, order.orderId, {
        tier,
        seatCount: after.seats,
        grantedBy: admin.email,
      });
      this.audit.record(em, {
        actor: admin.email,
        action: CUSTOMER_AUDIT.grantPlan,
        target: order.orderId,
        before: { tier: before.tier, seats: before.seats },
        after: {
          tier,
          seats: after.seats,
          amount: 0,
          granted: true,
          reason,
          userId: user.id,
          email: user.email,
        },
      });
      await em.flush();
      return { orderId: order.orderId, tier, seats: after.seats };
    });
  }

  /**
   * One seat of this customer under the customer's row lock (another customer's seat is 404), refused with
   * the rule's code when the action does not apply to it.
   */
  private async lockedSeat(
    em: EntityManager,
    userId: string,
    licenseId: string,
    refusalOf: (seat: SeatState) => CustomerErrorCode | null,
  ) {
    await lockUser(em, userId);
    const seat = await this.licenses.customerSeat(em, userId, licenseId);
    if (!seat) throw new LicenseError(LicenseErrorCode.LICENSE_NOT_FOUND);
    const refusal = refusalOf(seat);
    if (refusal) throw new CustomerError(refusal);
    return seat;
  }

  /** Revokes one seat of this customer (the check answers LICENSE_REVOKED), e-mails them, audited. */
  async revokeSeat(
    admin: User,
    userId: string,
    licenseId: string,
    rawReason: string,
  ): Promise<SeatActionResultDto> {
    const user = await this.customer(userId);
    const reason = reasonOf(rawReason);
    return this.em.fork().transactional(async (em) => {
      const seat = await this.lockedSeat(em, user.id, licenseId, revokeRefusal);
      const at = new Date();
      if (!(await this.licenses.revokeByAdmin(em, seat.id, at)))
        throw new CustomerError(CustomerErrorCode.SEAT_ALREADY_REVOKED);
      this.audit.record(em, {
        actor: admin.email,
        action: CUSTOMER_AUDIT.revoke,
        target: seatTarget(seat.id, seat.seatIndex),
        before: { revokedAt: null, websiteUrl: seat.websiteUrl },
        after: { revokedAt: at.toISOString(), reason, userId: user.id, email: user.email },
      });
      await this.mail.seatsRevoked(
        em,
        user,
        `admin:${seat.id}:${at.getTime()}`,
        [{ seatIndex: seat.seatIndex, websiteUrl: seat.websiteUrl }],
        reason,
      );
      await this.webhooks.seatRevoked(
        em,
        { id: user.id, email: user.email },
        { id: seat.id, seatIndex: seat.seatIndex, websiteUrl: seat.websiteUrl ?? null },
        'admin',
        null,
        `admin:${seat.id}:${at.getTime()}`,
      );
      await em.flush();
      return {
        licenseId: seat.id,
        seatIndex: seat.seatIndex,
        bindingChangesLeft: seat.bindingChangesLeft,
        revokedAt: at.toISOString(),
      };
    });
  }

  /** Gives a held seat its binding changes back (docs/rules.md, "Seats"), audited. */
  async resetChanges(
    admin: User,
    userId: string,
    licenseId: string,
    rawReason: string,
  ): Promise<SeatActionResultDto> {
    const user = await this.customer(userId);
    const reason = reasonOf(rawReason);
    return this.em.fork().transactional(async (em) => {
      const seat = await this.lockedSeat(em, user.id, licenseId, resetRefusal);
      if (!(await this.licenses.resetChangesByAdmin(em, seat.id)))
        throw new CustomerError(CustomerErrorCode.BINDING_CHANGES_NOT_SPENT);
      const fresh = (await this.licenses.customerSeat(em, user.id, seat.id))!;
      this.audit.record(em, {
        actor: admin.email,
        action: CUSTOMER_AUDIT.resetChanges,
        target: seatTarget(seat.id, seat.seatIndex),
        before: { bindingChangesLeft: seat.bindingChangesLeft },
        after: {
          bindingChangesLeft: fresh.bindingChangesLeft,
          reason,
          userId: user.id,
          email: user.email,
        },
      });
      await em.flush();
      return {
        licenseId: seat.id,
        seatIndex: seat.seatIndex,
        bindingChangesLeft: fresh.bindingChangesLeft,
        revokedAt: null,
      };
    });
  }

  /** Ends every session of the customer: their next request is signed out. Audited. */
  async signOut(admin: User, userId: string, rawReason: string): Promise<SignOutResultDto> {
    const user = await this.customer(userId);
    const reason = reasonOf(rawReason);
    return this.em.fork().transactional(async (em) => {
      await lockUser(em, user.id);
      const ended = await this.sessions.endAllOf(em, user.id);
      if (!ended) throw new CustomerError(CustomerErrorCode.NO_SESSIONS);
      this.audit.record(em, {
        actor: admin.email,
        action: CUSTOMER_AUDIT.signOut,
        target: user.email,
        before: { sessions: ended },
        after: { sessions: 0, reason, userId: user.id },
      });
      await em.flush();
      return { sessionsEnded: ended };
    });
  }
}
