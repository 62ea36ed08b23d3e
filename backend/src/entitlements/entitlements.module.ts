import { Module } from '@nestjs/common';
import { DiscountsModule } from '../discounts/discounts.module';
import { LicensesModule } from '../licenses/licenses.module';
import { OrdersModule } from '../orders/orders.module';
import { EntitlementsController } from './entitlements.controller';
import { EntitlementsService } from './entitlements.service';

/**
 * Money changes seats here (docs/architecture.md, "Entitlements"): payments, vip and customers call it; it
 * calls orders (the ledger and its transitions), licences (the seats), discounts, mail and audit.
 */
@Module({
  imports: [OrdersModule, LicensesModule, DiscountsModule],
  controllers: [EntitlementsController],
  providers: [EntitlementsService],
  exports: [EntitlementsService],
})
export class EntitlementsModule {}
