import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { ClientAddress } from '../common/client-address.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import {
  AdminDomainDto,
  AdminDomainResultDto,
  OverviewQueryDto,
  SubscriptionUserPageDto,
} from './dto/subscriptions.dto';
import { SubscriptionsService } from './subscriptions.service';

@ApiTags('admin: subscriptions')
@Auth('admin')
@Controller('api/subscriptions/admin/subscriptions')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('users')
  @ApiOkResponse({ type: SubscriptionUserPageDto })
  users(@Query() q: OverviewQueryDto): Promise<SubscriptionUserPageDto> {
    return this.subscriptions.users(q.search, q.page, q.pageSize);
  }

  @Patch('licenses/:id/domain')
  @ApiOkResponse({ type: AdminDomainResultDto })
  setDomain(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() dto: AdminDomainDto,
    @ClientAddress() ip: string | null,
  ): Promise<AdminDomainResultDto> {
    return this.subscriptions.setDomain(admin, id, dto.websiteUrl, ip);
  }
}
