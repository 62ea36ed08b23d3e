import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { AdminDomainDto, OverviewQueryDto } from './dto/subscriptions.dto';
import { SubscriptionsService } from './subscriptions.service';

@ApiTags('admin: subscriptions')
@Auth('admin')
@Controller('api/subscriptions/admin/subscriptions')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('users')
  users(@Query() q: OverviewQueryDto) {
    return this.subscriptions.users(q.search, q.page, q.pageSize);
  }

  @Patch('licenses/:id/domain')
  setDomain(@CurrentUser() admin: User, @Param('id') id: string, @Body() dto: AdminDomainDto) {
    return this.subscriptions.setDomain(admin, id, dto.websiteUrl);
  }
}
