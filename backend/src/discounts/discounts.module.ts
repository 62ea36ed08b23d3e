import { Module } from '@nestjs/common';
import { DiscountRepository } from './discount.repository';
import { DiscountsController } from './discounts.controller';
import { DiscountsService } from './discounts.service';

@Module({
  controllers: [DiscountsController],
  providers: [DiscountsService, DiscountRepository],
  exports: [DiscountsService],
})
export class DiscountsModule {}
