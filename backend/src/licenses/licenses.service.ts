import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import {
  bindingCandidates,
  DEFAULT_BINDING_CHANGES,
  hostOf,
  isDevelopmentHost,
  normalizeWebsiteUrl,
  parseHost,
  seatStatus,
  seatSummary,
} from '@seatkeeper/domain';
import { CryptoService } from '../common/crypto.service';
import { errorLine } from '../common/loggable-error';
import { maskSecret } from '../common/mask';
import { AuditService } from '../audit/audit.service';
import { TokensService } from '../tokens/tokens.service';
import type { User } from '../users/user.entity';
import { lockUser } from '../users/user-lock';
import type {
  AiConfigStatusDto,
  BindResultDto,
  LicenseCheckResultDto,
  LicenseDto,
  LicenseListDto,
  SeatHistoryDto,
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
import type { SeatChanges, SeatState } from './seat-changes';
import { bindRecord, customerViewOf, seatHistoryOf, seatHistoryTargets } from './seat-history';
import { WebhookEvents } from '../webhooks/webhook-events.service';

/** At most this many entries of one seat's history are read (a seat has a handful: changes are limited). */
const SEAT_HISTORY_LIMIT = 1000;

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
const seatStateOf = (s: License): SeatState => ({
  id: s.id,
  seatIndex: s.seatIndex,
  websiteUrl: s.websiteUrl ?? null,
  purchaseTier: s.purchaseTier,
  revokedAt: s.revokedAt ?? null,
});
const bySeatIndex = (a: { seatIndex: number }, b: { seatIndex: number }) =>
  a.seatIndex - b.seatIndex;

const iso = (d?: Date | null) => (d ? d.toISOString() : null);

/** How fine the seat's last check time is (docs/rules.md, "Last licence check"): one write a minute at most. */
export const LAST_CHECK_RESOLUTION_MS = 60_000;

@Injectable()
export class LicensesService {
  private readonly logger = new Logger('Licenses');
  /** When this instance last wrote each seat's check time (so a busy site costs no write per check). */
  private readonly lastCheckWrites = new Map<string, number>();

  constructor(
    private readonly em: EntityManager,
    private readonly crypto: CryptoService,
    private readonly tokens: TokensService,
    private readonly repo: LicenseRepository,
    private readonly audit: AuditService,
    private readonly webhooks: WebhookEvents,
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
      status: l.revokedAt ? 'revoked' : seatStatus(l),
      revokedAt: iso(l.revokedAt),
      tier: l.purchaseTier,
      lastCheckedAt: iso(l.lastCheckedAt),
    };
  }

  /**
   * Binds a seat to a website (docs/product.md#states, #validation, #errors), in one transaction that holds
   * the user's row lock so a user's seat changes never interleave. `before` runs first in that transaction
   * (the entitlements' Max growth, which SPEC runs before a bind). A bind that changes the seat's domain is
   * audited in that transaction (`license.bind`: who, from, to, the client address `ip`; docs/rules.md,
   * "Seat history"); one to the same domain records nothing.
   */
  async bind(
    user: User,
    licenseId: string,
    websiteUrl: string,
    before?: (em: EntityManager) => Promise<unknown>,
    ip: string | null = null,
  ): Promise<BindResultDto> {
    if (!licenseId.trim()) throw new LicenseError(LicenseErrorCode.LICENSE_ID_REQUIRED);
    return this.translateConflicts(() =>
      this.em.transactional(async (em) => {
        await lockUser(em, user.id);
        await before?.(em);
        const license = isUuid(licenseId)
          ? await this.repo.findOwned(em, user.id, licenseId)
          : null;
        if (!license) throw new LicenseError(LicenseErrorCode.LICENSE_NOT_FOUND);
        if (license.revokedAt) throw new LicenseError(LicenseErrorCode.LICENSE_REVOKED);
        if (seatStatus(license) === 'expired')
          throw new LicenseError(LicenseErrorCode.LICENSE_EXPIRED);
        const from = license.websiteUrl ?? null;
        const action = await this.applyBinding(em, license, websiteUrl, { spendChange: true });
        if (action !== 'unchanged')
          this.audit.record(
            em,
            bindRecord({
              email: user.email,
              licenseId: license.id,
              from,
              to: license.websiteUrl ?? null,
              ip,
              changesLeft: license.bindingChangesLeft,
            }),
          );
        if (action !== 'unchanged')
          await this.webhooks.seatBound(
            em,
            { ...license, user: { id: user.id, email: user.email } },
            { action, from, by: 'customer' },
            `${license.id}:${new Date().toISOString()}`,
          );
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
    // A revoked seat still naming the site (its order was refunded) lets it go to the seat held now.
    await this.repo.releaseFromRevoked(em, license.user.id, bindingCandidates(host), license.id);
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

  /** Every seat of the user as the entitlement rules read them, in the caller's transaction. */
  async seatStatesOf(em: EntityManager, userId: string): Promise<SeatState[]> {
    return (await this.repo.findAllOf(em, userId)).map(seatStateOf).sort(bySeatIndex);
  }

  /**
   * Changes a customer's seats as the entitlements decide (docs/rules.md, "Entitlements"), in the caller's
   * transaction (which holds the customer's row lock): the seats are read once, `decide` plans the changes
   * on them, and they are written: revokes, moves to the tier (seats going up become permanent;
   * `resetChanges`: the default binding changes again, as the VIP grant does), revoked rows given out again
   * as new seats without their old domain or AI settings, new rows. Answers the numbers of the seats
   * revoked with the domains they were bound to.
   */
  async changeSeats(
    em: EntityManager,
    userId: string,
    decide: (seats: SeatState[]) => SeatChanges,
    context: { orderId: string | null; at: Date; resetChanges?: boolean },
  ): Promise<{ id: string; seatIndex: number; websiteUrl: string | null }[]> {
    const loaded = await this.repo.findAllOf(em, userId);
    const changes = decide(loaded.map(seatStateOf).sort(bySeatIndex));
    const seats = new Map(loaded.map((s) => [s.id, s]));
    const { at, orderId } = context;
    const revoked: { id: string; seatIndex: number; websiteUrl: string | null }[] = [];
    for (const id of changes.revoke) {
      const seat = seats.get(id)!;
      seat.revokedAt = at;
      revoked.push({ id: seat.id, seatIndex: seat.seatIndex, websiteUrl: seat.websiteUrl ?? null });
    }
    const tier = changes.tier;
    if (tier) {
      for (const id of changes.retier) seats.get(id)!.purchaseTier = tier;
      for (const id of changes.raise) {
        const seat = seats.get(id)!;
        seat.licenseType = 'permanent';
        seat.expiresAt = null;
      }
      if (context.resetChanges)
        for (const seat of seats.values())
          if (!seat.revokedAt) seat.bindingChangesLeft = DEFAULT_BINDING_CHANGES;
      for (const id of changes.renew) this.repo.renew(em, seats.get(id)!, { tier, orderId, at });
      for (let i = 0; i < changes.add; i++)
        this.repo.create(em, {
          userId,
          tier,
          seatIndex: changes.firstNewIndex + i,
          orderId,
          purchasedAt: at,
        });
    }
    await em.flush();
    return revoked.sort(bySeatIndex);
  }

  /**
   * The plugin calling home: is this code's owner licensed for this site? (docs/wordpress.md, Licence
   * check). Answers the normalised domain checked and when.
   */
  async check(
    code: string | undefined,
    domain: string,
    seen?: (checked: { host: string; userId: string | null; licenseId: string | null }) => void,
  ): Promise<LicenseCheckResultDto> {
    const checked = await this.checkSite(code, domain);
    seen?.(checked); // install insights (docs/insights.md): handed over, written later
    const { answer, host } = checked;
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
    if (row.license_id) this.recordCheck(row.license_id, row.last_checked_at);
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
   * Records that the plugin checked a seat's site (docs/rules.md, "Last licence check"), without delaying
   * the answer: nothing is written when the stored time, or this instance's last write, is under a minute
   * old; the write itself is conditional, so several instances also write at most once a minute per seat.
   */
  recordCheck(licenseId: string, lastCheckedAt: Date | string | null) {
    const now = Date.now();
    const stored = lastCheckedAt ? new Date(lastCheckedAt).getTime() : 0;
    const written = this.lastCheckWrites.get(licenseId) ?? 0;
    if (now - Math.max(stored, written) < LAST_CHECK_RESOLUTION_MS) return;
    this.lastCheckWrites.set(licenseId, now);
    if (this.lastCheckWrites.size > 50_000) this.lastCheckWrites.clear();
    this.repo
      .touchLastChecked(licenseId)
      .catch((e: unknown) => this.logger.warn(`could not record a licence check: ${errorLine(e)}`));
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
   * without spending the customer's binding changes; audited in the same transaction with the admin's
   * client address (`ip`).
   */
  async setDomainByAdmin(
    admin: User,
    licenseId: string,
    websiteUrl: string | null,
    ip: string | null = null,
  ) {
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
            after: { websiteUrl: license.websiteUrl ?? null, ip },
          });
          if (license.websiteUrl) {
            await em.populate(license, ['user']);
            await this.webhooks.seatBound(
              em,
              license,
              { action: before ? 'rebound' : 'bound', from: before, by: 'admin' },
              `${license.id}:${new Date().toISOString()}`,
            );
          }
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

  /**
   * The history of one of the user's own seats (docs/rules.md, "Seat history"), oldest first: their binds
   * with their address, and the store's changes without the admin's e-mail, address or reason.
   */
  async historyOf(userId: string, licenseId: string): Promise<SeatHistoryDto> {
    const seat = isUuid(licenseId) ? await this.repo.findOwned(this.em, userId, licenseId) : null;
    if (!seat) throw new LicenseError(LicenseErrorCode.LICENSE_NOT_FOUND);
    const entries = await this.audit.aboutTargets(seatHistoryTargets(seat), SEAT_HISTORY_LIMIT);
    return {
      licenseId: seat.id,
      seatIndex: seat.seatIndex,
      events: seatHistoryOf(entries, seat).map(customerViewOf),
    };
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
