import { Module } from '@nestjs/common';
import { TokensController, VerifyTokenController } from './tokens.controller';
import { TokensService } from './tokens.service';

@Module({
  controllers: [TokensController, VerifyTokenController],
  providers: [TokensService],
  exports: [TokensService],
})
export class TokensModule {}
