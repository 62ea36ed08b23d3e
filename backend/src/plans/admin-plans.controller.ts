import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { AdminPlanAnswerDto, AdminPlanListDto, UpdatePlanDto } from './dto/plan.dto';
import { PlansService } from './plans.service';

/** The seller's plans and prices (docs/product.md, back office: plans and prices). Admins only. */
@ApiTags('admin: plans')
@Auth('admin')
@Controller('api/admin/plans')
export class AdminPlansController {
  constructor(private readonly plans: PlansService) {}

  @Get()
  @ApiOkResponse({ type: AdminPlanListDto })
  list(): Promise<AdminPlanListDto> {
    return this.plans.adminList();
  }

  @Put(':tier')
  @ApiOkResponse({ type: AdminPlanAnswerDto })
  update(
    @CurrentUser() admin: User,
    @Param('tier') tier: string,
    @Body() dto: UpdatePlanDto,
  ): Promise<AdminPlanAnswerDto> {
    return this.plans.update(admin, tier, dto);
  }
}
