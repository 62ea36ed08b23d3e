import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { AdminPlansController } from './admin-plans.controller';
import { PlanRepository } from './plan.repository';
import { PlansController } from './plans.controller';
import { PlansService } from './plans.service';

@Module({
  imports: [AuthModule, EntitlementsModule],
  controllers: [PlansController, AdminPlansController],
  providers: [PlansService, PlanRepository],
  exports: [PlansService],
})
export class PlansModule {}
