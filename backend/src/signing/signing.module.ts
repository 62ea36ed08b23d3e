import { Module } from '@nestjs/common';
import { SigningController } from './signing.controller';
import { SigningService } from './signing.service';

/** The store's answer signatures (docs/wordpress.md, Signatures): the key, and its public half's route. */
@Module({
  controllers: [SigningController],
  providers: [SigningService],
  exports: [SigningService],
})
export class SigningModule {}
