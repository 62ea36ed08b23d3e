import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { Discount } from '../discounts/discount.entity';
import { checkDiscount, codeKey, DiscountErrors, reductionOn } from '../discounts/discount-rules';
import { LicensesService } from '../licenses/licenses.service';
import { Order } from '../orders/order.entity';
import { newOrderNumber, retryOnTakenOrderNumber } from '../orders/order-number';
import { OrdersService } from '../orders/orders.service';
import { planDisplayName } from '../plans/plans.catalogue';
import { initialSeats, priceFor } from '../plans/pricing';
import type { User } from '../users/user.entity';
import type { CreatePaymentDto, PaymentOrderDto } from './dto/payment.dto';
import { PAYMENT_GATEWAY, type PaymentGateway } from './gateways/payment-gateway';

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly em: EntityManager,
    private readonly licenses: LicensesService,
    private readonly orders: OrdersService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Prices and creates an order (spec §4, §5): the plan's price, or for an upgrade the target price minus
   * the current plan's, then the discount. The discount use is taken atomically (never past its limit).
   * A zero amount is paid and fulfilled at once; anything else gets a QR code from the gateway.
   */
  async create(user: User, dto: CreatePaymentDto, origin: string): Promise<PaymentOrderDto> {
    const current = await this.licenses.currentTier(user.id);
    let price;
    try {
      price = priceFor(dto.subscriptionTier, current);
    } catch (e) {
      throw new BadRequestException((e as Error).message);
    }
    const code = dto.discountCode?.trim() || null;
    const order = await retryOnTakenOrderNumber(() => this.em.fork().transactional(async (em) => {
      let reduction = 0;
      if (code) {
        const discount = await em.findOne(Discount, { codeKey: codeKey(code) });
        try {
          checkDiscount(discount, price.tier);
        } catch (e) {
          throw new BadRequestException((e as Error).message);
        }
        const taken = await em.getConnection().execute<{ id: string }[]>(
          `update discounts set usage_count = usage_count + 1, updated_at = now()
           where id = ? and (usage_limit is null or usage_count < usage_limit) returning id`,
          [discount!.id],
          'all',
          em.getTransactionContext(),
        );
        if (!taken.length) throw new BadRequestException(DiscountErrors.usedUp);
        reduction = reductionOn(price.subtotal, discount!.discountAmount);
      }
      const amount = price.subtotal - reduction;
      return em.create(Order, {
        orderId: newOrderNumber(),
        user: user.id,
        productType: 'permanent',
        productName: planDisplayName(price.tier),
        subscriptionTier: price.tier,
        seatCount: initialSeats(price.tier),
        listPrice: price.targetPrice,
        discountAmount: reduction,
        upgradedFromTier: price.fromTier,
        discountCode: code ? codeKey(code) : null,
        amount,
        paymentGateway: this.gateway.name,
      });
    }));

    const upgradePricing = price.fromTier
      ? { fromTier: price.fromTier, toTier: price.tier, targetPrice: price.targetPrice, originalPrice: price.originalPrice, discountAmount: order.discountAmount }
      : null;
    const answer = { orderId: order.orderId, productName: order.productName, amount: order.amount, expiresIn: this.config.payments.qrLifetimeSeconds, upgradePricing };
    if (order.amount === 0) {
      await this.orders.fulfil({ orderId: order.orderId, amountCents: 0, paid: true, method: 'discount' });
      return { ...answer, status: 'paid', qrImage: null };
    }
    try {
      const qr = await this.gateway.createQr({ orderId: order.orderId, amountCents: order.amount, subject: order.productName }, origin);
      return { ...answer, status: 'pending', qrImage: qr };
    } catch (e) {
      this.logger.warn(`gateway refused order ${order.orderId}: ${(e as Error).message}`);
      await this.orders.close(order.orderId, 'failed', `gateway: ${(e as Error).message}`.slice(0, 500));
      throw new ServiceUnavailableException('failed to create order');
    }
  }

  /** A notification from the gateway: verified, then fulfilled once. Answers the gateway's expected text. */
  async handleNotification(gatewayName: string, body: Record<string, string>): Promise<{ ok: boolean; retry?: boolean; text: string }> {
    const refused = { ok: false, text: this.gateway.answers.refused };
    if (gatewayName !== this.gateway.name) return refused;
    const notice = this.gateway.verifyNotification(body);
    if (!notice) {
      this.logger.warn(`forged or foreign ${gatewayName} notification refused for order ${body?.out_trade_no ?? '?'}`);
      return refused;
    }
    if (!notice.paid) return { ok: true, text: this.gateway.answers.ok };
    try {
      const outcome = await this.orders.fulfil(notice);
      return outcome === 'fulfilled' || outcome === 'already-paid' ? { ok: true, text: this.gateway.answers.ok } : refused;
    } catch (e) {
      // Nothing was written (one transaction); not answering success makes the gateway deliver it again.
      this.logger.error(`fulfilment of ${notice.orderId} failed, left for the gateway to retry: ${(e as Error).message}`);
      return { ok: false, retry: true, text: this.gateway.answers.refused };
    }
  }

  async cancel(user: User, orderId: string): Promise<{ status: 'cancelled' }> {
    const done = await this.orders.close(orderId, 'cancelled', 'cancelled by the customer', user.id);
    if (!done) throw new BadRequestException('Only a pending order can be cancelled');
    return { status: 'cancelled' };
  }

  /**
   * Every minute: pending orders past the QR lifetime are first asked about at the gateway (a paid one is
   * fulfilled), the rest expire. Each change is a guarded transition, so several instances may run this.
   */
  @Interval('expire-orders', 60_000)
  async expireStale(): Promise<number> {
    let expired = 0;
    try {
      for (const { orderId, amount } of await this.orders.stalePending(this.config.payments.qrLifetimeSeconds)) {
        const q = await this.gateway.query(orderId).catch(() => ({ status: 'unknown' as const }));
        if (q.status === 'paid' && 'amountCents' in q && q.amountCents === amount) {
          await this.orders.fulfil({ orderId, amountCents: amount, paid: true, tradeNo: q.tradeNo, method: this.gateway.name });
        } else if (await this.orders.close(orderId, 'expired', 'QR code expired')) {
          expired++;
        }
      }
    } catch (e) {
      this.logger.warn(`order expiry run failed: ${(e as Error).message}`);
    }
    return expired;
  }
}
