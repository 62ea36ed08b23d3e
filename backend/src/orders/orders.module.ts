import { Module } from '@nestjs/common';
import { DiscountsModule } from '../discounts/discounts.module';
import { LicensesModule } from '../licenses/licenses.module';
import { AdminOrdersController } from './admin-orders.controller';
import { AdminOrdersService } from './admin-orders.service';
import { OrderRepositoryModule } from './order-repository.module';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';

@Module({
  imports: [LicensesModule, DiscountsModule, OrderRepositoryModule],
  controllers: [OrdersController, AdminOrdersController],
  providers: [OrdersService, AdminOrdersService],
  exports: [OrdersService],
})
export class OrdersModule {}
