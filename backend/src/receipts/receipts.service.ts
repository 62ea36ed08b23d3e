import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { OrderError, OrderErrorCode } from '../orders/order-errors';
import { OrderRepository } from '../orders/order.repository';
import { gatewayDisplayName } from '../payments/payments.module';
import type { User } from '../users/user.entity';
import type { ReceiptAnswerDto } from './dto/receipt.dto';
import { receiptOf } from './receipt';

@Injectable()
export class ReceiptsService {
  constructor(
    private readonly orders: OrderRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The receipt of one of the customer's orders; another customer's order is not found (404). */
  async receiptFor(user: User, orderId: string): Promise<ReceiptAnswerDto> {
    const order = await this.orders.findForUser(orderId, user.id);
    if (!order) throw new OrderError(OrderErrorCode.ORDER_NOT_FOUND);
    return {
      receipt: receiptOf(
        order,
        { buyerEmail: user.email, sellerName: this.config.sellerName },
        gatewayDisplayName,
      ),
    };
  }
}
