import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthService } from '../auth/auth.service';
import { Public } from '../common/auth.decorator';
import type { AppRequest } from '../common/request';
import { PlanListDto } from './dto/plan.dto';
import { PlansService } from './plans.service';

@ApiTags('plans')
@Controller('api/plans')
export class PlansController {
  constructor(
    private readonly plans: PlansService,
    private readonly auth: AuthService,
  ) {}

  /**
   * Public: the catalogue is no secret (the /pricing page shows it to visitors, docs/product.md#screens).
   * A signed-in customer's session adds where each plan stands for them (current, included, upgrade price).
   */
  @Public()
  @Get()
  @ApiOperation({
    summary: 'The plans with prices; with a session, where each stands for the customer',
  })
  @ApiOkResponse({ type: PlanListDto })
  async list(@Req() req: AppRequest) {
    return this.plans.plansFor(await this.auth.currentUser(req));
  }
}
