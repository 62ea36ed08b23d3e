import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { DashboardService } from './dashboard.service';
import { DashboardDto } from './dto/dashboard.dto';

/** The seller's dashboard for admins (docs/product.md, back office). */
@ApiTags('admin')
@Auth('admin')
@Controller('api/admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiOkResponse({ type: DashboardDto })
  get(): Promise<DashboardDto> {
    return this.dashboard.dashboard();
  }
}
