import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pageLanguage } from '../dev-idp/dev-idp.texts';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { CustomersService } from './customers.service';
import {
  CustomerActionDto,
  CustomerDetailDto,
  GrantPlanDto,
  GrantPlanResultDto,
  SeatActionResultDto,
  SignOutResultDto,
} from './dto/customer.dto';

/** One customer for the admin (docs/rules.md, "Customer support"): the page and its support actions. */
@ApiTags('admin: customers')
@Auth('admin')
@Controller('api/admin/customers/:userId')
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Get()
  @ApiOkResponse({ type: CustomerDetailDto })
  detail(@Param('userId') userId: string): Promise<CustomerDetailDto> {
    return this.customers.detail(userId);
  }

  /** The customer's seats and their histories as CSV (docs/rules.md, "Seat history"), audited. */
  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: "UTF-8 CSV with a byte-order mark, in the admin's language",
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiNotFoundResponse({ description: 'CUSTOMER_NOT_FOUND' })
  async exportCsv(
    @CurrentUser() admin: User,
    @Param('userId') userId: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const language = pageLanguage(req.headers.cookie, req.headers['accept-language']);
    const { fileName, csv } = await this.customers.exportCsv(admin, userId, language);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(csv);
  }

  @Post('grant-plan')
  @HttpCode(200)
  @ApiOkResponse({ type: GrantPlanResultDto })
  grantPlan(
    @CurrentUser() admin: User,
    @Param('userId') userId: string,
    @Body() dto: GrantPlanDto,
  ): Promise<GrantPlanResultDto> {
    return this.customers.grantPlan(admin, userId, dto.tier, dto.reason);
  }

  @Post('licenses/:licenseId/reset-changes')
  @HttpCode(200)
  @ApiOkResponse({ type: SeatActionResultDto })
  resetChanges(
    @CurrentUser() admin: User,
    @Param('userId') userId: string,
    @Param('licenseId') licenseId: string,
    @Body() dto: CustomerActionDto,
  ): Promise<SeatActionResultDto> {
    return this.customers.resetChanges(admin, userId, licenseId, dto.reason);
  }

  @Post('licenses/:licenseId/revoke')
  @HttpCode(200)
  @ApiOkResponse({ type: SeatActionResultDto })
  revoke(
    @CurrentUser() admin: User,
    @Param('userId') userId: string,
    @Param('licenseId') licenseId: string,
    @Body() dto: CustomerActionDto,
  ): Promise<SeatActionResultDto> {
    return this.customers.revokeSeat(admin, userId, licenseId, dto.reason);
  }

  @Post('sign-out')
  @HttpCode(200)
  @ApiOkResponse({ type: SignOutResultDto })
  signOut(
    @CurrentUser() admin: User,
    @Param('userId') userId: string,
    @Body() dto: CustomerActionDto,
  ): Promise<SignOutResultDto> {
    return this.customers.signOut(admin, userId, dto.reason);
  }
}
