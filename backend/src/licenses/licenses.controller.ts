import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { LicenseListDto } from './dto/license.dto';
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
  // Binding is EntitlementsController's route: Max's growth runs before a bind.
}
