import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isTier, TIERS, type Tier } from '@seatkeeper/domain';
import { AuditService } from '../audit/audit.service';
import { EntitlementsService } from '../entitlements/entitlements.service';
import type { User } from '../users/user.entity';
import type { AdminPlanDto, PlanListDto, UpdatePlanDto } from './dto/plan.dto';
import { PlanError, PlanErrorCode } from './plan-errors';
import type { PlanRow } from './plan.entity';
import { PlanRepository } from './plan.repository';
import {
  activeBadge,
  planDisplayName,
  PLANS,
  type Catalogue,
  type Localized,
  type Plan,
} from './plans.catalogue';
import { planState, priceFor, rankOrderBreak, type Holding, type Price } from './pricing';

/** A row and the code's rules as one plan (a missing row, which the seed migration rules out, is a bug). */
function planOf(row: PlanRow): Plan {
  const rules = PLANS[row.tier];
  const badgeZh = row.badgeZh?.trim() || null;
  const badgeEn = row.badgeEn?.trim() || null;
  return {
    ...rules,
    names: { 'zh-CN': row.nameZh, en: row.nameEn },
    descriptions: { 'zh-CN': row.descriptionZh, en: row.descriptionEn },
    priceCents: row.priceCents,
    badge: badgeZh || badgeEn ? { 'zh-CN': badgeZh ?? badgeEn!, en: badgeEn ?? badgeZh! } : null,
    badgeEndsAt: row.badgeEndsAt ?? null,
    shown: row.shown,
    sortOrder: row.sortOrder,
    isPublic: rules.buyable && row.shown,
  };
}

/** What the audit entry keeps of a row, before and after an edit. */
const snapshot = (row: PlanRow) => ({
  priceCents: row.priceCents,
  nameZh: row.nameZh,
  nameEn: row.nameEn,
  descriptionZh: row.descriptionZh,
  descriptionEn: row.descriptionEn,
  badgeZh: row.badgeZh ?? null,
  badgeEn: row.badgeEn ?? null,
  badgeEndsAt: row.badgeEndsAt ? row.badgeEndsAt.toISOString() : null,
  shown: row.shown,
  sortOrder: row.sortOrder,
});

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

@Injectable()
export class PlansService {
  constructor(
    private readonly em: EntityManager,
    private readonly entitlements: EntitlementsService,
    private readonly repo: PlanRepository,
    private readonly audit: AuditService,
  ) {}

  /**
   * The catalogue as the table says now (read per call: every instance answers a change at once,
   * docs/product.md "Plans and prices").
   */
  async catalogue(em?: EntityManager): Promise<{ catalogue: Catalogue; order: Tier[] }> {
    const rows = await this.repo.all(em);
    const catalogue = {} as Catalogue;
    for (const row of rows) if (isTier(row.tier)) catalogue[row.tier] = planOf(row);
    const missing = TIERS.filter((t) => !catalogue[t]);
    if (missing.length) throw new Error(`plans table lacks ${missing.join(', ')}`);
    return { catalogue, order: rows.map((r) => r.tier).filter(isTier) };
  }

  /**
   * Prices a purchase or upgrade (pricing.ts): the target at today's price, less the current plan's recorded
   * price; or throws the refusal.
   */
  async price(tier: string, holding: Holding): Promise<Price & { productName: string }> {
    const { catalogue } = await this.catalogue();
    const price = priceFor(catalogue, tier, holding);
    return { ...price, productName: planDisplayName(price.tier, catalogue[price.tier]) };
  }

  /** The catalogue as the plan picker (or, with no user, the pricing page) needs it (docs/product.md#screens, #states). */
  async plansFor(user: User | null): Promise<PlanListDto> {
    // A visitor (the public pricing page) gets the catalogue as a customer without seats would.
    const holding = user ? await this.entitlements.holding(user.id) : { tier: null, credit: 0 };
    const current = holding.tier;
    const { catalogue, order } = await this.catalogue();
    const now = new Date();
    return {
      currentTier: current,
      plans: order.map((tier) => {
        const plan = catalogue[tier];
        const state = planState(plan, current, catalogue);
        const price = state === 'purchasable' ? priceFor(catalogue, tier, holding) : null;
        const badge = activeBadge(plan, now);
        return {
          key: plan.key,
          name: plan.names['zh-CN'],
          displayName: planDisplayName(tier, plan),
          description: plan.descriptions['zh-CN'],
          seatCount: plan.seatCount,
          priceCents: plan.priceCents,
          upgradeRank: plan.upgradeRank,
          isPublic: plan.isPublic,
          state,
          isCurrent: state === 'current',
          owned: state === 'current',
          includedInCurrent: state === 'included',
          purchasable: state === 'purchasable',
          isUpgrade: Boolean(price?.fromTier),
          upgradePrice: price ? price.subtotal : null,
          names: plan.names,
          descriptions: plan.descriptions,
          badge,
          badgeEndsAt: badge && plan.badgeEndsAt ? plan.badgeEndsAt.toISOString() : null,
          shown: plan.shown,
          sortOrder: plan.sortOrder,
        };
      }),
    };
  }

  /** Every plan as the seller edits it, in the page's order. */
  async adminList(): Promise<{ plans: AdminPlanDto[] }> {
    const rows = await this.repo.all();
    return { plans: rows.filter((r) => isTier(r.tier)).map((r) => adminPlan(r, new Date())) };
  }

  /**
   * One plan's editable row replaced, in one transaction with its audit entry (old and new values). New
   * quotes and orders use it at once; pending orders keep the amounts they were created with.
   */
  async update(admin: User, tier: string, dto: UpdatePlanDto): Promise<{ plan: AdminPlanDto }> {
    if (!isTier(tier)) throw new PlanError(PlanErrorCode.PLAN_NOT_FOUND);
    const row = await this.em.fork().transactional(async (em) => {
      const rows = await this.repo.lockAll(em);
      const found = rows.find((r) => r.tier === tier) ?? null;
      if (!found) throw new PlanError(PlanErrorCode.PLAN_NOT_FOUND);
      const before = snapshot(found);
      if (dto.priceCents !== found.priceCents) {
        const prices = Object.fromEntries(rows.map((r) => [r.tier, r.priceCents])) as Record<
          Tier,
          number
        >;
        const broken = rankOrderBreak({ ...prices, [tier]: dto.priceCents });
        if (broken) throw new PlanError(PlanErrorCode.PLAN_PRICE_BREAKS_RANK, { details: broken });
      }
      found.priceCents = dto.priceCents;
      found.nameZh = dto.nameZh.trim();
      found.nameEn = dto.nameEn.trim();
      found.descriptionZh = dto.descriptionZh.trim();
      found.descriptionEn = dto.descriptionEn.trim();
      found.badgeZh = blankToNull(dto.badgeZh);
      found.badgeEn = blankToNull(dto.badgeEn);
      found.badgeEndsAt = dto.badgeEndsAt ? new Date(dto.badgeEndsAt) : null;
      found.shown = dto.shown;
      found.sortOrder = dto.sortOrder;
      found.updatedAt = new Date();
      this.audit.record(em, {
        actor: admin.email,
        action: 'plan.update',
        target: tier,
        before,
        after: snapshot(found),
      });
      await em.flush();
      return found;
    });
    return { plan: adminPlan(row, new Date()) };
  }
}

function adminPlan(row: PlanRow, now: Date): AdminPlanDto {
  const plan = planOf(row);
  return {
    tier: plan.key,
    names: plan.names,
    descriptions: plan.descriptions,
    priceCents: plan.priceCents,
    badge: plan.badge as Localized | null,
    badgeEndsAt: plan.badgeEndsAt ? plan.badgeEndsAt.toISOString() : null,
    badgeActive: activeBadge(plan, now) !== null,
    shown: plan.shown,
    sortOrder: plan.sortOrder,
    seatCount: plan.seatCount,
    buyable: plan.buyable,
    updatedAt: row.updatedAt.toISOString(),
  };
}
