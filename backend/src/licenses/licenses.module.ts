import { Module } from '@nestjs/common';
import { TokensModule } from '../tokens/tokens.module';
import { LicenseRepository } from './license.repository';
import { LicensesController } from './licenses.controller';
import { LicensesService } from './licenses.service';

/** Owns the licences table: other modules call LicensesService, never LicenseRepository or the entity. */
@Module({
  imports: [TokensModule],
  controllers: [LicensesController],
  providers: [LicensesService, LicenseRepository],
  exports: [LicensesService],
})
export class LicensesModule {}
