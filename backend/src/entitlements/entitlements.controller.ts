import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { ClientAddress } from '../common/client-address.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { BindLicenseDto, BindResultDto } from '../licenses/dto/license.dto';
import type { User } from '../users/user.entity';
import { EntitlementsService } from './entitlements.service';

/** Binding a seat: Max's growth runs first, in the bind's transaction (docs/product.md#states). */
@ApiTags('licenses')
@Controller(['api/apitokens/licenses', 'apitokens/tokens/licenses'])
export class EntitlementsController {
  constructor(private readonly entitlements: EntitlementsService) {}

  @Auth()
  @Post(':id/bind')
  @HttpCode(200)
  @ApiOkResponse({ type: BindResultDto })
  bind(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Body() dto: BindLicenseDto,
    @ClientAddress() ip: string | null,
  ) {
    return this.entitlements.bind(user, id, dto.websiteUrl, ip);
  }
}
