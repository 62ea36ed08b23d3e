import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AuditService } from '../audit/audit.service';
import type { DiscountRepository } from '../discounts/discount.repository';
import { DiscountsService } from '../discounts/discounts.service';
import type { LicenseRepository } from '../licenses/license.repository';
import { LicensesService } from '../licenses/licenses.service';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { DISCOUNT_GONE_REASON } from '../entitlements/entitlement-rules';
import type { MailOutbox } from '../mail/mail-outbox.service';
import type { OrderRepository } from '../orders/order.repository';
import { OrdersService } from '../orders/orders.service';
import { PLANS } from '../plans/plans.catalogue';
import type { PlanRepository } from '../plans/plan.repository';
import { PlansService } from '../plans/plans.service';
import type { TokenRepository } from '../tokens/token.repository';
import { TokensService } from '../tokens/tokens.service';
import type { User } from '../users/user.entity';
import type { UsersService } from '../users/users.service';
import { asRepository, inMemoryStore } from '../../test/support/in-memory';
import { InMemoryPlanRepository } from '../../test/support/in-memory-plans';
import { PaymentGateways } from './gateways/payment-gateway';
import { SandboxGateway } from './gateways/sandbox.gateway';
import { PaymentsService } from './payments.service';
import { MemoryCounterStore } from '../rate-limits/rate-limit.store';
import { RateLimitsService } from '../rate-limits/rate-limits.service';
import { RefundsService } from './refunds.service';
import type { AppConfig } from '../config/env';
import { WebhookEvents } from '../webhooks/webhook-events.service';
import type { WebhooksRepository } from '../webhooks/webhooks.repository';

/** No webhook endpoints here: the events write nothing (their deliveries are the integration suite's). */
const noWebhooks = new WebhookEvents({
  enabledEndpoints: async () => [],
} as unknown as WebhooksRepository);

/**
 * PaymentsService's rules against in-memory repositories, with the real services it calls (orders,
 * licences, discounts) and the real sandbox gateway (signed notifications, no network).
 */
function setup() {
  const store = inMemoryStore();
  // The audit log's days (sellerTimeZone) are not read here.
  const audit = new AuditService(store.em, {} as AppConfig);
  const tokens = new TokensService(store.crypto, asRepository<TokenRepository>(store.tokens));
  const licenses = new LicensesService(
    store.em,
    store.crypto,
    tokens,
    asRepository<LicenseRepository>(store.licenses),
    audit,
    noWebhooks,
  );
  const discounts = new DiscountsService(
    store.em,
    audit,
    asRepository<DiscountRepository>(store.discounts),
    { findByEmail: async () => null } as unknown as UsersService,
  );
  // The users module's part (closing accounts) is not exercised here.
  const orders = new OrdersService(
    store.em,
    discounts,
    audit,
    asRepository<OrderRepository>(store.orders),
    { onClose: () => {} } as unknown as UsersService,
  );
  // No mail in these tests: the outbox's e-mails are the integration suite's (mail-notices).
  const mail = {
    orderPaid: async () => true,
    refundDone: async () => true,
    seatsRevoked: async () => true,
  };
  const entitlements = new EntitlementsService(
    store.em,
    orders,
    licenses,
    discounts,
    audit,
    mail as unknown as MailOutbox,
    noWebhooks,
  );
  const gateway = new SandboxGateway(store.config.secret);
  const gateways = new PaymentGateways([gateway]);
  const planRows = new InMemoryPlanRepository();
  const plans = new PlansService(
    store.em,
    entitlements,
    planRows as unknown as PlanRepository,
    audit,
  );
  const service = new PaymentsService(
    store.em,
    entitlements,
    orders,
    discounts,
    new RefundsService(orders, entitlements, gateways, store.config, new SchedulerRegistry()),
    plans,
    gateways,
    store.config,
    new RateLimitsService(new MemoryCounterStore()),
  );
  const seatsOf = (userId: string) => store.licenses.seats.filter((s) => s.user.id === userId);
  const orderNo = (orderId: string) => store.orders.orders.find((o) => o.orderId === orderId)!;
  const pay = (orderId: string, amount: number) =>
    service.handleNotification('sandbox', form(gateway.notification(orderId, amount)));
  return { ...store, service, gateway, seatsOf, orderNo, pay, planRows };
}

/** The seeded prices (the plans table's, as the migration writes them). */
const price = (tier: 'basic' | 'pro' | 'ultra') => new InMemoryPlanRepository().price(tier);
const customer = (id = 'u1') => ({ id, email: `${id}@example.com` }) as User;
const ORIGIN = { origin: 'http://shop.test', clientIp: '127.0.0.1', mobile: false };
const form = (f: Record<string, string>) => ({ headers: {}, rawBody: '', form: f });

describe('PaymentsService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  describe('create', () => {
    it("prices a first purchase at the plan's price and answers the gateway's QR code", async () => {
      const { service, orderNo, locks } = setup();

      const answer = await service.create(customer(), { subscriptionTier: 'pro' }, ORIGIN);

      expect(answer).toEqual({
        orderId: expect.stringMatching(/^SK\d{26}$/),
        productName: expect.stringContaining(PLANS.pro.name),
        amount: price('pro'),
        expiresIn: 1800,
        upgradePricing: null,
        status: 'pending',
        qrImage: `${ORIGIN.origin}/sandbox-pay/${answer.orderId}`,
        mobileUrl: `${ORIGIN.origin}/sandbox-pay/${answer.orderId}`,
        paymentMethod: 'sandbox',
      });
      expect(orderNo(answer.orderId)).toMatchObject({
        status: 'pending',
        subscriptionTier: 'pro',
        seatCount: PLANS.pro.seatCount,
        listPrice: price('pro'),
        upgradedFromTier: null,
        paymentGateway: 'sandbox',
      });
      expect(locks).toEqual(['u1']);
    });

    it("prices an upgrade as the difference from the current plan's recorded price", async () => {
      const { service, pay, planRows, orderNo } = setup();
      const basic = await service.create(customer(), { subscriptionTier: 'basic' }, ORIGIN);
      await pay(basic.orderId, basic.amount);
      // A price edit after the purchase changes the target's price, not what the plan owned counts for.
      planRows.set('basic', { priceCents: 50000 });

      const answer = await service.create(customer(), { subscriptionTier: 'pro' }, ORIGIN);

      expect(answer.amount).toBe(price('pro') - price('basic'));
      expect(orderNo(answer.orderId)).toMatchObject({
        upgradeCredit: price('basic'),
        creditOrderId: orderNo(basic.orderId).id,
      });
      expect(answer.upgradePricing).toEqual({
        fromTier: 'basic',
        toTier: 'pro',
        targetPrice: price('pro'),
        originalPrice: price('basic'),
        discountAmount: 0,
      });
    });

    it("prices new orders at the plans table's price now; a pending order keeps its amount and is paid at it", async () => {
      const { service, planRows, orderNo, pay, seatsOf } = setup();
      const first = await service.create(customer('u1'), { subscriptionTier: 'pro' }, ORIGIN);
      planRows.set('pro', { priceCents: 123400 });

      const second = await service.create(customer('u2'), { subscriptionTier: 'pro' }, ORIGIN);
      expect(second.amount).toBe(123400);
      expect(await service.quote(customer('u3'), { subscriptionTier: 'pro' })).toMatchObject({
        targetPrice: 123400,
        amount: 123400,
      });
      expect(orderNo(first.orderId)).toMatchObject({
        listPrice: price('pro'),
        amount: price('pro'),
      });
      await pay(first.orderId, price('pro'));
      expect(orderNo(first.orderId).status).toBe('paid');
      expect(seatsOf('u1')).toHaveLength(PLANS.pro.seatCount);
    });

    it('refuses a hidden plan (PLAN_HIDDEN) and vip whatever the table says', async () => {
      const { service, planRows } = setup();
      planRows.set('basic', { shown: false });
      planRows.set('vip', { shown: true, priceCents: 100 });

      await expect(
        service.create(customer(), { subscriptionTier: 'basic' }, ORIGIN),
      ).rejects.toMatchObject({ code: 'PLAN_HIDDEN' });
      await expect(service.quote(customer(), { subscriptionTier: 'vip' })).rejects.toMatchObject({
        code: 'PLAN_NOT_PUBLIC',
      });
    });

    it('takes a discount use with the order, and gives it back when a new order replaces it', async () => {
      const { service, discounts, orderNo } = setup();
      const code = discounts.add({
        code: 'Save10',
        tier: 'pro',
        discountAmount: 1000,
        usageLimit: 1,
      });

      const first = await service.create(
        customer(),
        { subscriptionTier: 'pro', discountCode: ' save10 ' },
        ORIGIN,
      );
      expect(first.amount).toBe(price('pro') - 1000);
      expect(orderNo(first.orderId)).toMatchObject({
        discountCode: 'SAVE10',
        discountAmount: 1000,
      });
      expect(code.usageCount).toBe(1);

      const second = await service.create(customer(), { subscriptionTier: 'pro' }, ORIGIN);

      expect(orderNo(first.orderId)).toMatchObject({
        status: 'cancelled',
        failureReason: `replaced_by_order:${second.orderId}`,
      });
      expect(orderNo(second.orderId).status).toBe('pending');
      expect(code.usageCount).toBe(0);
    });

    it('refuses an unknown code and a code for another plan alike, a used-up one as such, and makes no order', async () => {
      const { service, discounts, orders } = setup();
      discounts.add({ code: 'BASIC5', tier: 'basic', discountAmount: 500 });
      discounts.add({
        code: 'GONE',
        tier: 'pro',
        discountAmount: 500,
        usageLimit: 1,
        usageCount: 1,
      });
      const create = (discountCode: string) =>
        service.create(customer(), { subscriptionTier: 'pro', discountCode }, ORIGIN);

      // One answer for both (docs/rules.md, "Discount codes"): codes cannot be found by trying.
      await expect(create('nope')).rejects.toThrow('Discount code does not apply to this plan');
      await expect(create('basic5')).rejects.toThrow('Discount code does not apply to this plan');
      await expect(create('gone')).rejects.toThrow('Discount code has been used up');
      expect(orders.orders).toHaveLength(0);
    });

    it('pays and fulfils an order of amount 0 at once, without a QR code', async () => {
      const { service, discounts, seatsOf, orderNo } = setup();
      discounts.add({ code: 'FREE', tier: 'basic', discountAmount: 10_000_000 });

      const answer = await service.create(
        customer(),
        { subscriptionTier: 'basic', discountCode: 'free' },
        ORIGIN,
      );

      expect(answer).toMatchObject({ amount: 0, status: 'paid', qrImage: null });
      // Free: recorded under no gateway (docs/payments.md, "Free orders"), paid by its code.
      expect(orderNo(answer.orderId)).toMatchObject({
        status: 'paid',
        paymentMethod: 'discount',
        paymentGateway: 'free',
      });
      expect(seatsOf('u1')).toHaveLength(PLANS.basic.seatCount);
    });
  });

  describe('notifications', () => {
    it('a signed payment fulfils the order once: seats granted, a repeat acknowledged and ignored', async () => {
      const { service, seatsOf, orderNo, pay, created } = setup();
      const { orderId, amount } = await service.create(
        customer(),
        { subscriptionTier: 'pro' },
        ORIGIN,
      );

      expect(await pay(orderId, amount)).toEqual({
        status: 200,
        contentType: 'text/plain',
        body: 'success',
      });
      expect(await pay(orderId, amount)).toEqual({
        status: 200,
        contentType: 'text/plain',
        body: 'success',
      });

      expect(orderNo(orderId)).toMatchObject({
        status: 'paid',
        paymentMethod: 'sandbox',
        needsRefund: false,
      });
      expect(seatsOf('u1').map((s) => [s.seatIndex, s.purchaseTier])).toEqual([
        [1, 'pro'],
        [2, 'pro'],
        [3, 'pro'],
        [4, 'pro'],
        [5, 'pro'],
      ]);
      expect(created.filter((c) => c.data.action === 'order.paid')).toHaveLength(1);
    });

    it("refuses a forged notification, another gateway's and a wrong amount, leaving the order pending", async () => {
      const { service, gateway, orderNo, pay, seatsOf } = setup();
      const { orderId, amount } = await service.create(
        customer(),
        { subscriptionTier: 'pro' },
        ORIGIN,
      );
      const forged = { ...gateway.notification(orderId, amount), total_amount: '0.01' };

      expect(await service.handleNotification('sandbox', form(forged))).toEqual({
        status: 400,
        contentType: 'text/plain',
        body: 'fail',
      });
      expect(
        await service.handleNotification('alipay', form(gateway.notification(orderId, amount))),
      ).toMatchObject({ body: 'fail' });
      expect(await pay(orderId, amount - 1)).toMatchObject({ body: 'fail' });

      expect(orderNo(orderId).status).toBe('pending');
      expect(seatsOf('u1')).toHaveLength(0);
    });

    it('records a late payment whose discount is used up since as paid, flagged for a refund, granting nothing', async () => {
      const { service, discounts, orderNo, pay, seatsOf } = setup();
      const code = discounts.add({ code: 'ONCE', tier: 'pro', discountAmount: 100, usageLimit: 1 });
      const late = await service.create(
        customer(),
        { subscriptionTier: 'pro', discountCode: 'once' },
        ORIGIN,
      );
      await service.cancel(customer(), late.orderId);
      await service.create(
        customer('u2'),
        { subscriptionTier: 'pro', discountCode: 'once' },
        ORIGIN,
      );
      expect(code.usageCount).toBe(1);

      expect(await pay(late.orderId, late.amount)).toMatchObject({ status: 200 });

      expect(orderNo(late.orderId)).toMatchObject({
        status: 'paid',
        needsRefund: true,
        needsRefundReason: DISCOUNT_GONE_REASON,
      });
      expect(seatsOf('u1')).toHaveLength(0);
      expect(code.usageCount).toBe(1);
    });
  });

  describe('ending orders', () => {
    it("cancels one's own pending order once, giving its discount use back", async () => {
      const { service, discounts, orderNo } = setup();
      const code = discounts.add({ code: 'SAVE', tier: 'pro', discountAmount: 100 });
      const { orderId } = await service.create(
        customer(),
        { subscriptionTier: 'pro', discountCode: 'save' },
        ORIGIN,
      );

      await expect(service.cancel(customer('u2'), orderId)).rejects.toThrow(
        'Only a pending order can be cancelled',
      );
      expect(await service.cancel(customer(), orderId)).toEqual({ status: 'cancelled' });
      await expect(service.cancel(customer(), orderId)).rejects.toThrow(
        'Only a pending order can be cancelled',
      );

      expect(orderNo(orderId)).toMatchObject({
        status: 'cancelled',
        failureReason: 'cancelled_by_customer',
      });
      expect(code.usageCount).toBe(0);
    });

    it('expires pending orders past the QR lifetime and gives their discount uses back', async () => {
      const { service, discounts, orderNo, config } = setup();
      const code = discounts.add({ code: 'SAVE', tier: 'pro', discountAmount: 100 });
      const old = await service.create(
        customer(),
        { subscriptionTier: 'pro', discountCode: 'save' },
        ORIGIN,
      );
      const fresh = await service.create(customer('u2'), { subscriptionTier: 'pro' }, ORIGIN);
      orderNo(old.orderId).createdAt = new Date(
        Date.now() - (config.payments.qrLifetimeSeconds + 60) * 1000,
      );

      expect(await service.expireStale()).toBe(1);

      expect(orderNo(old.orderId)).toMatchObject({
        status: 'expired',
        failureReason: 'qr_expired',
      });
      expect(orderNo(fresh.orderId).status).toBe('pending');
      expect(code.usageCount).toBe(0);
    });
  });
});
