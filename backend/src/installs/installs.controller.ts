import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { InstallsDashboardDto, InstallSitesDto } from './dto/installs.dto';
import { InstallsService } from './installs.service';

/** Install insights for the seller (docs/insights.md). */
@ApiTags('admin: installs')
@Auth('admin')
@Controller('api/admin/installs')
export class AdminInstallsController {
  constructor(private readonly installs: InstallsService) {}

  @Get()
  @ApiOperation({
    summary:
      'Active sites per product (7 and 30 days), by product, WordPress and PHP version, and sites that stopped',
  })
  @ApiOkResponse({ type: InstallsDashboardDto })
  dashboard(): Promise<InstallsDashboardDto> {
    return this.installs.dashboard();
  }

  @Get('customers/:userId')
  @ApiOperation({ summary: "One customer's sites with their versions and last check-in" })
  @ApiOkResponse({ type: InstallSitesDto })
  customer(@Param('userId') userId: string): Promise<InstallSitesDto> {
    return this.installs.sitesOf(userId);
  }
}

/** The customer's own sites, for the console's seats (docs/insights.md). */
@ApiTags('installs')
@Auth()
@Controller('api/installs')
export class InstallsController {
  constructor(private readonly installs: InstallsService) {}

  @Get('mine')
  @ApiOperation({ summary: 'The sites that checked in with my activation code' })
  @ApiOkResponse({ type: InstallSitesDto })
  mine(@CurrentUser() user: User): Promise<InstallSitesDto> {
    return this.installs.sitesOf(user.id);
  }
}
