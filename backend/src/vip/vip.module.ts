import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LicensesModule } from '../licenses/licenses.module';
import { VipAdminController, VipGrantController } from './vip.controller';
import { VipService } from './vip.service';

@Module({
  imports: [AuthModule, LicensesModule],
  controllers: [VipAdminController, VipGrantController],
  providers: [VipService],
  exports: [VipService],
})
export class VipModule {}
