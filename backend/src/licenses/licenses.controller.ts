import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { LicenseListDto, SeatHistoryDto } from './dto/license.dto';
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

  /** One of the customer's seats' history (docs/rules.md, "Seat history"), read when the console opens it. */
  @Auth()
  @Get(':id/history')
  @ApiOkResponse({ type: SeatHistoryDto })
  @ApiNotFoundResponse({ description: 'LICENSE_NOT_FOUND: not a seat of this customer' })
  history(@CurrentUser() user: User, @Param('id') id: string): Promise<SeatHistoryDto> {
    return this.licenses.historyOf(user.id, id);
  }
}
