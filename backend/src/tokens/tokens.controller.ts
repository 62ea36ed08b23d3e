import { Body, Controller, Get, Headers, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Response } from 'express';
import { Auth, Public } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { TokenResponseDto, VerifyTokenDto, VerifyTokenResponseDto } from './dto/token.dto';
import { bearerToken, TokensService } from './tokens.service';

/** Client paths /api/apitokens/..., and the same handlers under the server prefix /apitokens/tokens/... */
@ApiTags('tokens')
@Controller(['api/apitokens', 'apitokens/tokens'])
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Auth()
  @Get('token')
  @ApiOkResponse({ type: TokenResponseDto })
  get(@CurrentUser() user: User) {
    return this.tokens.getOrCreate(user);
  }

  @Auth()
  @Post('token/regenerate')
  @ApiOkResponse({ description: '200 when replaced, 201 when newly created' })
  async regenerate(@CurrentUser() user: User, @Res({ passthrough: true }) res: Response) {
    const { created, body } = await this.tokens.regenerate(user);
    res.status(created ? 201 : 200);
    return body;
  }
}

@ApiTags('tokens')
@Controller('api/verify-token')
export class VerifyTokenController {
  constructor(private readonly tokens: TokensService) {}

  @Public()
  @Post()
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ type: VerifyTokenResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Rate limited per client address' })
  verify(@Body() dto: VerifyTokenDto, @Headers('authorization') authorization?: string) {
    return this.tokens.verify(dto.token ?? bearerToken(authorization));
  }
}
