import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { PlanListDto } from './dto/plan.dto';
import { PlansService } from './plans.service';

@ApiTags('plans')
@Controller('api/plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Auth()
  @Get()
  @ApiOkResponse({ type: PlanListDto })
  list(@CurrentUser() user: User) {
    return this.plans.plansFor(user);
  }
}
