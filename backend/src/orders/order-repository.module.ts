import { Module } from '@nestjs/common';
import { OrderRepository } from './order.repository';

/**
 * The orders table's repository on its own, for the modules that make orders without the orders service:
 * LicensesModule (the ultra auto-expansion's internal order) and VipModule (the VIP grant's), which
 * OrdersModule itself depends on for fulfilment.
 */
@Module({ providers: [OrderRepository], exports: [OrderRepository] })
export class OrderRepositoryModule {}
