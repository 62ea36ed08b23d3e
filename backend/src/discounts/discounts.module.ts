import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { DiscountRepository } from './discount.repository';
import { DiscountsController } from './discounts.controller';
import { DiscountsService } from './discounts.service';

@Module({
  imports: [UsersModule],
  controllers: [DiscountsController],
  providers: [DiscountsService, DiscountRepository],
  exports: [DiscountsService],
})
export class DiscountsModule {}
