import { Body, Controller, Get, Headers, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { Auth, Public } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { BindLicenseDto, BindResultDto, LicenseCheckDto, LicenseCheckResultDto, LicenseListDto } from './dto/license.dto';
import { LicensesService } from './licenses.service';

@ApiTags('licenses')
@Controller(['api/apitokens/licenses', 'apitokens/tokens/licenses'])
export class LicensesController {
  constructor(private readonly licenses: LicensesService) {}

  @Auth()
  @Get()
  @ApiOkResponse({ type: LicenseListDto })
  list(@CurrentUser() user: User) {
    return this.licenses.list(user);
  }

  @Auth()
  @Post(':id/bind')
  @HttpCode(200)
  @ApiOkResponse({ type: BindResultDto })
  bind(@CurrentUser() user: User, @Param('id') id: string, @Body() dto: BindLicenseDto) {
    return this.licenses.bind(user, id, dto.websiteUrl);
  }
}

/** The plugin's licence check (bearer token + the site's domain). */
@ApiTags('licenses')
@Controller('api/licenses')
export class LicenseCheckController {
  constructor(private readonly licenses: LicensesService) {}

  @Public()
  @Post('check')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: LicenseCheckResultDto })
  @ApiTooManyRequestsResponse({ description: 'Rate limited per client address' })
  check(@Headers('authorization') authorization: string | undefined, @Body() dto: LicenseCheckDto) {
    return this.licenses.check(authorization, dto.domain);
  }
}
