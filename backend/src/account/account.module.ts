import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LicensesModule } from '../licenses/licenses.module';
import { OrdersModule } from '../orders/orders.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

/** The customer's own account: sessions, a copy of their data, deletion (docs/rules.md). */
@Module({
  imports: [AuthModule, OrdersModule, LicensesModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
