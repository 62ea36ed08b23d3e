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
  ApiFoundResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, Public } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { SuccessDto } from '../common/dto/result.dto';
import type { AppRequest } from '../common/request';
import type { User } from '../users/user.entity';
import { AuthService } from './auth.service';
import {
  ProvidersResponseDto,
  SessionResponseDto,
  SignInSocialDto,
  SignInSocialResponseDto,
  StatusResponseDto,
  UpdateUserDto,
  UpdateUserResponseDto,
} from './dto/auth.dto';
import { GoogleOAuthGuard } from './google-oauth.guard';
import { OAuthCallbackFilter } from './oauth-callback.filter';

@ApiTags('auth')
@ApiExtraModels(SessionResponseDto)
@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

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
    res.redirect(302, await this.auth.completeSignIn(req, req.user as User));
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
