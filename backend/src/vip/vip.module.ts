import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { LicensesModule } from '../licenses/licenses.module';
import { PlansModule } from '../plans/plans.module';
import { VipAdminController, VipGrantController } from './vip.controller';
import { VipService } from './vip.service';

@Module({
  imports: [AuthModule, LicensesModule, EntitlementsModule, PlansModule],
  controllers: [VipAdminController, VipGrantController],
  providers: [VipService],
  exports: [VipService],
})
export class VipModule {}
