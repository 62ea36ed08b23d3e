import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import {
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiOkResponse,
  ApiNotFoundResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, Public } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { SuccessDto } from '../common/dto/result.dto';
import type { AppRequest } from '../common/request';
import { SessionUserDto } from '../users/dto/session-user.dto';
import type { User } from '../users/user.entity';
import { AuthService } from './auth.service';
import { codeRequester, withRetryAfter } from './email-code-http';
import { EmailSignInEnabledGuard } from './email-sign-in.guard';
import { EmailSignInService } from './email-sign-in.service';
import {
  EmailCodeRequestDto,
  EmailCodeSentDto,
  EmailCodeSignedInDto,
  EmailCodeVerifyDto,
  ProvidersResponseDto,
  SessionResponseDto,
  SignInSocialDto,
  SignInSocialResponseDto,
  StatusResponseDto,
  UpdateUserDto,
  UpdateUserResponseDto,
} from './dto/auth.dto';
import { googleLinkReturn } from './google-link';
import { GoogleOAuthGuard } from './google-oauth.guard';
import { OAuthCallbackFilter } from './oauth-callback.filter';

@ApiTags('auth')
@ApiExtraModels(SessionResponseDto)
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly emailSignIn: EmailSignInService,
  ) {}

  /** What the login page offers: `{}` when Google credentials are missing (and no development sign-in here). */
  @Public()
  @Get('providers')
  @ApiOkResponse({ type: ProvidersResponseDto })
  providers(@Req() req: AppRequest) {
    return this.auth.providers(req);
  }

  @Public()
  @Post('sign-in/social')
  @HttpCode(200)
  @ApiOkResponse({ type: SignInSocialResponseDto })
  @ApiServiceUnavailableResponse({ description: 'Google credentials are missing' })
  signInSocial(@Req() req: AppRequest, @Body() dto: SignInSocialDto) {
    return this.auth.signInUrl(req, dto);
  }

  /** Redirects to the identity provider (the guard does it). */
  @Public()
  @Get('sign-in/google')
  @UseGuards(GoogleOAuthGuard)
  @ApiFoundResponse({ description: "To the identity provider's sign-in page" })
  signInGoogle() {}

  @Public()
  @Get('callback/google')
  @UseGuards(GoogleOAuthGuard)
  @UseFilters(OAuthCallbackFilter)
  @ApiFoundResponse({
    description:
      'To the saved same-origin path (else /dashboard), or to /login?error=... on failure',
  })
  async callback(@Req() req: AppRequest, @Res() res: Response) {
    // A link from the profile keeps this session (google-link.ts); a sign-in starts a new one.
    if (req.googleLinked) return res.redirect(302, googleLinkReturn(req.googleLinked, {}));
    res.redirect(302, await this.auth.completeSignIn(req, req.user as User));
  }

  /**
   * Links a Google account to the signed-in account (docs/sign-in.md, "Ways in"): the identity provider's
   * round trip (the guard redirects), then back to the saved path with `linked=google`, or `error=...`.
   */
  @Auth()
  @Get('link/google')
  @UseGuards(GoogleOAuthGuard)
  @ApiFoundResponse({ description: "To the identity provider's sign-in page" })
  @ApiServiceUnavailableResponse({ description: 'Google credentials are missing' })
  linkGoogle() {}

  /** Sends a sign-in code to the address (EMAIL_SIGN_IN=true; docs/security.md, "E-mail sign-in"). */
  @Public()
  @Post('email-code')
  @HttpCode(200)
  @UseGuards(EmailSignInEnabledGuard)
  @ApiOkResponse({ type: EmailCodeSentDto })
  @ApiNotFoundResponse({ description: 'E-mail sign-in is off' })
  @ApiTooManyRequestsResponse({
    description:
      'More than 3 codes for the address in 15 minutes or 20 from the client address in an hour, or the address is locked for the day after too many wrong codes (Retry-After)',
  })
  @ApiForbiddenResponse({ description: 'An admin address (ADMIN_EMAIL_SIGN_IN is not true)' })
  async requestEmailCode(
    @Req() req: AppRequest,
    @Res({ passthrough: true }) res: Response,
    @Body() dto: EmailCodeRequestDto,
  ): Promise<EmailCodeSentDto> {
    const { clientAddress, language } = codeRequester(req);
    const sent = await withRetryAfter(res, () =>
      this.emailSignIn.request(dto.email, clientAddress, language),
    );
    return { status: true, ...sent };
  }

  /** Signs in with the code (a session as after Google: same cookie). */
  @Public()
  @Post('email-code/verify')
  @HttpCode(200)
  @UseGuards(EmailSignInEnabledGuard)
  @ApiOkResponse({ type: EmailCodeSignedInDto })
  @ApiNotFoundResponse({ description: 'E-mail sign-in is off' })
  @ApiTooManyRequestsResponse({
    description:
      'The address got too many wrong codes today: locked until the next day (Retry-After)',
  })
  @ApiForbiddenResponse({
    description:
      'An admin address (ADMIN_EMAIL_SIGN_IN is not true), or an account that refuses codes',
  })
  async verifyEmailCode(
    @Req() req: AppRequest,
    @Res({ passthrough: true }) res: Response,
    @Body() dto: EmailCodeVerifyDto,
  ): Promise<EmailCodeSignedInDto> {
    const user = await withRetryAfter(res, () => this.emailSignIn.verify(dto.email, dto.code));
    await this.auth.startSession(req, user, 'email');
    return { status: true, user: SessionUserDto.from(user) };
  }

  @Public()
  @Get('get-session')
  @ApiOkResponse({
    description: 'null without a session',
    schema: { nullable: true, allOf: [{ $ref: getSchemaPath(SessionResponseDto) }] },
  })
  async getSession(@Req() req: AppRequest, @Res() res: Response) {
    res.json(await this.auth.getSession(req)); // a JSON null without a session
  }

  @Public()
  @Post('sign-out')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessDto })
  signOut(@Req() req: AppRequest): Promise<SuccessDto> {
    return this.auth.signOut(req);
  }

  @Auth()
  @Post('revoke-sessions')
  @HttpCode(200)
  @ApiOkResponse({ type: StatusResponseDto })
  revokeSessions(@Req() req: AppRequest, @CurrentUser() user: User): Promise<StatusResponseDto> {
    return this.auth.revokeSessions(req, user, false);
  }

  @Auth()
  @Post('revoke-other-sessions')
  @HttpCode(200)
  @ApiOkResponse({ type: StatusResponseDto })
  revokeOtherSessions(
    @Req() req: AppRequest,
    @CurrentUser() user: User,
  ): Promise<StatusResponseDto> {
    return this.auth.revokeSessions(req, user, true);
  }

  @Auth()
  @Post('update-user')
  @HttpCode(200)
  @ApiOkResponse({ type: UpdateUserResponseDto })
  updateUser(
    @CurrentUser() user: User,
    @Body() dto: UpdateUserDto,
  ): Promise<UpdateUserResponseDto> {
    return this.auth.updateUser(user, dto);
  }

  @Auth()
  @Post('delete-user')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessDto })
  deleteUser(@Req() req: AppRequest, @CurrentUser() user: User): Promise<SuccessDto> {
    return this.auth.deleteUser(req, user);
  }
}
