import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, Public } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { AppRequest } from '../common/request';
import { SessionUserDto } from '../users/dto/session-user.dto';
import { isAwaitingEmail } from '../users/awaiting-email';
import type { User } from '../users/user.entity';
import { EmailCodeRequestDto, EmailCodeSentDto, EmailCodeVerifyDto } from './dto/auth.dto';
import {
  UnlinkWayInDto,
  WaysInDto,
  WechatEmailSignedInDto,
  WechatStartQueryDto,
} from './dto/wechat-sign-in.dto';
import { WechatError, WechatErrorCode } from './wechat-errors';
import { codeRequester, withRetryAfter } from './email-code-http';
import { WechatSignInService } from './wechat-sign-in.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** WeChat website sign-in and an account's ways in (docs/sign-in.md). */
@ApiTags('auth')
@Controller()
export class WechatSignInController {
  constructor(private readonly wechat: WechatSignInService) {}

  /** Sends the browser to WeChat's QR page (a new state in its session, 10 minutes, once). */
  @Public()
  @Get('api/auth/wechat/start')
  @ApiFoundResponse({ description: "To WeChat's QR page (/connect/qrconnect)" })
  @ApiNotFoundResponse({ description: 'WECHAT_SIGN_IN_OFF' })
  start(@Req() req: AppRequest, @Query() query: WechatStartQueryDto, @Res() res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, this.wechat.start(req, 'sign-in', query.callbackURL, null));
  }

  /** Linking WeChat to the signed-in account: the same flow, coming back to the profile. */
  @Auth()
  @Get('api/auth/wechat/link')
  @ApiFoundResponse({ description: "To WeChat's QR page (/connect/qrconnect)" })
  @ApiNotFoundResponse({ description: 'WECHAT_SIGN_IN_OFF' })
  link(
    @Req() req: AppRequest,
    @CurrentUser() user: User,
    @Query() query: WechatStartQueryDto,
    @Res() res: Response,
  ) {
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, this.wechat.start(req, 'link', query.callbackURL, user));
  }

  /** WeChat's redirect back: always a redirect (the page says what failed: ?error=Wechat...). */
  @Public()
  @Get('api/auth/callback/wechat')
  @ApiQuery({ name: 'code', required: false })
  @ApiQuery({ name: 'state', required: false })
  @ApiFoundResponse({
    description:
      'To the saved path, /profile for an account without an e-mail address (its e-mail step), or /login?error=Wechat... (/profile?error=... when linking)',
  })
  async callback(
    @Req() req: AppRequest,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ) {
    const { redirect } = await this.wechat.callback(req, query ?? {});
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, redirect);
  }

  /** The e-mail step after a first WeChat sign-in: a code to the address (the e-mail sign-in's limits). */
  @Auth()
  @Post('api/auth/wechat/email-code')
  @HttpCode(200)
  @ApiOkResponse({ type: EmailCodeSentDto })
  @ApiConflictResponse({ description: 'WECHAT_EMAIL_NOT_NEEDED' })
  @ApiTooManyRequestsResponse({ description: 'The e-mail code limits (Retry-After)' })
  async requestEmailCode(
    @Req() req: AppRequest,
    @CurrentUser() user: User,
    @Res({ passthrough: true }) res: Response,
    @Body() dto: EmailCodeRequestDto,
  ): Promise<EmailCodeSentDto> {
    const { clientAddress, language } = codeRequester(req);
    const sent = await withRetryAfter(res, () =>
      this.wechat.requestEmailCode(user, dto.email, clientAddress, language),
    );
    return { status: true, ...sent };
  }

  /** The code proves the address: it becomes the account's, or its account gets this WeChat linked. */
  @Auth()
  @Post('api/auth/wechat/email-code/verify')
  @HttpCode(200)
  @ApiOkResponse({ type: WechatEmailSignedInDto })
  @ApiConflictResponse({ description: 'WECHAT_EMAIL_NOT_NEEDED, WECHAT_ACCOUNT_HAS_WECHAT' })
  async verifyEmailCode(
    @Req() req: AppRequest,
    @CurrentUser() user: User,
    @Res({ passthrough: true }) res: Response,
    @Body() dto: EmailCodeVerifyDto,
  ): Promise<WechatEmailSignedInDto> {
    const now = await withRetryAfter(res, () =>
      this.wechat.verifyEmailCode(req, user, dto.email, dto.code),
    );
    return { status: true, user: SessionUserDto.from(now) };
  }

  /** The signed-in account's ways in (Google, WeChat, e-mail). */
  @Auth()
  @Get('api/auth/ways-in')
  @ApiOkResponse({ type: WaysInDto })
  async waysIn(@Req() req: AppRequest, @CurrentUser() user: User): Promise<WaysInDto> {
    return { ways: await this.wechat.waysIn(req, user), awaitingEmail: isAwaitingEmail(user) };
  }

  /** Unlinks Google or WeChat, never the last way in; the sessions it signed in end. Audited. */
  @Auth()
  @Post('api/auth/ways-in/unlink')
  @HttpCode(200)
  @ApiOkResponse({ type: WaysInDto })
  @ApiConflictResponse({ description: 'WAY_IN_LAST, WAY_IN_NOT_LINKED' })
  async unlink(
    @Req() req: AppRequest,
    @CurrentUser() user: User,
    @Body() dto: UnlinkWayInDto,
  ): Promise<WaysInDto> {
    const ways = await this.wechat.unlink(req, user, dto.way);
    return { ways, awaitingEmail: isAwaitingEmail(user) };
  }

  /** The admin customer page: a customer's ways in. */
  @Auth('admin')
  @Get('api/admin/customers/:userId/ways-in')
  @ApiOkResponse({ type: WaysInDto })
  @ApiNotFoundResponse({ description: 'CUSTOMER_NOT_FOUND' })
  async customerWaysIn(@Param('userId') userId: string): Promise<WaysInDto> {
    const found = UUID.test(userId) ? await this.wechat.waysInOf(userId) : null;
    if (!found) throw new WechatError(WechatErrorCode.CUSTOMER_NOT_FOUND);
    return found;
  }
}
