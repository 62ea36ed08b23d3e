import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TIERS, type Tier } from '@seatkeeper/domain';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import {
  ORDER_STATUSES,
  REFUND_STATUSES,
  type Order,
  type OrderRefundStatus,
  type OrderStatus,
} from '../order.entity';
import { END_REASON_CODES, endReasonOf, type EndReasonCode } from '../order-end-reason';

/** The order's states, for other modules' DTOs (they may not import the entity). */
export { ORDER_STATUSES, REFUND_STATUSES };

/** Why an order ended unpaid, as a code the screens word in their language (order-end-reason.ts). */
export class OrderEndReasonDto {
  @ApiProperty({ enum: END_REASON_CODES }) code!: EndReasonCode;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'replaced_by_order: the order that replaced it',
  })
  orderId!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "gateway_refused: the gateway's message; other: the text as stored",
  })
  detail!: string | null;
}

export class OrderDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'The order number' }) orderId!: string;
  @ApiProperty() productName!: string;
  @ApiProperty({ enum: ORDER_STATUSES })
  status!: OrderStatus;
  @ApiProperty({ description: 'Amount due, in cents' }) amount!: number;
  @ApiProperty({ description: 'List price, in cents' }) listPrice!: number;
  @ApiProperty({ description: 'Discount, in cents' }) discountAmount!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: TIERS }) subscriptionTier!: Tier;
  @ApiProperty({ enum: TIERS, nullable: true }) upgradedFromTier!: Tier | null;
  @ApiProperty() seatCount!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) paidAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) paymentMethod!: string | null;
  @ApiProperty({
    description:
      'Paid, but nothing was granted (it no longer made sense when the money arrived): the seller should refund it',
  })
  needsRefund!: boolean;
  @ApiProperty({
    enum: REFUND_STATUSES,
    nullable: true,
    description: 'Where the admin refund stands; null when none was asked for',
  })
  refundStatus!: OrderRefundStatus | null;
  @ApiProperty({ type: String, nullable: true }) refundedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The gateway's refund id" })
  refundId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the last refund attempt failed' })
  refundError!: string | null;
  @ApiProperty({
    type: OrderEndReasonDto,
    nullable: true,
    description: 'Why it was cancelled, expired or failed; null otherwise',
  })
  endReason!: OrderEndReasonDto | null;

  static from(o: Order): OrderDto {
    return {
      id: o.id,
      orderId: o.orderId,
      productName: o.productName,
      status: o.status,
      amount: o.amount,
      listPrice: o.listPrice,
      discountAmount: o.discountAmount,
      currency: o.currency,
      subscriptionTier: o.subscriptionTier,
      upgradedFromTier: o.upgradedFromTier ?? null,
      seatCount: o.seatCount,
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt ? o.paidAt.toISOString() : null,
      paymentMethod: o.paymentMethod ?? null,
      needsRefund: o.needsRefund,
      refundStatus: o.refundStatus ?? null,
      refundedAt: o.refundedAt ? o.refundedAt.toISOString() : null,
      refundId: o.refundId ?? null,
      refundError: o.refundError ?? null,
      endReason: endReasonOf(o.failureReason),
    };
  }
}

export class OrderListDto {
  @ApiProperty({ type: [OrderDto] }) orders!: OrderDto[];
}

export class RefundOrderDto {
  @ApiPropertyOptional({ description: 'Why (sent to the gateway)', maxLength: 200 })
  @IsOptional()
  @MaxLength(200)
  @IsString()
  reason?: string;
}

export class OrderAnswerDto {
  @ApiProperty({ type: OrderDto }) order!: OrderDto;
}

/** An order of a refund chain (docs/rules.md, "Refunds"). */
export class RefundChainOrderDto {
  @ApiProperty() orderId!: string;
  @ApiProperty({ enum: TIERS }) tier!: Tier;
  @ApiProperty({ description: 'In cents' }) amount!: number;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: OrderStatus;
  @ApiProperty({ enum: REFUND_STATUSES, nullable: true }) refundStatus!: OrderRefundStatus | null;
  @ApiProperty() paymentGateway!: string;
}

export class RefundChainDto {
  @ApiProperty({
    type: [RefundChainOrderDto],
    description:
      'What a refund of this order takes, latest first: the standing upgrades priced against it, then the order',
  })
  orders!: RefundChainOrderDto[];
}

export class RefundChainResultDto {
  @ApiProperty({
    type: [OrderDto],
    description: 'The orders refunded (or whose refund is pending), latest first',
  })
  orders!: OrderDto[];
  @ApiProperty({
    type: [String],
    description:
      'Orders still to refund once a pending refund settles (empty when the chain is done)',
  })
  remaining!: string[];
}
