import { EntityManager } from '@mikro-orm/postgresql';
import { errorLine } from '../common/loggable-error';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Periodic } from '../common/periodic';
import { initialSeats } from '@seatkeeper/domain';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { DiscountsService } from '../discounts/discounts.service';
import { DiscountError, DiscountErrorCode } from '../discounts/discount-errors';
import { checkDiscount, codeKey, reductionOn } from '../discounts/discount-rules';
import { setRateLimitHeaders } from '../common/rate-limiter';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { newOrderNumber, retryOnTakenOrderNumber } from '../orders/order-number';
import { endReasonText } from '../orders/order-end-reason';
import { OrderError, OrderErrorCode } from '../orders/order-errors';
import { OrdersService } from '../orders/orders.service';
import { PlansService } from '../plans/plans.service';
import { RateLimitsService, type SharedRateLimiter } from '../rate-limits/rate-limits.service';
import type { User } from '../users/user.entity';
import { lockUser } from '../users/user-lock';
import type {
  CreatePaymentDto,
  PaymentOrderDto,
  PaymentQuoteDto,
  QuotePaymentDto,
} from './dto/payment.dto';
import {
  PAYMENT_GATEWAYS,
  type IncomingNotification,
  type NotificationAnswer,
  type PaymentGateway,
  type PaymentGateways,
} from './gateways/payment-gateway';
import { FREE_GATEWAY, FREE_ORDER_METHOD } from './gateways/free';
import { PaymentError, PaymentErrorCode } from './payment-errors';
import { RefundsService } from './refunds.service';

@Injectable()
export class PaymentsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Payments');
  /**
   * Quotes (and orders with a code) a minute, per customer and per client address (docs/payments.md,
   * "Limits"; config payments.quoteLimits, 30 and 60 by default): a customer applying a code quotes each
   * plan on sale (3), so 30 is ten tries a minute; an address may be shared (an office, a campus).
   * Counted by every instance together (rate-limits/, docs/security.md "Rate limits").
   */
  private readonly quotesByCustomer: SharedRateLimiter;
  private readonly quotesByAddress: SharedRateLimiter;

  constructor(
    private readonly em: EntityManager,
    private readonly entitlements: EntitlementsService,
    private readonly orders: OrdersService,
    private readonly discounts: DiscountsService,
    private readonly refunds: RefundsService,
    private readonly plans: PlansService,
    @Inject(PAYMENT_GATEWAYS) private readonly gateways: PaymentGateways,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    rateLimits: RateLimitsService,
    private readonly scheduler?: SchedulerRegistry,
  ) {
    const limits = config.payments.quoteLimits ?? { customer: 30, address: 60 };
    this.quotesByCustomer = rateLimits.limiter('quote-customer', limits.customer);
    this.quotesByAddress = rateLimits.limiter('quote-address', limits.address);
  }

  /** The expiry run every minute (expireStale), cleared by ScheduleModule before the shutdown hooks. */
  onApplicationBootstrap(): void {
    new Periodic(() => this.expireStale(), {
      name: 'expire-orders',
      everyMs: 60_000,
      registry: this.scheduler,
      logger: this.logger,
    }).start();
  }

  /**
   * Prices and creates an order (docs/product.md#states, #validation): the plan's price, or for an upgrade the target price minus
   * the current plan's, then the discount. The discount use is taken atomically (never past its limit).
   * A zero amount is paid and fulfilled at once; anything else gets a QR code from the gateway.
   */
  async create(
    user: User,
    dto: CreatePaymentDto,
    context: { origin: string; clientIp: string; mobile: boolean; res?: ServerResponse },
  ): Promise<PaymentOrderDto> {
    const gateway = this.gatewayFor(dto.paymentMethod);
    // An order with a code tells whether the code works as a quote does: counted with the quotes.
    if (dto.discountCode?.trim()) await this.limitQuotes(user, context.clientIp, context.res);
    const held = await this.entitlements.holding(user.id);
    // Today's price from the plans table, less the current plan's recorded price: the order records both
    // (list price, deduction, amount), so a later price change leaves this order as it was created
    // (docs/rules.md, "Entitlements").
    const price = await this.plans.price(dto.subscriptionTier, held);
    const code = dto.discountCode?.trim() || null;
    let replaced: { orderId: string; gateway: string }[] = [];
    const order = await retryOnTakenOrderNumber(() =>
      this.em.fork().transactional(async (em) => {
        // One open order per customer: the new one replaces (cancels) the previous pending ones, under the
        // customer's row lock so that concurrent creations queue (docs/rules.md, "One open order").
        await lockUser(em, user.id);
        let reduction = 0;
        if (code) {
          const discount = await this.discounts.termsOf(em, code);
          checkDiscount(discount, price.tier);
          reduction = reductionOn(price.subtotal, discount);
        }
        const orderId = newOrderNumber();
        replaced = await this.orders.cancelPendingOf(
          em,
          user.id,
          endReasonText('replaced_by_order', orderId),
        );
        if (code) {
          // After the replaced orders gave their uses back: the customer's own pending order with this
          // code does not count against once-per-customer.
          const taken = await this.discounts.takeUse(em, code, { userId: user.id, orderId });
          if (taken === 'already-used')
            throw new DiscountError(DiscountErrorCode.DISCOUNT_ALREADY_USED);
          if (taken !== 'taken') throw new DiscountError(DiscountErrorCode.DISCOUNT_USED_UP);
        }
        const amount = price.subtotal - reduction;
        return this.orders.open(em, {
          orderId,
          userId: user.id,
          productName: price.productName,
          subscriptionTier: price.tier,
          seatCount: initialSeats(price.tier),
          listPrice: price.targetPrice,
          discountAmount: reduction,
          upgradedFromTier: price.fromTier,
          discountCode: code ? codeKey(code) : null,
          amount,
          // A free order is paid by its code, at no gateway (docs/payments.md, "Free orders").
          paymentGateway: amount === 0 ? FREE_GATEWAY.name : gateway.name,
          creditOrderId: price.fromTier ? (held.planOrder?.id ?? null) : null,
          upgradeCredit: price.originalPrice,
        });
      }),
    );
    for (const r of replaced) await this.closeAtGateway(r.orderId, r.gateway);

    const upgradePricing = price.fromTier
      ? {
          fromTier: price.fromTier,
          toTier: price.tier,
          targetPrice: price.targetPrice,
          originalPrice: price.originalPrice,
          discountAmount: order.discountAmount,
        }
      : null;
    const answer = {
      orderId: order.orderId,
      productName: order.productName,
      amount: order.amount,
      expiresIn: this.config.payments.qrLifetimeSeconds,
      upgradePricing,
    };
    if (order.amount === 0) {
      await this.entitlements.recordPayment({
        orderId: order.orderId,
        amountCents: 0,
        paid: true,
        method: FREE_ORDER_METHOD,
      });
      return { ...answer, status: 'paid', qrImage: null, mobileUrl: null, paymentMethod: null };
    }
    try {
      const created = await gateway.createPayment(
        {
          orderId: order.orderId,
          amountCents: order.amount,
          subject: order.productName,
          expiresAt: new Date(Date.now() + this.config.payments.qrLifetimeSeconds * 1000),
        },
        context,
      );
      return {
        ...answer,
        status: 'pending',
        qrImage: created.qrContent,
        mobileUrl: created.mobileUrl,
        paymentMethod: gateway.name,
      };
    } catch (e) {
      this.logger.warn(`gateway refused order ${order.orderId}: ${errorLine(e)}`);
      await this.orders.close(
        order.orderId,
        'failed',
        endReasonText('gateway_refused', (e as Error).message),
      );
      throw new PaymentError(PaymentErrorCode.PAYMENT_GATEWAY_FAILED);
    }
  }

  /**
   * The price breakdown an order would have (target price, deduction for the current plan, discount,
   * amount due), without creating anything or taking a discount use; the same errors as an order.
   */
  async quote(
    user: User,
    dto: QuotePaymentDto,
    context: { clientIp: string; res?: ServerResponse } = { clientIp: '127.0.0.1' },
  ): Promise<PaymentQuoteDto> {
    await this.limitQuotes(user, context.clientIp, context.res);
    const price = await this.plans.price(
      dto.subscriptionTier,
      await this.entitlements.holding(user.id),
    );
    const code = dto.discountCode?.trim() || null;
    let discountAmount = 0;
    if (code) {
      const em = this.em.fork();
      const discount = await this.discounts.termsOf(em, code);
      checkDiscount(discount, price.tier);
      // An order replaces the customer's pending ones (giving their uses back): only the others count.
      const pending = (await this.orders.recentOf(user.id, 20))
        .filter((o) => o.status === 'pending')
        .map((o) => o.orderId);
      if (await this.discounts.heldOnce(em, discount, user.id, pending))
        throw new DiscountError(DiscountErrorCode.DISCOUNT_ALREADY_USED);
      discountAmount = reductionOn(price.subtotal, discount);
    }
    const amount = price.subtotal - discountAmount;
    return {
      subscriptionTier: price.tier,
      fromTier: price.fromTier,
      targetPrice: price.targetPrice,
      originalPrice: price.originalPrice,
      discountAmount,
      discountCode: code ? codeKey(code) : null,
      amount,
      free: amount === 0,
    };
  }

  /**
   * Counts a quote for the customer and the client address (quoteLimits); over either limit:
   * PAYMENT_RATE_LIMITED (429, Retry-After: the longer wait).
   */
  private async limitQuotes(user: User, clientIp: string, res?: ServerResponse) {
    const [byCustomer, byAddress] = await Promise.all([
      this.quotesByCustomer.hit(user.id),
      this.quotesByAddress.hit(clientIp),
    ]);
    const refused = [byCustomer, byAddress].filter((r) => !r.allowed);
    const shown =
      refused.sort((a, b) => b.resetSeconds - a.resetSeconds)[0] ??
      (byCustomer.remaining <= byAddress.remaining ? byCustomer : byAddress);
    if (res) setRateLimitHeaders(res, shown);
    if (refused.length)
      throw new PaymentError(PaymentErrorCode.PAYMENT_RATE_LIMITED, {
        details: { retryAfter: shown.resetSeconds },
      });
  }

  /** The enabled payment methods, in order (the first is what `qrcode` means). */
  methods() {
    return {
      methods: this.gateways.list.map((g) => ({
        id: g.name,
        displayName: g.displayName,
        scanWith: g.scanWith,
      })),
    };
  }

  /** The gateway of a payment method: `qrcode` (or none) is the first enabled one. */
  private gatewayFor(method: string | undefined): PaymentGateway {
    const gateway =
      !method || method === 'qrcode' ? this.gateways.first : this.gateways.get(method);
    if (!gateway) throw new PaymentError(PaymentErrorCode.PAYMENT_METHOD_UNAVAILABLE);
    return gateway;
  }

  /**
   * A notification from a gateway: verified by that gateway, then applied once (a payment fulfils its
   * order; a refund event settles the refund). Answers what that gateway expects.
   */
  async handleNotification(
    gatewayName: string,
    incoming: IncomingNotification,
  ): Promise<NotificationAnswer> {
    const gateway = this.gateways.get(gatewayName);
    if (!gateway) return { status: 404, contentType: 'text/plain', body: 'fail' };
    const event = gateway.readNotification(incoming);
    if (!event) {
      this.logger.warn(`forged or foreign ${gatewayName} notification refused`);
      return gateway.answer('refused');
    }
    try {
      if (event.kind === 'refund') {
        // A refund the admin asked for settles once (RefundsService); one we never asked for is refused.
        const known = await this.refunds.settleNotice(gatewayName, event.notice);
        return gateway.answer(known ? 'ok' : 'refused');
      }
      const notice = event.notice;
      if (!notice.paid) return gateway.answer('ok');
      const outcome = await this.entitlements.recordPayment(notice);
      const recorded =
        outcome === 'fulfilled' || outcome === 'needs-refund' || outcome === 'already-paid';
      return gateway.answer(recorded ? 'ok' : 'refused');
    } catch (e) {
      // Nothing was written (one transaction); not answering success makes the gateway deliver it again.
      this.logger.error(
        `${event.kind} notification for ${event.notice.orderId} failed, left for the gateway to retry: ${errorLine(e)}`,
      );
      return gateway.answer('retry');
    }
  }

  async cancel(user: User, orderId: string): Promise<{ status: 'cancelled' }> {
    const done = await this.orders.close(
      orderId,
      'cancelled',
      endReasonText('cancelled_by_customer'),
      user.id,
    );
    if (!done) throw new OrderError(OrderErrorCode.ORDER_NOT_CANCELLABLE);
    await this.closeAtGateway(orderId, done);
    return { status: 'cancelled' };
  }

  /**
   * Closes an order that ended unpaid at its gateway, so that a late scan cannot pay it. Best effort: a
   * payment that still gets through is recorded by the fulfilment rules (paid, flagged for a refund when it
   * no longer makes sense).
   */
  private async closeAtGateway(orderId: string, gatewayName: string): Promise<void> {
    const gateway = this.gateways.get(gatewayName);
    if (!gateway) return;
    try {
      await gateway.close(orderId);
    } catch (e) {
      this.logger.warn(`could not close order ${orderId} at ${gatewayName}: ${errorLine(e)}`);
    }
  }

  /**
   * Every minute: pending orders past the QR lifetime are first asked about at the gateway (a paid one is
   * fulfilled), the rest expire. Each change is a guarded transition, so several instances may run this.
   */
  async expireStale(): Promise<number> {
    let expired = 0;
    try {
      for (const { orderId, amount, gateway: gatewayName } of await this.orders.stalePending(
        this.config.payments.qrLifetimeSeconds,
      )) {
        const gateway = this.gateways.get(gatewayName);
        const q = gateway
          ? await gateway.query(orderId).catch(() => ({ status: 'unknown' as const }))
          : ({ status: 'unknown' } as const);
        if (q.status === 'paid' && 'amountCents' in q && q.amountCents === amount) {
          await this.entitlements.recordPayment({
            orderId,
            amountCents: amount,
            paid: true,
            tradeNo: q.tradeNo,
            method: gatewayName,
          });
        } else if (await this.orders.close(orderId, 'expired', endReasonText('qr_expired'))) {
          expired++;
          await this.closeAtGateway(orderId, gatewayName);
        }
      }
    } catch (e) {
      this.logger.warn(`order expiry run failed: ${errorLine(e)}`);
    }
    return expired;
  }
}
