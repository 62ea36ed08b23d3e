import { Module } from '@nestjs/common';
import { LicensesModule } from '../licenses/licenses.module';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';

@Module({ imports: [LicensesModule], controllers: [OrdersController], providers: [OrdersService], exports: [OrdersService] })
export class OrdersModule {}
