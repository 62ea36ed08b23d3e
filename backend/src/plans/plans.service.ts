import { Injectable } from '@nestjs/common';
import { LicensesService } from '../licenses/licenses.service';
import type { User } from '../users/user.entity';
import { TIERS } from '@seatkeeper/domain';
import { planDisplayName, PLANS } from './plans.catalogue';
import { planState, priceFor } from './pricing';
import type { PlanListDto } from './dto/plan.dto';

@Injectable()
export class PlansService {
  constructor(private readonly licenses: LicensesService) {}

  /** The catalogue as the plan picker needs it for this user (docs/product.md#screens, #states). */
  async plansFor(user: User): Promise<PlanListDto> {
    const current = await this.licenses.currentTier(user.id);
    return {
      currentTier: current,
      plans: TIERS.map((tier) => {
        const plan = PLANS[tier];
        const state = planState(plan, current);
        const price = state === 'purchasable' ? priceFor(tier, current) : null;
        return {
          key: plan.key,
          name: plan.name,
          displayName: planDisplayName(tier),
          description: plan.description,
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
        };
      }),
    };
  }
}
