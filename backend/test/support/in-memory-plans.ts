import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tier } from '@seatkeeper/domain';
import type { PlanRow } from '../../src/plans/plan.entity';
import type { PlanRepository } from '../../src/plans/plan.repository';

/** The plan rows the seed migration (Migration20261129200000) writes: today's catalogue. */
export function seedPlanRows(): PlanRow[] {
  const row = (
    tier: Tier,
    name: string,
    descriptionZh: string,
    descriptionEn: string,
    priceCents: number,
    sortOrder: number,
    badge: { zh: string; en: string } | null = null,
  ) =>
    ({
      tier,
      nameZh: name,
      nameEn: name,
      descriptionZh,
      descriptionEn,
      priceCents,
      badgeZh: badge?.zh ?? null,
      badgeEn: badge?.en ?? null,
      badgeEndsAt: null,
      shown: true,
      sortOrder,
      updatedAt: new Date(),
    }) as PlanRow;
  return [
    row('basic', 'Basic', '个人站点的入门之选', 'The starter choice for a personal site', 69900, 1),
    row(
      'vip',
      'VIP',
      '建站课程学员专享，白名单自动发放',
      'For website-course students, granted automatically to the whitelist',
      100000,
      2,
    ),
    row('pro', 'Pro', '工作室与多站点团队', 'For studios and multi-site teams', 169900, 3),
    row(
      'ultra',
      'Max',
      '企业与代理商，座位按需自动扩展',
      'For companies and agencies, seats grow automatically as needed',
      998000,
      4,
      { zh: '限时优惠', en: 'LIMITED OFFER' },
    ),
  ];
}

/** The plans table in memory, seeded like the migration; `rows` may be edited by a test. */
export class InMemoryPlanRepository implements Pick<PlanRepository, 'all'> {
  rows = seedPlanRows();

  async all(_em?: EntityManager): Promise<PlanRow[]> {
    return [...this.rows].sort((a, b) => a.sortOrder - b.sortOrder);
  }

  /** The seeded price of a tier (what the catalogue in code used to say). */
  price(tier: Tier): number {
    return this.rows.find((r) => r.tier === tier)!.priceCents;
  }

  set(tier: Tier, fields: Partial<PlanRow>) {
    Object.assign(
      this.rows.find((r) => r.tier === tier)!,
      fields,
    );
  }
}
