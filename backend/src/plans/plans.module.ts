import { Module } from '@nestjs/common';
import { LicensesModule } from '../licenses/licenses.module';
import { PlansController } from './plans.controller';
import { PlansService } from './plans.service';

@Module({ imports: [LicensesModule], controllers: [PlansController], providers: [PlansService] })
export class PlansModule {}
