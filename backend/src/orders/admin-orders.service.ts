import { Inject, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { createdWindow, tradeNoOf, type AdminOrderCursor } from './admin-order-query';
import {
  CSV_COLUMNS,
  CSV_HEADERS,
  csvOrderRow,
  csvRow,
  deductionOf,
  exportFileName,
  UTF8_BOM,
  zonedTimeFormatter,
} from './order-csv';
import type {
  AdminOrderDetailAnswerDto,
  AdminOrderDetailDto,
  AdminOrderItemDto,
  AdminOrderPageDto,
  AdminOrderQueryDto,
} from './dto/admin-order.dto';
import { endReasonOf } from './order-end-reason';
import { OrderError, OrderErrorCode } from './order-errors';
import { OrderRepository, type AdminOrderRow, type AdminOrderWhere } from './order.repository';

/** Rows per export batch: one batch in memory at a time (docs/product.md, "Orders CSV export"). */
export const EXPORT_BATCH_ROWS = 1000;

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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(q: AdminOrderQueryDto): Promise<AdminOrderPageDto> {
    const { rows, total, paidTotal, refundedTotal } = await this.repo.adminPage({
      ...whereOf(q, this.config.sellerTimeZone),
      sort: q.sort,
      page: q.page,
      pageSize: q.pageSize,
    });
    return {
      items: rows.map(itemOf),
      pagination: { page: q.page, pageSize: q.pageSize, total },
      amountTotal: paidTotal - refundedTotal,
      paidTotal,
      refundedTotal,
      netTotal: paidTotal - refundedTotal,
    };
  }

  /**
   * Every order the list's filters match, in its sort, as CSV chunks (docs/product.md, "Orders CSV
   * export"): the first batch is read before anything is sent (a database error is still a plain error
   * answer), then one batch at a time as the consumer asks for more.
   */
  async exportCsv(
    q: AdminOrderQueryDto,
    language: 'en' | 'zh-CN',
    now = new Date(),
  ): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
    const timeZone = this.config.sellerTimeZone;
    const filter = { ...whereOf(q, timeZone), sort: q.sort };
    const time = zonedTimeFormatter(timeZone);
    const headers = CSV_HEADERS[language];
    const repo = this.repo;
    const first = await repo.adminExportBatch(filter, null, EXPORT_BATCH_ROWS);
    async function* chunks() {
      yield UTF8_BOM + csvRow(CSV_COLUMNS.map((c) => headers[c]));
      let batch = first;
      while (batch.length) {
        yield batch
          .map((r) => csvOrderRow({ ...itemOf(r), ...csvFieldsOf(r) }, time, language))
          .join('');
        if (batch.length < EXPORT_BATCH_ROWS) return;
        const last = batch[batch.length - 1];
        const after: AdminOrderCursor = {
          createdAt: last.created_key,
          amount: last.amount,
          id: last.id,
        };
        batch = await repo.adminExportBatch(filter, after, EXPORT_BATCH_ROWS);
      }
    }
    return { fileName: exportFileName(now, timeZone), chunks: chunks() };
  }

  async detail(orderId: string): Promise<AdminOrderDetailAnswerDto> {
    const row = await this.repo.adminDetail(orderId);
    if (!row) throw new OrderError(OrderErrorCode.ORDER_NOT_FOUND);
    return { order: detailOf(row), audit: await this.audit.forTarget(row.order_id) };
  }
}

/** The list's filters as the repository reads them (the export takes the same). */
function whereOf(q: AdminOrderQueryDto, timeZone: string): AdminOrderWhere {
  const window = createdWindow(q.from, q.to, timeZone);
  return {
    q: q.q,
    status: q.status,
    gateway: q.paymentMethod,
    tier: q.tier,
    needsRefund: q.needsRefund === undefined ? undefined : q.needsRefund === 'true',
    userId: q.userId,
    from: window.from,
    to: window.to,
  };
}

/** What the CSV writes beyond the list's item: raw times (formatted in the seller's zone) and prices. */
function csvFieldsOf(r: AdminOrderRow) {
  return {
    createdAt: r.created_at,
    paidAt: r.paid_at,
    refundedAt: r.refunded_at,
    productName: r.product_name,
    listPrice: r.list_price,
    discountCode: r.discount_code,
    discountAmount: r.discount_amount,
    paymentMethod: r.payment_method,
  };
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
    deduction: deductionOf({
      listPrice: r.list_price,
      discountAmount: r.discount_amount,
      amount: r.amount,
    }),
    discountCode: r.discount_code,
    discountAmount: r.discount_amount,
    paymentMethod: r.payment_method,
    failureReason: r.failure_reason,
    endReason: endReasonOf(r.failure_reason),
    cancelledAt: iso(r.cancelled_at),
    refundNo: r.refund_no,
    refundId: r.refund_id,
    refundError: r.refund_error,
    refundRequestedAt: iso(r.refund_requested_at),
    refundRequestedBy: r.refund_requested_by,
  };
}
