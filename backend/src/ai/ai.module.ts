import { Module } from '@nestjs/common';
import { LicensesModule } from '../licenses/licenses.module';
import { AiConfigController, AiGenerateController } from './ai.controller';
import { AiConfigService } from './ai-config.service';
import { AiJobsService } from './ai-jobs.service';

@Module({
  imports: [LicensesModule],
  controllers: [AiConfigController, AiGenerateController],
  providers: [AiConfigService, AiJobsService],
})
export class AiModule {}
