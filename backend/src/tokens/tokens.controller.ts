import { Controller, Get, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { RegeneratedTokenDto, TokenResponseDto } from './dto/token.dto';
import { TokensService } from './tokens.service';

/** Client paths /api/apitokens/..., and the same handlers under the server prefix /apitokens/tokens/... */
@ApiTags('tokens')
@Controller(['api/apitokens', 'apitokens/tokens'])
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Auth()
  @Get('token')
  @ApiOkResponse({ type: TokenResponseDto })
  get(@CurrentUser() user: User): Promise<TokenResponseDto> {
    return this.tokens.getOrCreate(user);
  }

  @Auth()
  @Post('token/regenerate')
  @ApiOkResponse({ type: RegeneratedTokenDto, description: 'The code was replaced' })
  @ApiCreatedResponse({ type: RegeneratedTokenDto, description: 'The user had no code: created' })
  async regenerate(
    @CurrentUser() user: User,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RegeneratedTokenDto> {
    const { created, body } = await this.tokens.regenerate(user);
    res.status(created ? 201 : 200);
    return body;
  }
}
