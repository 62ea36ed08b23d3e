import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { LicensesModule } from '../licenses/licenses.module';
import { PlansModule } from '../plans/plans.module';
import { OrdersModule } from '../orders/orders.module';
import { UsersModule } from '../users/users.module';
import { VipModule } from '../vip/vip.module';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';

/** The admin's customer page and support actions (docs/rules.md, "Customer support"). */
@Module({
  imports: [
    AuthModule,
    UsersModule,
    LicensesModule,
    EntitlementsModule,
    PlansModule,
    OrdersModule,
    VipModule,
  ],
  controllers: [CustomersController],
  providers: [CustomersService],
})
export class CustomersModule {}
