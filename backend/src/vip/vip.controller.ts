import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { MessageDto } from '../common/dto/result.dto';
import type { User } from '../users/user.entity';
import {
  AddVipEmailDto,
  BatchVipEmailsDto,
  VipBatchResultDto,
  VipEmailPageDto,
  VipInitializationDto,
  VipPageQueryDto,
} from './dto/vip.dto';
import { VipService } from './vip.service';

@ApiTags('admin: VIP')
@Auth('admin')
@Controller(['apitokens/admin/vip-emails', 'api/apitokens/admin/vip-emails'])
export class VipAdminController {
  constructor(private readonly vip: VipService) {}

  @Get()
  @ApiOkResponse({ type: VipEmailPageDto })
  list(@Query() q: VipPageQueryDto): Promise<VipEmailPageDto> {
    return this.vip.list(q.search, q.page, q.pageSize);
  }

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto, description: "'Email added to VIP list'" })
  add(@CurrentUser() admin: User, @Body() dto: AddVipEmailDto): Promise<MessageDto> {
    return this.vip.add(admin, dto.email);
  }

  @Post('batch')
  @HttpCode(200)
  @ApiOkResponse({ type: VipBatchResultDto })
  batch(@CurrentUser() admin: User, @Body() dto: BatchVipEmailsDto): Promise<VipBatchResultDto> {
    return this.vip.batch(admin, dto.emails);
  }

  @Delete(':email')
  @ApiOkResponse({ type: MessageDto, description: "'Email removed from VIP list'" })
  remove(@CurrentUser() admin: User, @Param('email') email: string): Promise<MessageDto> {
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
    type: VipInitializationDto,
    description: 'Nothing granted: already VIP, a higher tier, or not eligible (see isVipEligible)',
  })
  @ApiCreatedResponse({ type: VipInitializationDto, description: 'VIP seats granted' })
  async initialize(@CurrentUser() user: User, @Res({ passthrough: true }) res: Response) {
    const { statusCode, body } = await this.vip.initialize(user);
    res.status(statusCode);
    return body;
  }
}
