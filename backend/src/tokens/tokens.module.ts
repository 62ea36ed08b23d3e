import { Module } from '@nestjs/common';
import { TokenRepository } from './token.repository';
import { TokensController } from './tokens.controller';
import { TokensService } from './tokens.service';

@Module({
  controllers: [TokensController],
  providers: [TokensService, TokenRepository],
  exports: [TokensService],
})
export class TokensModule {}
