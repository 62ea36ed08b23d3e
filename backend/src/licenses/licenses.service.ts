import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  bindingCandidates,
  DEFAULT_BINDING_CHANGES,
  highestTier,
  initialSeats,
  hostOf,
  isDevelopmentHost,
  normalizeWebsiteUrl,
  parseHost,
  seatStatus,
  seatSummary,
  type Tier,
  ULTRA_EXPANSION_BATCH,
  ULTRA_EXPANSION_MIN_FREE,
} from '@seatkeeper/domain';
import { CryptoService } from '../common/crypto.service';
import { maskSecret } from '../common/mask';
import { AuditService } from '../audit/audit.service';
import type { Order } from '../orders/order.entity';
import { OrderRepository } from '../orders/order.repository';
import { PLANS } from '../plans/plans.catalogue';
import { TokensService } from '../tokens/tokens.service';
import type { User } from '../users/user.entity';
import { lockUser } from '../users/user-lock';
import type {
  AiConfigStatusDto,
  BindResultDto,
  LicenseCheckResultDto,
  LicenseDto,
  LicenseListDto,
} from './dto/license.dto';
import type { License } from './license.entity';
import {
  LicenseRepository,
  type CustomerSeatRow,
  type OverviewSeatRow,
  type SeatRow,
  type SeatStateRow,
} from './license.repository';
import { LicenseError, LicenseErrorCode } from './license-errors';
import { isUuid } from '../common/query';

export const AI_KEY_PURPOSE = 'ai-api-key';

/** The licence fields a view needs: a licence entity has them, and so does a row read without the ORM. */
type SeatFields = Omit<SeatRow, 'userId' | 'orderId' | 'revokedAt'> & { revokedAt?: Date | null };

/** A seat's AI settings as the AI module needs them (it never reads the licences table itself). */
export interface AiSeatSettings {
  id: string;
  /** As the licence list shows it (the key masked). */
  status: AiConfigStatusDto;
  baseUrl: string | null;
  model: string | null;
  /** The API key, sealed under AI_KEY_PURPOSE. */
  sealedApiKey: string | null;
}
const iso = (d?: Date | null) => (d ? d.toISOString() : null);

@Injectable()
export class LicensesService {
  constructor(
    private readonly em: EntityManager,
    private readonly crypto: CryptoService,
    private readonly tokens: TokensService,
    private readonly repo: LicenseRepository,
    private readonly orders: OrderRepository,
    private readonly audit: AuditService,
  ) {}

  /** The user's seats in seat order, read as plain rows (no entities: LicenseRepository.findSeatRowsForUser). */
  async list(user: User): Promise<LicenseListDto> {
    const rows = await this.repo.findSeatRowsForUser(user.id);
    return {
      licenses: rows.map((r) => this.viewOf(r, r.userId, r.orderId)),
      // A revoked seat (its order refunded) counts for neither the tier nor the active seats.
      summary: seatSummary(rows.filter((r) => !r.revokedAt)),
    };
  }

  view(l: License): LicenseDto {
    return this.viewOf(l, l.user.id, l.order?.id ?? null);
  }

  private viewOf(l: SeatFields, userId: string, orderId: string | null): LicenseDto {
    let maskedApiKey: string | null = null;
    if (l.aiApiKey) {
      try {
        maskedApiKey = maskSecret(this.crypto.decrypt(l.aiApiKey, AI_KEY_PURPOSE));
      } catch {
        maskedApiKey = '****'; // docs/product.md#errors: a key that fails to decrypt shows as ****
      }
    }
    return {
      id: l.id,
      userId,
      licenseType: l.licenseType,
      websiteUrl: l.websiteUrl ?? null,
      bindingChangesLeft: l.bindingChangesLeft,
      expiresAt: iso(l.expiresAt),
      purchasedAt: iso(l.purchasedAt)!,
      lastBindingChangeAt: iso(l.lastBindingChangeAt),
      orderId,
      purchaseTier: l.purchaseTier,
      seatIndex: l.seatIndex,
      createdAt: iso(l.createdAt)!,
      updatedAt: iso(l.updatedAt)!,
      aiBaseUrl: l.aiBaseUrl ?? null,
      aiConfigStatus: {
        configured: Boolean(l.aiApiKey && l.aiBaseUrl),
        lastUpdated: iso(l.aiConfigUpdatedAt),
        maskedApiKey,
        baseUrl: l.aiBaseUrl ?? null,
      },
      status: seatStatus(l),
      revokedAt: iso(l.revokedAt),
      tier: l.purchaseTier,
    };
  }

  /**
   * Binds a seat to a website (docs/product.md#states, #validation, #errors), after the ultra auto-expansion, in one transaction that
   * holds the user's row lock so a user's seat changes never interleave.
   */
  async bind(user: User, licenseId: string, websiteUrl: string): Promise<BindResultDto> {
    return this.translateConflicts(() =>
      this.em.transactional(async (em) => {
        await lockUser(em, user.id);
        await this.expandUltra(em, user.id);
        const license = isUuid(licenseId)
          ? await this.repo.findOwned(em, user.id, licenseId)
          : null;
        if (!license) throw new LicenseError(LicenseErrorCode.LICENSE_NOT_FOUND);
        if (license.revokedAt) throw new LicenseError(LicenseErrorCode.LICENSE_REVOKED);
        if (seatStatus(license) === 'expired')
          throw new LicenseError(LicenseErrorCode.LICENSE_EXPIRED);
        const action = await this.applyBinding(em, license, websiteUrl, { spendChange: true });
        await em.flush();
        return { license: this.view(license), action };
      }),
    );
  }

  /**
   * The binding rules shared by the customer's bind and the admin's domain edit: normalisation, free
   * same-domain rebinds, one change per different domain (when spendChange), one domain per user.
   */
  async applyBinding(
    em: EntityManager,
    license: License,
    websiteUrl: string,
    options: { spendChange: boolean },
  ): Promise<BindResultDto['action']> {
    const normalized = normalizeWebsiteUrl(websiteUrl);
    if (!normalized) throw new LicenseError(LicenseErrorCode.INVALID_URL);
    if (license.websiteUrl === normalized) return 'unchanged';
    const host = hostOf(normalized)!;
    if (isDevelopmentHost(host)) throw new LicenseError(LicenseErrorCode.DEVELOPMENT_HOST);
    const taken = await this.repo.countBoundElsewhere(
      em,
      license.user.id,
      bindingCandidates(host),
      license.id,
    );
    if (taken) throw new LicenseError(LicenseErrorCode.DOMAIN_ALREADY_BOUND);
    const sameSite = license.websiteUrl ? hostOf(license.websiteUrl) === host : false;
    const action = license.websiteUrl ? 'rebound' : 'bound';
    if (license.websiteUrl && !sameSite && options.spendChange) {
      if (license.bindingChangesLeft <= 0)
        throw new LicenseError(LicenseErrorCode.NO_BINDING_CHANGES_LEFT);
      license.bindingChangesLeft -= 1;
      license.lastBindingChangeAt = new Date();
    }
    license.websiteUrl = normalized;
    return action;
  }

  /**
   * The seats a paid order gives (the caller holds the user's row lock, in the order's transaction):
   * existing seats keep their bindings and move up to the order's tier; missing seats are added, permanent
   * with 2 binding changes, up to the tier's initial seat count (Max starts at 10 and grows on its own).
   */
  async grantForOrder(em: EntityManager, order: Order, seatTarget: number): Promise<number> {
    const seats = await this.repo.findAllOf(em, order.user.id);
    const rank = PLANS[order.subscriptionTier].upgradeRank;
    for (const seat of seats) {
      // A seat revoked by a refund comes back with a new purchase (it keeps its number).
      if (seat.revokedAt) {
        seat.revokedAt = null;
        seat.purchaseTier = order.subscriptionTier;
      }
      if (PLANS[seat.purchaseTier].upgradeRank < rank) {
        seat.purchaseTier = order.subscriptionTier;
        seat.licenseType = 'permanent';
        seat.expiresAt = null;
      }
    }
    const added = this.addSeats(em, {
      userId: order.user.id,
      existing: seats,
      count: seatTarget - seats.length,
      tier: order.subscriptionTier,
      order,
    });
    await em.flush();
    return added;
  }

  /**
   * The VIP grant (docs/product.md#states): a paid internal order of amount 0, every existing seat made a permanent VIP
   * seat with 2 binding changes, and the missing ones up to the VIP seat count added. The caller holds the
   * user's lock. Answers the order number.
   */
  async grantVip(em: EntityManager, userId: string, fromTier: Tier | null): Promise<string> {
    const order = this.orders.createInternalPaid(em, {
      userId,
      tier: 'vip',
      seatCount: PLANS.vip.seatCount,
      paymentMethod: 'vip-grant',
      upgradedFromTier: fromTier,
    });
    const seats = await this.repo.findAllOf(em, userId);
    for (const seat of seats) {
      seat.purchaseTier = 'vip';
      seat.licenseType = 'permanent';
      seat.expiresAt = null;
      seat.bindingChangesLeft = DEFAULT_BINDING_CHANGES;
    }
    this.addSeats(em, {
      userId,
      existing: seats,
      count: PLANS.vip.seatCount - seats.length,
      tier: 'vip',
      order,
    });
    await em.flush();
    return order.orderId;
  }

  /**
   * An admin's free grant (docs/rules.md, "Seats"): a paid internal order of amount 0 for `tier`, marked by
   * `metadata` (who granted it and why), with the same seat effects as a paid purchase or upgrade
   * (grantForOrder). The caller holds the user's lock and has checked that the tier is above the current
   * one. Answers the order.
   */
  async grantPlan(
    em: EntityManager,
    grant: { userId: string; tier: Tier; fromTier: Tier | null; metadata: string },
  ): Promise<Order> {
    const seatCount = initialSeats(grant.tier);
    const order = this.orders.createInternalPaid(em, {
      userId: grant.userId,
      tier: grant.tier,
      seatCount,
      paymentMethod: 'admin-grant',
      upgradedFromTier: grant.fromTier,
      metadata: grant.metadata,
    });
    await this.grantForOrder(em, order, seatCount);
    return order;
  }

  /**
   * The one seat-creation loop (paid orders, the VIP grant, the ultra expansion): `count` new permanent
   * seats of `tier` with the default binding changes, numbered after the user's highest seat, for `order`,
   * in the caller's transaction (flushed by the caller). Answers how many were added.
   */
  private addSeats(
    em: EntityManager,
    seats: {
      userId: string;
      existing: License[];
      count: number;
      tier: Tier;
      order: Order | null;
      at?: Date;
    },
  ): number {
    const { userId, existing, tier, order } = seats;
    const count = Math.max(0, seats.count);
    const highest = Math.max(0, ...existing.map((s) => s.seatIndex));
    for (let i = 1; i <= count; i++) {
      const purchasedAt = seats.at ?? new Date();
      this.repo.create(em, { userId, tier, seatIndex: highest + i, order, purchasedAt });
    }
    return count;
  }

  /**
   * What a refunded order gave is taken back, in the refund's transaction (the caller holds the order's
   * and the customer's row locks). An order flagged needsRefund granted nothing: no seat changes. A first
   * purchase: its seats are revoked. An upgrade: the customer goes back to the tier it upgraded from; the
   * seats beyond that tier's seat count are revoked (unbound ones first, then the highest seat numbers)
   * and the rest set back to the old tier. Answers the revoked seat numbers.
   */
  async revokeForRefund(em: EntityManager, order: Order): Promise<number[]> {
    if (order.needsRefund) return [];
    const at = new Date();
    let revoked: License[];
    const fromTier = order.upgradedFromTier ?? null;
    if (!fromTier) {
      revoked = await this.repo.findHeldFromOrder(em, order.id);
    } else {
      const held = await this.repo.findHeldOf(em, order.user.id);
      const keep = PLANS[fromTier].seatCount;
      const byRevocation = [...held].sort(
        (a, b) => Number(!!a.websiteUrl) - Number(!!b.websiteUrl) || b.seatIndex - a.seatIndex,
      );
      revoked = byRevocation.slice(0, Math.max(0, held.length - keep));
      for (const seat of held) if (!revoked.includes(seat)) seat.purchaseTier = fromTier;
    }
    for (const seat of revoked) seat.revokedAt = at;
    await em.flush();
    return revoked.map((s) => s.seatIndex).sort((a, b) => a - b);
  }

  /**
   * The seats a refund just revoked (their numbers, from revokeForRefund) with the domains they were bound
   * to, for the customer's notice (docs/mail.md), in the refund's transaction.
   */
  async revokedSeats(
    em: EntityManager,
    userId: string,
    seatIndexes: number[],
  ): Promise<{ seatIndex: number; websiteUrl: string | null }[]> {
    if (!seatIndexes.length) return [];
    const latest = new Map<number, License>();
    for (const seat of await this.repo.findAllOf(em, userId)) {
      if (!seat.revokedAt || !seatIndexes.includes(seat.seatIndex)) continue;
      const seen = latest.get(seat.seatIndex);
      if (!seen || seen.revokedAt! < seat.revokedAt) latest.set(seat.seatIndex, seat);
    }
    return [...latest.values()]
      .sort((a, b) => a.seatIndex - b.seatIndex)
      .map((s) => ({ seatIndex: s.seatIndex, websiteUrl: s.websiteUrl ?? null }));
  }

  /** How many seats the user holds and their current tier, in the caller's transaction. */
  async holdings(em: EntityManager, userId: string): Promise<{ seats: number; tier: Tier | null }> {
    const seats = await this.repo.findHeldOf(em, userId);
    return { seats: seats.length, tier: highestTier(seats.map((s) => s.purchaseTier)) };
  }

  /** The user's current tier: the highest-ranked purchaseTier among their licences (docs/product.md#states). */
  async currentTier(userId: string, em: EntityManager = this.em): Promise<Tier | null> {
    return highestTier(await this.repo.tiersOf(em, userId));
  }

  /** Ultra auto-expansion (docs/product.md#states); the caller holds the user's row lock. */
  async expandUltra(em: EntityManager, userId: string): Promise<number> {
    const seats = await this.repo.findAllOf(em, userId);
    // Revoked seats (a refund) count for nothing here, but keep their numbers.
    const held = seats.filter((s) => !s.revokedAt);
    if (!held.some((s) => s.purchaseTier === 'ultra')) return 0;
    const max = PLANS.ultra.seatCount;
    const unbound = held.filter((s) => !s.websiteUrl).length;
    if (held.length >= max || unbound >= ULTRA_EXPANSION_MIN_FREE) return 0;
    const add = Math.min(ULTRA_EXPANSION_BATCH, max - held.length);
    const at = new Date();
    const order = this.orders.createInternalPaid(em, {
      userId,
      tier: 'ultra',
      seatCount: add,
      paymentMethod: 'auto-expansion',
      at,
    });
    this.addSeats(em, { userId, existing: seats, count: add, tier: 'ultra', order, at });
    await em.flush();
    return add;
  }

  /**
   * The plugin calling home: is this code's owner licensed for this site? (docs/wordpress.md, Licence
   * check). Answers the normalised domain checked and when.
   */
  async check(code: string | undefined, domain: string): Promise<LicenseCheckResultDto> {
    const { answer, host } = await this.checkSite(code, domain);
    return { ...answer, domain: host, checkedAt: new Date().toISOString() };
  }

  /**
   * The licence check's rules, and what the update channel needs beside them: the code's owner and the
   * seat bound to the site. One query finds the token and the seat bound to the site together.
   */
  async checkSite(
    code: string | undefined,
    domain: string,
  ): Promise<{
    answer: Omit<LicenseCheckResultDto, 'domain' | 'checkedAt'>;
    host: string;
    userId: string | null;
    licenseId: string | null;
  }> {
    const parsed = parseHost(domain);
    if (!parsed) throw new LicenseError(LicenseErrorCode.INVALID_URL);
    const { host } = parsed;
    const none = { host, userId: null, licenseId: null };
    const digest = this.tokens.digestOf(code);
    if (!digest) return { ...none, answer: { valid: false, code: 'TOKEN_INVALID', license: null } };
    // A host that is not a DNS name can never be bound: it matches no seat (the token is still checked).
    const [https, http] = parsed.dns ? bindingCandidates(host) : ['', ''];
    const row = await this.repo.checkRow(digest, https, http);
    // A row always carries the token's id; anything else (once: a driver answering a list of results) is no row.
    if (!row || typeof row.token_id !== 'string')
      return { ...none, answer: { valid: false, code: 'TOKEN_INVALID', license: null } };
    this.tokens.recordUse(row.token_id, digest, row.last_used_at);
    const found = { host, userId: row.user_id, licenseId: row.license_id };
    if (parsed.dns && isDevelopmentHost(host))
      return { ...found, answer: { valid: true, code: 'VALID', license: null, development: true } };
    if (row.seat_index === null)
      return { ...found, answer: { valid: false, code: 'DOMAIN_NOT_BOUND', license: null } };
    if (row.revoked_at)
      return { ...found, answer: { valid: false, code: 'LICENSE_REVOKED', license: null } };
    const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
    const license = {
      seatIndex: row.seat_index,
      tier: row.purchase_tier,
      licenseType: row.license_type,
      expiresAt: iso(expiresAt),
    };
    if (seatStatus({ licenseType: row.license_type, expiresAt }) === 'expired') {
      return { ...found, answer: { valid: false, code: 'LICENSE_EXPIRED', license } };
    }
    return { ...found, answer: { valid: true, code: 'VALID', license } };
  }

  /**
   * A seat as a package link sees it at download time (docs/wordpress.md, Package links): whether it is
   * still active (not revoked, not expired) and the domain it is bound to. Null: no such seat.
   */
  async seatForLink(
    licenseId: string,
  ): Promise<{ userId: string; active: boolean; websiteUrl: string | null } | null> {
    const row = isUuid(licenseId) ? await this.repo.linkSeatRow(licenseId) : undefined;
    if (!row || typeof row.user_id !== 'string') return null;
    const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
    return {
      userId: row.user_id,
      active:
        !row.revoked_at && seatStatus({ licenseType: row.license_type, expiresAt }) === 'active',
      websiteUrl: row.website_url,
    };
  }

  /** One of the user's active seats (the lowest number), or null: what a development site's link names. */
  async activeSeatOf(userId: string): Promise<string | null> {
    const seats = await this.repo.heldSeatsOf(userId);
    return seats.find((s) => seatStatus(s) === 'active')?.id ?? null;
  }

  /**
   * Whether the user holds at least one active seat (seat-rules decide what is active): the AI features, the
   * quiz and the downloads are for such customers. The one home of that check.
   */
  async hasActiveLicense(userId: string): Promise<boolean> {
    const seats = await this.repo.statusFieldsOf(userId);
    return seats.some((s) => seatStatus(s) === 'active');
  }

  /** A seat's AI settings, for its owner only (null: not a seat of theirs). */
  async aiSettingsOf(userId: string, licenseId: string): Promise<AiSeatSettings | null> {
    const seat = isUuid(licenseId) ? await this.repo.findOwned(this.em, userId, licenseId) : null;
    return seat ? this.aiSettings(seat) : null;
  }

  /** The AI settings of the user's seat bound to this host (the generation's settings for a site). */
  async aiSettingsForSite(userId: string, host: string): Promise<AiSeatSettings | null> {
    const seat = await this.repo.findBoundTo(userId, bindingCandidates(host));
    return seat ? this.aiSettings(seat) : null;
  }

  /** Saves a seat's verified AI settings (the key sealed under AI_KEY_PURPOSE); answers the new status. */
  async saveAiConfig(
    userId: string,
    licenseId: string,
    config: { baseUrl: string; apiKey: string; model: string },
  ): Promise<AiConfigStatusDto> {
    const seat = isUuid(licenseId) ? await this.repo.findOwned(this.em, userId, licenseId) : null;
    if (!seat) throw new LicenseError(LicenseErrorCode.LICENSE_NOT_FOUND);
    seat.aiApiKey = this.crypto.encrypt(config.apiKey, AI_KEY_PURPOSE);
    seat.aiBaseUrl = config.baseUrl;
    seat.aiModel = config.model;
    seat.aiConfigUpdatedAt = new Date();
    await this.em.flush();
    return this.view(seat).aiConfigStatus;
  }

  private aiSettings(seat: License): AiSeatSettings {
    return {
      id: seat.id,
      status: this.view(seat).aiConfigStatus,
      baseUrl: seat.aiBaseUrl ?? null,
      model: seat.aiModel ?? null,
      sealedApiKey: seat.aiApiKey ?? null,
    };
  }

  /** The seats of these users in seat order (the admin's customer overview), plain rows. */
  overviewSeats(userIds: string[]): Promise<OverviewSeatRow[]> {
    return this.repo.findOverviewRows(userIds);
  }

  /** One customer's seats for the admin's customer page, in seat order (the AI key never leaves here). */
  customerSeats(userId: string): Promise<CustomerSeatRow[]> {
    return this.repo.findCustomerRows(userId);
  }

  /** One seat of this customer, in the caller's transaction (null: no such seat, or another customer's). */
  async customerSeat(
    em: EntityManager,
    userId: string,
    licenseId: string,
  ): Promise<SeatStateRow | null> {
    return (isUuid(licenseId) && (await this.repo.seatState(em, userId, licenseId))) || null;
  }

  /**
   * An admin revokes a seat (the caller holds the customer's lock): it counts for nothing and the plugin's
   * check answers LICENSE_REVOKED (docs/rules.md, "Refunds"). False when it was already revoked.
   */
  revokeByAdmin(em: EntityManager, licenseId: string, at: Date): Promise<boolean> {
    return this.repo.revokeOne(em, licenseId, at);
  }

  /**
   * An admin gives a held seat its binding changes back (DEFAULT_BINDING_CHANGES). False when nothing
   * changed (revoked, or no change spent).
   */
  resetChangesByAdmin(em: EntityManager, licenseId: string): Promise<boolean> {
    return this.repo.resetChanges(em, licenseId, DEFAULT_BINDING_CHANGES);
  }

  /**
   * An admin sets or clears a seat's domain: the customer's normalisation and one-domain-per-user rules,
   * without spending the customer's binding changes; audited in the same transaction.
   */
  async setDomainByAdmin(admin: User, licenseId: string, websiteUrl: string | null) {
    return this.translateConflicts(() =>
      this.em.transactional(async (em) => {
        const found = isUuid(licenseId) ? await this.repo.findById(em, licenseId) : null;
        if (!found) throw new LicenseError(LicenseErrorCode.LICENSE_NOT_FOUND);
        await lockUser(em, found.user.id);
        const license = await this.repo.reload(em, licenseId);
        const before = license.websiteUrl ?? null;
        if (websiteUrl === null || websiteUrl.trim() === '') license.websiteUrl = null;
        else await this.applyBinding(em, license, websiteUrl, { spendChange: false });
        if (before !== (license.websiteUrl ?? null)) {
          this.audit.record(em, {
            actor: admin.email,
            action: 'license.domain',
            target: `${license.id} (seat ${license.seatIndex})`,
            before: { websiteUrl: before },
            after: { websiteUrl: license.websiteUrl ?? null },
          });
        }
        await em.flush();
        return {
          license: {
            id: license.id,
            seatIndex: license.seatIndex,
            websiteUrl: license.websiteUrl ?? null,
            bindingChangesLeft: license.bindingChangesLeft,
          },
        };
      }),
    );
  }

  /** The database constraint is the last word on one domain per user: its violation gets the spec's text. */
  async translateConflicts<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (
        e instanceof UniqueConstraintViolationException &&
        String(e.message).includes('licenses_user_domain_unique')
      ) {
        throw new LicenseError(LicenseErrorCode.DOMAIN_ALREADY_BOUND);
      }
      throw e;
    }
  }
}
