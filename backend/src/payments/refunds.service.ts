import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { errorLine } from '../common/loggable-error';
import { Periodic } from '../common/periodic';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { OrderDto, type OrderAnswerDto, type RefundChainOrderDto } from '../orders/dto/order.dto';
import { OrderError, OrderErrorCode } from '../orders/order-errors';
import { OrdersService } from '../orders/orders.service';
import type { User } from '../users/user.entity';
import {
  PAYMENT_GATEWAYS,
  type PaymentGateways,
  type RefundNotice,
  type RefundResult,
} from './gateways/payment-gateway';

/**
 * Admin refunds of paid orders (whole amount) through the order's gateway (docs/rules.md, "Refunds"). The
 * request is a guarded transition under the order's row lock (OrdersService.requestRefund); the gateway is
 * called outside any transaction with the order's stable refund number; its answer, a notification or a
 * query settles the refund once (OrdersService.settleRefund), which takes the seats back.
 */
@Injectable()
export class RefundsService implements OnModuleInit {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly orders: OrdersService,
    private readonly entitlements: EntitlementsService,
    @Inject(PAYMENT_GATEWAYS) private readonly gateways: PaymentGateways,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  /** The sweep every REFUND_SWEEP_SECONDS (a minute by default); one run at a time per instance. */
  onModuleInit() {
    new Periodic(() => this.sweep(), {
      name: 'settle-refunds',
      everyMs: this.config.payments.refundSweepSeconds * 1000,
      skipWhileRunning: true,
      registry: this.scheduler,
      logger: this.logger,
    }).start();
  }

  /**
   * Refunds a paid order. Answers the order (refunded, or its refund pending at the gateway, or the refund
   * already asked for); a gateway's refusal leaves it paid and answers REFUND_FAILED (502) with the error.
   */
  async refund(admin: User, orderId: string, reason?: string): Promise<OrderAnswerDto> {
    const claim = await this.entitlements.requestRefund(admin, orderId, reason ?? null);
    if (claim.kind === 'current') return { order: claim.order };
    const result = await this.send(claim);
    const order = await this.entitlements.settleRefund(
      claim.orderId,
      claim.refundNo,
      result,
      admin.email,
    );
    if (!order) throw new OrderError(OrderErrorCode.ORDER_NOT_FOUND);
    if (result.status === 'failed') {
      this.logger.warn(`refund of order ${orderId} refused by ${claim.gateway}: ${result.error}`);
      throw new OrderError(OrderErrorCode.REFUND_FAILED, {
        details: { refundError: order.refundError ?? result.error ?? null, orderId },
      });
    }
    return { order: OrderDto.from(order) };
  }

  /** The orders a refund of `orderId` takes, latest first (docs/rules.md, "Refunds"). */
  chainOf(orderId: string): Promise<RefundChainOrderDto[]> {
    return this.entitlements.refundChain(orderId);
  }

  /**
   * Refunds an order and every standing upgrade priced against it, from the latest back, each through its
   * gateway, each audited and e-mailed as a refund of its own. Stops at the first refund the gateway refuses
   * (REFUND_FAILED naming the order; the ones before stay refunded) or has not finished (answered with the
   * orders still to refund once it settles).
   */
  async refundChain(
    admin: User,
    orderId: string,
    reason?: string,
  ): Promise<{ orders: OrderDto[]; remaining: string[] }> {
    const chain = await this.chainOf(orderId);
    const done: OrderDto[] = [];
    for (const [i, link] of chain.entries()) {
      if (link.status === 'refunded') continue;
      const { order } = await this.refund(admin, link.orderId, reason);
      done.push(order);
      if (order.status !== 'refunded')
        return { orders: done, remaining: chain.slice(i + 1).map((o) => o.orderId) };
    }
    return { orders: done, remaining: [] };
  }

  /** The refund at the order's gateway; no answer (time-out, connection) is pending, settled by a query. */
  private async send(claim: {
    orderId: string;
    refundNo: string;
    amount: number;
    gateway: string;
    reason: string;
  }): Promise<RefundResult> {
    // A free order took no money: its refund moves none, and no gateway is asked.
    if (claim.amount === 0) return { status: 'succeeded', amountCents: 0 };
    const gateway = this.gateways.get(claim.gateway);
    if (!gateway) return { status: 'failed', error: `gateway ${claim.gateway} is not enabled` };
    try {
      return await gateway.refund({
        orderId: claim.orderId,
        refundNo: claim.refundNo,
        amountCents: claim.amount,
        totalCents: claim.amount,
        reason: claim.reason,
      });
    } catch (e) {
      return { status: 'pending', error: errorLine(e) };
    }
  }

  /**
   * A verified refund notification of this gateway (WeChat Pay's REFUND.*): applied once. False when it is
   * about no refund we asked for at this gateway.
   */
  async settleNotice(gatewayName: string, notice: RefundNotice): Promise<boolean> {
    const order = await this.orders.findByOrderId(notice.orderId);
    if (!order || order.paymentGateway !== gatewayName) return false;
    if (order.refundNo !== notice.refundNo) {
      // E.g. a late notice of an earlier attempt that ended (ABNORMAL, CLOSED) after a retry took a new number.
      this.logger.warn(
        `${gatewayName} refund ${notice.refundNo} (${notice.status}) of order ${notice.orderId} is not its current refund ${order.refundNo ?? 'none'}: not applied`,
      );
      return false;
    }
    const settled = await this.entitlements.settleRefund(
      notice.orderId,
      notice.refundNo,
      notice,
      `gateway:${gatewayName}`,
    );
    if (settled)
      this.logger.log(
        `${gatewayName} refund ${notice.refundNo} of order ${notice.orderId}: ${notice.status}`,
      );
    return settled !== null;
  }

  /**
   * Every minute (REFUND_SWEEP_SECONDS): refunds still pending (or requested without an answer for that
   * long) are asked about at their gateway (a request that never got an answer is sent again: same refund
   * number, one refund). Each row is claimed by one instance for that long and settled under its row lock,
   * so several instances may run this.
   */
  async sweep(): Promise<number> {
    let settled = 0;
    try {
      for (const r of await this.orders.claimUnsettledRefunds(
        this.config.payments.refundSweepSeconds,
      )) {
        const gateway = this.gateways.get(r.gateway);
        // A free order's refund moves nothing and asks no gateway (send): settled even though its
        // "gateway" (`free`) is none.
        if (!gateway && r.amount !== 0) continue;
        const result: RefundResult =
          r.status === 'requested' || !gateway
            ? await this.send({ ...r, reason: 'refund' })
            : await gateway
                .queryRefund({ orderId: r.orderId, refundNo: r.refundNo })
                .catch((e: unknown) => ({ status: 'pending' as const, error: errorLine(e) }));
        if (result.status === 'pending') continue;
        await this.entitlements.settleRefund(r.orderId, r.refundNo, result, `gateway:${r.gateway}`);
        settled++;
      }
    } catch (e) {
      this.logger.warn(`refund settling run failed: ${errorLine(e)}`);
    }
    return settled;
  }
}
