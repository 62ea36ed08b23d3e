import { LockMode } from '@mikro-orm/core';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { CryptoService } from '../common/crypto.service';
import { HotPathDb } from '../database/hot-path-db';
import { maskSecret } from '../common/mask';
import { Order } from '../orders/order.entity';
import { newOrderNumber } from '../orders/order-number';
import {
  DEFAULT_BINDING_CHANGES,
  highestTier,
  PLANS,
  type Tier,
  planDisplayName,
  ULTRA_EXPANSION_BATCH,
  ULTRA_EXPANSION_MIN_FREE,
} from '../plans/plans.catalogue';
import { bearerToken, TokensService } from '../tokens/tokens.service';
import { User } from '../users/user.entity';
import {
  bindingCandidates,
  hostOf,
  isDevelopmentHost,
  normalizeWebsiteUrl,
  parseHost,
} from './domain';
import type {
  BindResultDto,
  LicenseCheckResultDto,
  LicenseDto,
  LicenseListDto,
} from './dto/license.dto';
import { License } from './license.entity';
import { seatStatus, seatSummary } from './seat-rules';
import { isUuid } from '../common/query';

export const LicenseErrors = {
  notFound: 'License not found',
  expired: 'License has expired',
  noChangesLeft: 'No binding changes left for this license',
  domainTaken: '该域名已绑定到您的永久版/年付版授权',
  invalidUrl: 'Must be a valid URL',
  developmentHost:
    'Development hosts (localhost, 127.0.0.1, *.local, *.test, *.localhost) need no seat: the plugin works there without binding',
} as const;

export const AI_KEY_PURPOSE = 'ai-api-key';

/** The licence fields a view needs: a licence entity has them, and so does a row read without the ORM. */
type SeatFields = Pick<
  License,
  | 'id'
  | 'licenseType'
  | 'websiteUrl'
  | 'bindingChangesLeft'
  | 'expiresAt'
  | 'purchasedAt'
  | 'lastBindingChangeAt'
  | 'purchaseTier'
  | 'seatIndex'
  | 'createdAt'
  | 'updatedAt'
  | 'aiBaseUrl'
  | 'aiApiKey'
  | 'aiConfigUpdatedAt'
>;
type SeatRow = SeatFields & { userId: string; orderId: string | null };
const iso = (d?: Date | null) => (d ? d.toISOString() : null);

@Injectable()
export class LicensesService {
  constructor(
    private readonly em: EntityManager,
    private readonly crypto: CryptoService,
    private readonly tokens: TokensService,
    private readonly hot: HotPathDb,
  ) {}

  /**
   * The user's seats in seat order. Read as plain rows (no entities): for a 100-seat customer, building and
   * registering ORM entities cost more than everything else in the request (bench:licence-list).
   */
  async list(user: User): Promise<LicenseListDto> {
    const rows = await this.hot.rows<SeatRow>(
      `select id, user_id as "userId", license_type as "licenseType", website_url as "websiteUrl",
              binding_changes_left as "bindingChangesLeft", expires_at as "expiresAt", purchased_at as "purchasedAt",
              last_binding_change_at as "lastBindingChangeAt", order_id as "orderId", purchase_tier as "purchaseTier",
              seat_index as "seatIndex", created_at as "createdAt", updated_at as "updatedAt", ai_base_url as "aiBaseUrl",
              ai_api_key as "aiApiKey", ai_config_updated_at as "aiConfigUpdatedAt"
       from licenses where user_id = ? order by seat_index`,
      [user.id],
    );
    return {
      licenses: rows.map((r) => this.viewOf(r, r.userId, r.orderId)),
      summary: seatSummary(rows),
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
        maskedApiKey = '****'; // spec §8: a key that fails to decrypt shows as ****
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
      tier: l.purchaseTier,
    };
  }

  /**
   * Binds a seat to a website (spec §4, §5, §8), after the ultra auto-expansion, in one transaction that
   * holds the user's row lock so a user's seat changes never interleave.
   */
  async bind(user: User, licenseId: string, websiteUrl: string): Promise<BindResultDto> {
    return this.translateConflicts(() =>
      this.em.transactional(async (em) => {
        await em.findOneOrFail(User, user.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
        await this.expandUltra(em, user.id);
        const license = isUuid(licenseId)
          ? await em.findOne(License, { id: licenseId, user: user.id })
          : null;
        if (!license) throw new NotFoundException(LicenseErrors.notFound);
        if (seatStatus(license) === 'expired') throw new BadRequestException(LicenseErrors.expired);
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
    if (!normalized) throw new BadRequestException(LicenseErrors.invalidUrl);
    if (license.websiteUrl === normalized) return 'unchanged';
    const host = hostOf(normalized)!;
    if (isDevelopmentHost(host)) throw new BadRequestException(LicenseErrors.developmentHost);
    const taken = await em.count(License, {
      user: license.user.id,
      websiteUrl: { $in: bindingCandidates(host) },
      id: { $ne: license.id },
    });
    if (taken) throw new BadRequestException(LicenseErrors.domainTaken);
    const sameSite = license.websiteUrl ? hostOf(license.websiteUrl) === host : false;
    const action = license.websiteUrl ? 'rebound' : 'bound';
    if (license.websiteUrl && !sameSite && options.spendChange) {
      if (license.bindingChangesLeft <= 0)
        throw new BadRequestException(LicenseErrors.noChangesLeft);
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
    const seats = await em.find(License, { user: order.user.id });
    const rank = PLANS[order.subscriptionTier].upgradeRank;
    for (const seat of seats) {
      if (PLANS[seat.purchaseTier].upgradeRank < rank) {
        seat.purchaseTier = order.subscriptionTier;
        seat.licenseType = 'permanent';
        seat.expiresAt = null;
      }
    }
    const missing = Math.max(0, seatTarget - seats.length);
    const highest = Math.max(0, ...seats.map((s) => s.seatIndex));
    for (let i = 1; i <= missing; i++) {
      em.create(License, {
        user: order.user.id,
        licenseType: 'permanent',
        purchaseTier: order.subscriptionTier,
        seatIndex: highest + i,
        bindingChangesLeft: DEFAULT_BINDING_CHANGES,
        order,
        purchasedAt: new Date(),
      });
    }
    await em.flush();
    return missing;
  }

  /**
   * The VIP grant's seats (spec §4): every existing seat becomes a permanent VIP seat with 2 binding
   * changes, and the missing ones up to the VIP seat count are added. The caller holds the user's lock.
   */
  async grantVip(em: EntityManager, userId: string, order: Order): Promise<void> {
    const seats = await em.find(License, { user: userId });
    for (const seat of seats) {
      seat.purchaseTier = 'vip';
      seat.licenseType = 'permanent';
      seat.expiresAt = null;
      seat.bindingChangesLeft = DEFAULT_BINDING_CHANGES;
    }
    const highest = Math.max(0, ...seats.map((s) => s.seatIndex));
    for (let i = 1; i <= PLANS.vip.seatCount - seats.length; i++) {
      em.create(License, {
        user: userId,
        licenseType: 'permanent',
        purchaseTier: 'vip',
        seatIndex: highest + i,
        bindingChangesLeft: DEFAULT_BINDING_CHANGES,
        order,
        purchasedAt: new Date(),
      });
    }
    await em.flush();
  }

  /** The user's current tier: the highest-ranked purchaseTier among their licences (spec §4). */
  async currentTier(userId: string, em: EntityManager = this.em): Promise<Tier | null> {
    const rows = await em
      .getConnection()
      .execute<{ purchase_tier: string }[]>(
        'select distinct purchase_tier from licenses where user_id = ?',
        [userId],
        'all',
        em.getTransactionContext(),
      );
    return highestTier(rows.map((r) => r.purchase_tier));
  }

  /** Ultra auto-expansion (spec §4); the caller holds the user's row lock. */
  async expandUltra(em: EntityManager, userId: string): Promise<number> {
    const seats = await em.find(License, { user: userId });
    if (!seats.some((s) => s.purchaseTier === 'ultra')) return 0;
    const max = PLANS.ultra.seatCount;
    const unbound = seats.filter((s) => !s.websiteUrl).length;
    if (seats.length >= max || unbound >= ULTRA_EXPANSION_MIN_FREE) return 0;
    const add = Math.min(ULTRA_EXPANSION_BATCH, max - seats.length);
    const now = new Date();
    const order = em.create(Order, {
      orderId: newOrderNumber(now),
      user: userId,
      productType: 'permanent',
      productName: planDisplayName('ultra'),
      subscriptionTier: 'ultra',
      seatCount: add,
      listPrice: 0,
      amount: 0,
      status: 'paid',
      paidAt: now,
      paymentMethod: 'auto-expansion',
      paymentGateway: 'internal',
    });
    const highest = Math.max(0, ...seats.map((s) => s.seatIndex));
    for (let i = 1; i <= add; i++) {
      em.create(License, {
        user: userId,
        licenseType: 'permanent',
        purchaseTier: 'ultra',
        seatIndex: highest + i,
        bindingChangesLeft: DEFAULT_BINDING_CHANGES,
        order,
        purchasedAt: now,
      });
    }
    await em.flush();
    return add;
  }

  /**
   * The plugin calling home: is this token's owner licensed for this site? One query finds the token and
   * the seat bound to the site together.
   */
  async check(authorization: string | undefined, domain: string): Promise<LicenseCheckResultDto> {
    const parsed = parseHost(domain);
    if (!parsed) throw new BadRequestException(LicenseErrors.invalidUrl);
    const { host } = parsed;
    const digest = this.tokens.digestOf(bearerToken(authorization));
    if (!digest) return { valid: false, code: 'TOKEN_INVALID', license: null };
    // A host that is not a DNS name can never be bound: it matches no seat (the token is still checked).
    const [https, http] = parsed.dns ? bindingCandidates(host) : ['', ''];
    const [row] = await this.hot.rows<{
      token_id: string;
      last_used_at: Date | null;
      seat_index: number | null;
      purchase_tier: LicenseDto['tier'];
      license_type: LicenseDto['licenseType'];
      expires_at: Date | null;
    }>(
      `select t.id as token_id, t.last_used_at, l.seat_index, l.purchase_tier, l.license_type, l.expires_at
       from user_tokens t left join licenses l on l.user_id = t.user_id and l.website_url in (?, ?)
       where t.token_digest = ? limit 1`,
      [https, http, digest],
    );
    // A row always carries the token's id; anything else (once: a driver answering a list of results) is no row.
    if (!row || typeof row.token_id !== 'string')
      return { valid: false, code: 'TOKEN_INVALID', license: null };
    this.tokens.recordUse(row.token_id, digest, row.last_used_at);
    if (parsed.dns && isDevelopmentHost(host))
      return { valid: true, code: 'VALID', license: null, development: true };
    if (row.seat_index === null) return { valid: false, code: 'DOMAIN_NOT_BOUND', license: null };
    const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
    const license = {
      seatIndex: row.seat_index,
      tier: row.purchase_tier,
      licenseType: row.license_type,
      expiresAt: iso(expiresAt),
    };
    if (seatStatus({ licenseType: row.license_type, expiresAt }) === 'expired') {
      return { valid: false, code: 'LICENSE_EXPIRED', license };
    }
    return { valid: true, code: 'VALID', license };
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
        throw new BadRequestException(LicenseErrors.domainTaken);
      }
      throw e;
    }
  }
}
