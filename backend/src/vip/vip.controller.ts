import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { AddVipEmailDto, BatchVipEmailsDto, VipPageQueryDto } from './dto/vip.dto';
import { VipService } from './vip.service';

@ApiTags('admin: VIP')
@Auth('admin')
@Controller(['apitokens/admin/vip-emails', 'api/apitokens/admin/vip-emails'])
export class VipAdminController {
  constructor(private readonly vip: VipService) {}

  @Get()
  list(@Query() q: VipPageQueryDto) {
    return this.vip.list(q.search, q.page, q.pageSize);
  }

  @Post()
  @HttpCode(200)
  add(@CurrentUser() admin: User, @Body() dto: AddVipEmailDto) {
    return this.vip.add(admin, dto.email);
  }

  @Post('batch')
  @HttpCode(200)
  batch(@CurrentUser() admin: User, @Body() dto: BatchVipEmailsDto) {
    return this.vip.batch(admin, dto.emails);
  }

  @Delete(':email')
  remove(@CurrentUser() admin: User, @Param('email') email: string) {
    return this.vip.remove(admin, email);
  }
}

@ApiTags('licenses')
@Controller(['api/apitokens/licenses', 'apitokens/tokens/licenses'])
export class VipGrantController {
  constructor(private readonly vip: VipService) {}

  @Auth()
  @Post('initialize-vip')
  @ApiOkResponse({
    description:
      '201 granted; 200 otherwise (already VIP, a higher tier, or not eligible: see isVipEligible)',
  })
  async initialize(@CurrentUser() user: User, @Res({ passthrough: true }) res: Response) {
    const { statusCode, body } = await this.vip.initialize(user);
    res.status(statusCode);
    return body;
  }
}
