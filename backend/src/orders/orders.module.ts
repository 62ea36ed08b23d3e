import { Module } from '@nestjs/common';
import { DiscountsModule } from '../discounts/discounts.module';
import { UsersModule } from '../users/users.module';
import { AdminOrdersController } from './admin-orders.controller';
import { AdminOrdersService } from './admin-orders.service';
import { OrdersController } from './orders.controller';
import { OrderRepository } from './order.repository';
import { OrdersService } from './orders.service';

@Module({
  imports: [DiscountsModule, UsersModule],
  controllers: [OrdersController, AdminOrdersController],
  providers: [OrdersService, AdminOrdersService, OrderRepository],
  exports: [OrdersService],
})
export class OrdersModule {}
