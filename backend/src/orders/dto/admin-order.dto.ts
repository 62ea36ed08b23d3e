import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TIERS, type Tier } from '@seatkeeper/domain';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { AuditEntryDto } from '../../audit/dto/audit.dto';
import { IsIsoDateInRange } from '../../common/validators';
import { PageQueryDto, PaginationDto } from '../../common/dto/paging.dto';
import {
  ORDER_STATUSES,
  REFUND_STATUSES,
  type OrderRefundStatus,
  type OrderStatus,
} from '../order.entity';
import { ADMIN_ORDER_SORTS, type AdminOrderSort } from '../admin-order-query';
import { OrderEndReasonDto } from './order.dto';

/** The admin orders list's query (docs/product.md, back office): paged, searched, filtered, sorted. */
export class AdminOrderQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'Part of an order number, a customer e-mail or a gateway trade number',
  })
  @IsOptional()
  @MaxLength(200)
  @IsString()
  q?: string;

  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}` })
  status?: OrderStatus;

  @ApiPropertyOptional({
    description: "The gateway that took the order: 'alipay', 'wechat', 'sandbox', 'internal'…",
    example: 'alipay',
  })
  @IsOptional()
  @Matches(/^[a-z0-9_-]{1,32}$/, {
    message: 'paymentMethod must be a gateway name (a-z, 0-9, _ and -)',
  })
  @IsString()
  paymentMethod?: string;

  @ApiPropertyOptional({ enum: TIERS, description: 'The plan bought' })
  @IsOptional()
  @IsIn(TIERS, { message: `tier must be one of ${TIERS.join(', ')}` })
  tier?: Tier;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'true: only paid orders flagged for a refund',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'needsRefund must be true or false' })
  needsRefund?: 'true' | 'false';

  @ApiPropertyOptional({ format: 'uuid', description: "Only this customer's orders" })
  @IsOptional()
  @IsUUID('all', { message: 'userId must be a UUID' })
  userId?: string;

  @ApiPropertyOptional({
    description:
      'Created at or after (ISO 8601 date or date-time; a date alone is the start of that day in SELLER_TIME_ZONE)',
    example: '2026-01-01',
  })
  @IsOptional()
  @IsIsoDateInRange({ message: 'from must be an ISO 8601 date' })
  from?: string;

  @ApiPropertyOptional({
    description:
      'Created before (ISO 8601 date-time, exclusive); a date alone (YYYY-MM-DD) includes that whole day in SELLER_TIME_ZONE',
    example: '2026-01-31',
  })
  @IsOptional()
  @IsIsoDateInRange({ message: 'to must be an ISO 8601 date' })
  to?: string;

  @ApiPropertyOptional({ enum: ADMIN_ORDER_SORTS, default: 'time_desc' })
  @IsOptional()
  @IsIn(ADMIN_ORDER_SORTS, { message: `sort must be one of ${ADMIN_ORDER_SORTS.join(', ')}` })
  sort: AdminOrderSort = 'time_desc';

  /** The orders list pages by 20 like the subscription overview. */
  override pageSize: number = 20;
}

/** An order as the admin list shows it. Amounts in cents. */
export class AdminOrderItemDto {
  @ApiProperty({ description: 'The order number' }) orderId!: string;
  @ApiProperty() customerId!: string;
  @ApiProperty() customerEmail!: string;
  @ApiProperty({ enum: TIERS }) tier!: Tier;
  @ApiProperty({ enum: TIERS, nullable: true, description: 'The plan an upgrade started from' })
  upgradedFromTier!: Tier | null;
  @ApiProperty({ description: 'Amount due, in cents' }) amount!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: OrderStatus;
  @ApiProperty({ enum: REFUND_STATUSES, nullable: true })
  refundStatus!: OrderRefundStatus | null;
  @ApiProperty({ description: 'The gateway that took the order' }) paymentGateway!: string;
  @ApiProperty({ type: String, nullable: true, description: "The gateway's trade number" })
  tradeNo!: string | null;
  @ApiProperty() needsRefund!: boolean;
  @ApiProperty({ type: String, nullable: true }) needsRefundReason!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) paidAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) refundedAt!: string | null;
}

export class AdminOrderPageDto {
  @ApiProperty({ type: [AdminOrderItemDto] }) items!: AdminOrderItemDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
  @ApiProperty({
    description:
      'Net money of the filtered orders (paidTotal − refundedTotal), in cents (all pages); pending, closed and internal orders move none',
  })
  amountTotal!: number;
  @ApiProperty({
    description: 'Money taken by the filtered orders (paid or refunded since), in cents',
  })
  paidTotal!: number;
  @ApiProperty({ description: 'Money given back for the filtered orders, in cents' })
  refundedTotal!: number;
  @ApiProperty({ description: 'paidTotal − refundedTotal, in cents' })
  netTotal!: number;
}

/** One order with everything the admin needs to answer a question about it, and its audit trail. */
export class AdminOrderDetailDto extends AdminOrderItemDto {
  @ApiProperty() productName!: string;
  @ApiProperty() seatCount!: number;
  @ApiProperty({ description: 'List price, in cents' }) listPrice!: number;
  @ApiProperty({
    description:
      'Deduction for the plan owned before (upgrades), in cents: list price − discount − amount',
  })
  deduction!: number;
  @ApiProperty({ type: String, nullable: true }) discountCode!: string | null;
  @ApiProperty({ description: 'Discount, in cents' }) discountAmount!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'How it was paid, as the gateway said',
  })
  paymentMethod!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why it ended unpaid, as stored (a code: see endReason)',
  })
  failureReason!: string | null;
  @ApiProperty({ type: OrderEndReasonDto, nullable: true, description: 'failureReason read' })
  endReason!: OrderEndReasonDto | null;
  @ApiProperty({ type: String, nullable: true }) cancelledAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Our refund number at the gateway' })
  refundNo!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The gateway's refund id" })
  refundId!: string | null;
  @ApiProperty({ type: String, nullable: true }) refundError!: string | null;
  @ApiProperty({ type: String, nullable: true }) refundRequestedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The admin who asked (e-mail)' })
  refundRequestedBy!: string | null;
}

export class AdminOrderDetailAnswerDto {
  @ApiProperty({ type: AdminOrderDetailDto }) order!: AdminOrderDetailDto;
  @ApiProperty({ type: [AuditEntryDto], description: "This order's audit entries, oldest first" })
  audit!: AuditEntryDto[];
}
