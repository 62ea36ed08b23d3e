import { Module } from '@nestjs/common';
import { TokensModule } from '../tokens/tokens.module';
import { LicenseCheckController, LicensesController } from './licenses.controller';
import { LicensesService } from './licenses.service';

@Module({
  imports: [TokensModule],
  controllers: [LicensesController, LicenseCheckController],
  providers: [LicensesService],
  exports: [LicensesService],
})
export class LicensesModule {}
