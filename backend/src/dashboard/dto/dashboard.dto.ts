import { ApiProperty } from '@nestjs/swagger';
import { TIERS } from '@seatkeeper/domain';
import { PERIOD_KEYS, type PeriodKey } from '../dashboard-periods';

/** A period's figures (docs/product.md, back office). Amounts in cents. */
export class DashboardFiguresDto {
  @ApiProperty({ description: 'Paid amounts minus refunded amounts in the period, in cents' })
  revenue!: number;
  @ApiProperty({ description: 'Orders paid in the period (internal zero-amount orders aside)' })
  orders!: number;
  @ApiProperty({ description: 'Customers with at least one order paid in the period' })
  payingCustomers!: number;
  @ApiProperty({ description: 'Accounts created in the period' }) signUps!: number;
  @ApiProperty({ description: 'Seats added by the orders paid in the period' }) seatsSold!: number;
  @ApiProperty({ description: 'Of the seats sold in the period, those bound to a website now' })
  seatsBound!: number;
  @ApiProperty({ description: 'Refunds completed in the period' }) refunds!: number;
  @ApiProperty({ description: 'Their amount, in cents' }) refundAmount!: number;
}

/**
 * The money of the orders created in a period, defined as the admin orders list's totals (docs/product.md,
 * "Orders /admin/orders"): the list filtered on `fromDay`…`toDay` answers the same three figures to the cent.
 */
export class DashboardOrdersMoneyDto {
  @ApiProperty({
    description: 'Taken: orders created in the period and paid (refunded since included), in cents',
  })
  paidTotal!: number;
  @ApiProperty({ description: 'Given back: those of them refunded, in cents' })
  refundedTotal!: number;
  @ApiProperty({ description: 'paidTotal − refundedTotal, in cents' }) netTotal!: number;
}

export class DashboardPeriodDto {
  @ApiProperty({ enum: PERIOD_KEYS }) key!: PeriodKey;
  @ApiProperty({ type: String, nullable: true, description: 'Start (inclusive); null: all time' })
  from!: string | null;
  @ApiProperty({ description: 'End (exclusive): the end of the seller’s today' }) to!: string;
  @ApiProperty({ type: DashboardFiguresDto }) current!: DashboardFiguresDto;
  @ApiProperty({
    type: DashboardFiguresDto,
    nullable: true,
    description: 'The period of the same length just before; null for all time',
  })
  previous!: DashboardFiguresDto | null;
  @ApiProperty({ type: String, nullable: true }) previousFrom!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The period’s first day (YYYY-MM-DD, the seller’s); null: all time',
  })
  fromDay!: string | null;
  @ApiProperty({ description: 'The period’s last day (YYYY-MM-DD, the seller’s today), included' })
  toDay!: string;
  @ApiProperty({
    type: DashboardOrdersMoneyDto,
    description:
      'The orders created in the period: what GET /api/admin/orders?from=fromDay&to=toDay totals',
  })
  orderMoney!: DashboardOrdersMoneyDto;
  @ApiProperty({ type: String, nullable: true }) previousTo!: string | null;
}

export class DashboardDayDto {
  @ApiProperty({ description: 'A day of the seller’s time zone, YYYY-MM-DD' }) date!: string;
  @ApiProperty({ description: 'Paid minus refunded that day, in cents' }) revenue!: number;
  @ApiProperty({ description: 'Orders paid that day' }) orders!: number;
}

export class DashboardSeriesDto {
  @ApiProperty({ type: [DashboardDayDto], description: 'The last 30 days, today last' })
  last30!: DashboardDayDto[];
  @ApiProperty({ type: [DashboardDayDto], description: 'The last 90 days, today last' })
  last90!: DashboardDayDto[];
}

export class DashboardSliceDto {
  @ApiProperty({ description: "The plan (tier) or the gateway's name" }) key!: string;
  @ApiProperty() orders!: number;
  @ApiProperty({ description: 'Paid amounts, in cents (refunds not subtracted)' }) revenue!: number;
}

export class DashboardBreakdownDto {
  @ApiProperty({ type: [DashboardSliceDto], description: 'Orders paid in the last 30 days' })
  last30!: DashboardSliceDto[];
  @ApiProperty({ type: [DashboardSliceDto] }) allTime!: DashboardSliceDto[];
}

export class DashboardDto {
  @ApiProperty({ example: 'Asia/Shanghai', description: 'SELLER_TIME_ZONE: the zone of the days' })
  timeZone!: string;
  @ApiProperty({ description: 'The seller’s today, YYYY-MM-DD' }) today!: string;
  @ApiProperty() generatedAt!: string;
  @ApiProperty({ type: [DashboardPeriodDto], description: 'today, last7, last30, all' })
  periods!: DashboardPeriodDto[];
  @ApiProperty({ type: DashboardSeriesDto }) revenueByDay!: DashboardSeriesDto;
  @ApiProperty({
    type: DashboardBreakdownDto,
    description: `Orders by plan (${TIERS.join(', ')}), most first`,
  })
  ordersByPlan!: DashboardBreakdownDto;
  @ApiProperty({
    type: DashboardBreakdownDto,
    description: 'Orders by payment gateway, most first',
  })
  paymentMethods!: DashboardBreakdownDto;
}
