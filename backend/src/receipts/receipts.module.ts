import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { ReceiptsController } from './receipts.controller';
import { ReceiptsService } from './receipts.service';

/**
 * Receipts (docs/payments.md, "Receipts"): an order's breakdown for its owner, with the seller's name and
 * the payment method's name. Its own module: it reads orders (OrdersService) and the gateways' names
 * (payments.module.ts), which the orders module, imported by payments, cannot.
 */
@Module({
  imports: [OrdersModule],
  controllers: [ReceiptsController],
  providers: [ReceiptsService],
})
export class ReceiptsModule {}
