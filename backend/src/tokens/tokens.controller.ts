import { Controller, Get, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { TokenResponseDto } from './dto/token.dto';
import { TokensService } from './tokens.service';

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
