import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { OrdersService } from '../orders/orders.service';
import { gatewayDisplayName } from '../payments/payments.module';
import type { User } from '../users/user.entity';
import type { ReceiptAnswerDto } from './dto/receipt.dto';
import { receiptOf } from './receipt';

@Injectable()
export class ReceiptsService {
  constructor(
    private readonly orders: OrdersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The receipt of one of the customer's orders; another customer's order is not found (404). */
  async receiptFor(user: User, orderId: string): Promise<ReceiptAnswerDto> {
    const order = await this.orders.ownedOrder(user, orderId);
    return {
      receipt: receiptOf(
        order,
        { buyerEmail: user.email, sellerName: this.config.sellerName },
        gatewayDisplayName,
      ),
    };
  }
}
