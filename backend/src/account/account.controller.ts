import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { SuccessDto } from '../common/dto/result.dto';
import type { AppRequest } from '../common/request';
import type { User } from '../users/user.entity';
import { exportFileName } from './account-rules';
import { AccountService } from './account.service';
import { AccountExportDto, AccountSessionsDto, DeleteAccountDto } from './dto/account.dto';

/**
 * The customer's own account (docs/rules.md, "The customer's account"): sessions, a copy of their data,
 * deletion. "Sign out everywhere else" is POST /api/auth/revoke-other-sessions.
 */
@ApiTags('account')
@Auth()
@Controller('api/account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Get('sessions')
  @ApiOkResponse({ type: AccountSessionsDto })
  sessions(@Req() req: AppRequest, @CurrentUser() user: User): Promise<AccountSessionsDto> {
    return this.account.sessionsOf(req, user);
  }

  /** A JSON file to keep (Content-Disposition: attachment); audited, 5 an hour. */
  @Get('export')
  @ApiProduces('application/json')
  @ApiOkResponse({
    type: AccountExportDto,
    description: 'An attachment: seatkeeper-account-<day>.json',
  })
  @ApiTooManyRequestsResponse({ description: 'More than 5 downloads in an hour (Retry-After)' })
  async export(
    @CurrentUser() user: User,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountExportDto> {
    const data = await this.account.export(user, res);
    res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(new Date())}"`);
    res.setHeader('Cache-Control', 'no-store');
    return data;
  }

  @Post('delete')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessDto, description: 'The account is closed and this session ended' })
  @ApiBadRequestResponse({ description: "The confirmation is not the account's e-mail" })
  @ApiConflictResponse({ description: 'A refund of one of its orders is in flight' })
  delete(
    @Req() req: AppRequest,
    @CurrentUser() user: User,
    @Body() dto: DeleteAccountDto,
  ): Promise<SuccessDto> {
    return this.account.delete(req, user, dto.confirmation);
  }
}
