import { PLAN_SEATS, TIER_NAMES, TIER_RANKS, type Tier } from '@seatkeeper/domain';

/**
 * The plan catalogue of docs/product.md#constants. Amounts are integer cents. Tier keys, names, ranks and seat counts are
 * the shared rules' (libs/domain: tiers.ts, seats.ts); prices, descriptions and who may buy are here.
 */

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
    name: TIER_NAMES.basic,
    description: '个人站点的入门之选',
    seatCount: PLAN_SEATS.basic,
    priceCents: 69900,
    upgradeRank: TIER_RANKS.basic,
    isPublic: true,
  },
  vip: {
    key: 'vip',
    name: TIER_NAMES.vip,
    description: '建站课程学员专享，白名单自动发放',
    seatCount: PLAN_SEATS.vip,
    priceCents: 100000,
    upgradeRank: TIER_RANKS.vip,
    isPublic: false,
  },
  pro: {
    key: 'pro',
    name: TIER_NAMES.pro,
    description: '工作室与多站点团队',
    seatCount: PLAN_SEATS.pro,
    priceCents: 169900,
    upgradeRank: TIER_RANKS.pro,
    isPublic: true,
  },
  ultra: {
    key: 'ultra',
    name: TIER_NAMES.ultra,
    description: '企业与代理商，座位按需自动扩展',
    seatCount: PLAN_SEATS.ultra,
    priceCents: 998000,
    upgradeRank: TIER_RANKS.ultra,
    isPublic: true,
  },
};

/** Server-side display name: tier name plus ' 套餐' (docs/product.md#data). */
export const planDisplayName = (tier: Tier) => `${PLANS[tier].name} 套餐`;
