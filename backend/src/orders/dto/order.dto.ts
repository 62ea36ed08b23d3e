import { ApiProperty } from '@nestjs/swagger';
import { TIERS, type Tier } from '@seatkeeper/domain';
import type { Order, OrderStatus } from '../order.entity';

export class OrderDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'The order number' }) orderId!: string;
  @ApiProperty() productName!: string;
  @ApiProperty({ enum: ['pending', 'paid', 'failed', 'cancelled', 'expired'] })
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
    };
  }
}

export class OrderListDto {
  @ApiProperty({ type: [OrderDto] }) orders!: OrderDto[];
}

export class OrderAnswerDto {
  @ApiProperty({ type: OrderDto }) order!: OrderDto;
}
