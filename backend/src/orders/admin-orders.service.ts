import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { createdWindow, tradeNoOf } from './admin-order-query';
import type {
  AdminOrderDetailAnswerDto,
  AdminOrderDetailDto,
  AdminOrderItemDto,
  AdminOrderPageDto,
  AdminOrderQueryDto,
} from './dto/admin-order.dto';
import { OrderError, OrderErrorCode } from './order-errors';
import { OrderRepository, type AdminOrderRow } from './order.repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The admin's view of all orders (docs/product.md, back office): the paged, filtered list with the sum of
 * its amounts, and one order's breakdown with its audit trail. Refunds are RefundsService's.
 */
@Injectable()
export class AdminOrdersService {
  constructor(
    private readonly repo: OrderRepository,
    private readonly audit: AuditService,
  ) {}

  async list(q: AdminOrderQueryDto): Promise<AdminOrderPageDto> {
    const window = createdWindow(q.from, q.to);
    const { rows, total, amountTotal } = await this.repo.adminPage({
      q: q.q,
      status: q.status,
      gateway: q.paymentMethod,
      tier: q.tier,
      needsRefund: q.needsRefund === undefined ? undefined : q.needsRefund === 'true',
      userId: q.userId,
      from: window.from,
      to: window.to,
      sort: q.sort,
      page: q.page,
      pageSize: q.pageSize,
    });
    return {
      items: rows.map(itemOf),
      pagination: { page: q.page, pageSize: q.pageSize, total },
      amountTotal,
    };
  }

  async detail(orderId: string): Promise<AdminOrderDetailAnswerDto> {
    const row = await this.repo.adminDetail(orderId);
    if (!row) throw new OrderError(OrderErrorCode.ORDER_NOT_FOUND);
    return { order: detailOf(row), audit: await this.audit.forTarget(row.order_id) };
  }
}

function itemOf(r: AdminOrderRow): AdminOrderItemDto {
  return {
    orderId: r.order_id,
    customerId: r.user_id,
    customerEmail: r.email,
    tier: r.subscription_tier,
    upgradedFromTier: r.upgraded_from_tier,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    refundStatus: r.refund_status,
    paymentGateway: r.payment_gateway,
    tradeNo: tradeNoOf(r.metadata),
    needsRefund: r.needs_refund,
    needsRefundReason: r.needs_refund_reason,
    createdAt: iso(r.created_at)!,
    paidAt: iso(r.paid_at),
    refundedAt: iso(r.refunded_at),
  };
}

function detailOf(r: AdminOrderRow): AdminOrderDetailDto {
  return {
    ...itemOf(r),
    productName: r.product_name,
    seatCount: r.seat_count,
    listPrice: r.list_price,
    // amount = max(0, list price − the old plan's price) − discount (backend/src/plans/pricing.ts).
    deduction: Math.max(0, r.list_price - r.discount_amount - r.amount),
    discountCode: r.discount_code,
    discountAmount: r.discount_amount,
    paymentMethod: r.payment_method,
    failureReason: r.failure_reason,
    cancelledAt: iso(r.cancelled_at),
    refundNo: r.refund_no,
    refundId: r.refund_id,
    refundError: r.refund_error,
    refundRequestedAt: iso(r.refund_requested_at),
    refundRequestedBy: r.refund_requested_by,
  };
}
