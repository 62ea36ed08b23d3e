/** The plan catalogue of spec §9. Amounts are integer cents. */
export type Tier = 'basic' | 'vip' | 'pro' | 'ultra';
export const TIERS: Tier[] = ['basic', 'vip', 'pro', 'ultra'];

export interface Plan {
  key: Tier;
  name: string;
  description: string;
  seatCount: number;
  priceCents: number;
  upgradeRank: number;
  isPublic: boolean;
}

export const PLANS: Record<Tier, Plan> = {
  basic: {
    key: 'basic',
    name: 'Basic',
    description: '个人站点的入门之选',
    seatCount: 1,
    priceCents: 69900,
    upgradeRank: 1,
    isPublic: true,
  },
  vip: {
    key: 'vip',
    name: 'VIP',
    description: '建站课程学员专享，白名单自动发放',
    seatCount: 2,
    priceCents: 100000,
    upgradeRank: 2,
    isPublic: false,
  },
  pro: {
    key: 'pro',
    name: 'Pro',
    description: '工作室与多站点团队',
    seatCount: 5,
    priceCents: 169900,
    upgradeRank: 3,
    isPublic: true,
  },
  ultra: {
    key: 'ultra',
    name: 'Max',
    description: '企业与代理商，座位按需自动扩展',
    seatCount: 100,
    priceCents: 998000,
    upgradeRank: 4,
    isPublic: true,
  },
};

/** Server-side display name: tier name plus ' 套餐' (spec §3). */
export const planDisplayName = (tier: Tier) => `${PLANS[tier].name} 套餐`;

export const DEFAULT_BINDING_CHANGES = 2;
/** Ultra auto-expansion (spec §4, §9). */
export const ULTRA_EXPANSION_BATCH = 10;
export const ULTRA_EXPANSION_MIN_FREE = 2;

/** The highest-ranked tier among the given ones, or null. */
export function highestTier(tiers: Iterable<string>): Tier | null {
  let best: Tier | null = null;
  for (const t of tiers) {
    if (!(t in PLANS)) continue;
    if (!best || PLANS[t as Tier].upgradeRank > PLANS[best].upgradeRank) best = t as Tier;
  }
  return best;
}
