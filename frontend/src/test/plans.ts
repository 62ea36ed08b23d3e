import { TIERS, type Tier } from '@seatkeeper/domain';
import type { Plan, PlansResponse } from '../lib/api/plans';

const CATALOGUE: Record<
  Tier,
  Omit<
    Plan,
    | 'state'
    | 'isCurrent'
    | 'owned'
    | 'includedInCurrent'
    | 'purchasable'
    | 'isUpgrade'
    | 'upgradePrice'
  >
> = {
  basic: {
    key: 'basic',
    name: 'Basic',
    displayName: 'Basic 套餐',
    description: '个人站点的入门之选',
    seatCount: 1,
    priceCents: 69900,
    upgradeRank: 1,
    isPublic: true,
    names: { 'zh-CN': 'Basic', en: 'Basic' },
    descriptions: { 'zh-CN': '个人站点的入门之选', en: 'The starter choice for a personal site' },
    badge: null,
    badgeEndsAt: null,
    shown: true,
    sortOrder: 1,
  },
  vip: {
    key: 'vip',
    name: 'VIP',
    displayName: 'VIP 套餐',
    description: '建站课程学员专享，白名单自动发放',
    seatCount: 2,
    priceCents: 100000,
    upgradeRank: 2,
    isPublic: false,
    names: { 'zh-CN': 'VIP', en: 'VIP' },
    descriptions: {
      'zh-CN': '建站课程学员专享，白名单自动发放',
      en: 'For website-course students, granted automatically to the whitelist',
    },
    badge: null,
    badgeEndsAt: null,
    shown: true,
    sortOrder: 2,
  },
  pro: {
    key: 'pro',
    name: 'Pro',
    displayName: 'Pro 套餐',
    description: '工作室与多站点团队',
    seatCount: 5,
    priceCents: 169900,
    upgradeRank: 3,
    isPublic: true,
    names: { 'zh-CN': 'Pro', en: 'Pro' },
    descriptions: { 'zh-CN': '工作室与多站点团队', en: 'For studios and multi-site teams' },
    badge: null,
    badgeEndsAt: null,
    shown: true,
    sortOrder: 3,
  },
  ultra: {
    key: 'ultra',
    name: 'Max',
    displayName: 'Max 套餐',
    description: '企业与代理商，座位按需自动扩展',
    seatCount: 100,
    priceCents: 998000,
    upgradeRank: 4,
    isPublic: true,
    names: { 'zh-CN': 'Max', en: 'Max' },
    descriptions: {
      'zh-CN': '企业与代理商，座位按需自动扩展',
      en: 'For companies and agencies, seats grow automatically as needed',
    },
    badge: { 'zh-CN': '限时优惠', en: 'LIMITED OFFER' },
    badgeEndsAt: null,
    shown: true,
    sortOrder: 4,
  },
};

/** The plan list as GET /api/plans answers it for a user whose current tier is `current` (server rules). */
export function makePlans(current: Tier | null = null): PlansResponse {
  const rank = current ? CATALOGUE[current].upgradeRank : 0;
  return {
    currentTier: current,
    plans: TIERS.map((tier) => {
      const plan = CATALOGUE[tier];
      const state =
        tier === current
          ? 'current'
          : plan.upgradeRank < rank
            ? 'included'
            : plan.isPublic
              ? 'purchasable'
              : 'unavailable';
      const purchasable = state === 'purchasable';
      return {
        ...plan,
        state,
        isCurrent: state === 'current',
        owned: state === 'current',
        includedInCurrent: state === 'included',
        purchasable,
        isUpgrade: purchasable && current !== null,
        upgradePrice: purchasable
          ? plan.priceCents - (current ? CATALOGUE[current].priceCents : 0)
          : null,
      };
    }),
  };
}
