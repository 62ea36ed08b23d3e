import { ApiProperty } from '@nestjs/swagger';
import { TIERS, type Tier } from '@seatkeeper/domain';
import { ORDER_STATUSES, REFUND_STATUSES } from '../../orders/dto/order.dto';
import type { OrderRefundStatus, OrderStatus } from '../../orders/order.entity';
import { LocalizedTextDto } from '../../payments/dto/payment.dto';
import type { Receipt } from '../receipt';

/** An order's receipt (docs/payments.md, "Receipts"). Amounts in integer cents. */
export class ReceiptDto implements Receipt {
  @ApiProperty({ description: 'The order number' }) orderId!: string;
  @ApiProperty() productName!: string;
  @ApiProperty({ enum: TIERS }) subscriptionTier!: Tier;
  @ApiProperty({ enum: TIERS, nullable: true, description: 'The plan an upgrade started from' })
  upgradedFromTier!: Tier | null;
  @ApiProperty() seatCount!: number;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: OrderStatus;
  @ApiProperty() currency!: string;
  @ApiProperty({ description: 'List price of the plan bought, in cents' }) listPrice!: number;
  @ApiProperty({ description: 'Deduction for the current plan (an upgrade), in cents' })
  deduction!: number;
  @ApiProperty({ type: String, nullable: true }) discountCode!: string | null;
  @ApiProperty({ description: 'Discount, in cents' }) discountAmount!: number;
  @ApiProperty({ description: "The order's total, in cents" }) amount!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'What was paid, in cents; null when the order was never paid',
  })
  amountPaid!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'How it was paid (alipay, wechat, ...)',
  })
  paymentMethod!: string | null;
  @ApiProperty({ description: "The gateway that took the order ('internal' for the system's own)" })
  paymentGateway!: string;
  @ApiProperty({ type: LocalizedTextDto, nullable: true, description: 'How it was paid, by name' })
  paymentMethodName!: LocalizedTextDto | null;
  @ApiProperty({ type: String, nullable: true, description: "The gateway's trade number" })
  tradeNo!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) paidAt!: string | null;
  @ApiProperty({
    enum: REFUND_STATUSES,
    nullable: true,
    description: 'Where a refund stands; null when none was asked for',
  })
  refundStatus!: OrderRefundStatus | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The refund (the whole amount) once one was asked for, in cents',
  })
  refundAmount!: number | null;
  @ApiProperty({ type: String, nullable: true }) refundRequestedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) refundedAt!: string | null;
  @ApiProperty({ description: "The buyer's e-mail" }) buyerEmail!: string;
  @ApiProperty({ description: 'The seller (SELLER_NAME)' }) sellerName!: string;
}

export class ReceiptAnswerDto {
  @ApiProperty({ type: ReceiptDto }) receipt!: ReceiptDto;
}
