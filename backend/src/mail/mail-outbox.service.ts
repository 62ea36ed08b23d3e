import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Tier } from '@seatkeeper/domain';
import { APP_CONFIG, type AppConfig } from '../config/env';
import type { Order } from '../orders/order.entity';
import type { MailLanguage } from './mail-message.entity';
import { MailOutboxRepository, type OutgoingMail } from './mail-outbox.repository';
import type { MailContext } from './messages/layout';
import { renderRefund, renderSeatRevoked, renderPlanGranted } from './messages/notices';
import { renderReceipt } from './messages/receipt';
import { renderSignInCode } from './messages/sign-in-code';
import { renderSignInLocked } from './messages/sign-in-locked';

/** Who a message goes to (a User has these fields). */
export interface Customer {
  email: string;
  name: string;
  /** The language the customer chose (users.language); null or absent: Chinese, the default. */
  language?: string | null;
}

/** The domain of the From address (Message-IDs are made on it), else localhost. */
export function messageIdDomain(from: string): string {
  const match = /@([^\s@<>]+)>?\s*$/.exec(from);
  return match ? match[1].toLowerCase() : 'localhost';
}

/**
 * The outbox's API for the rest of the app (docs/mail.md): each method renders a message and writes it IN
 * THE CALLER'S TRANSACTION (`em`), so the message exists exactly when the event committed; the worker
 * (mail-worker.service.ts) sends it later. Each event has a dedupe key, so a repeated event enqueues once.
 */
@Injectable()
export class MailOutbox {
  constructor(
    private readonly repo: MailOutboxRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Any rendered message. Answers false when its dedupe key was already queued. */
  enqueue(em: EntityManager, mail: OutgoingMail): Promise<boolean> {
    return this.repo.enqueue(
      em,
      mail,
      `<${randomUUID()}@${messageIdDomain(this.config.mail.from)}>`,
    );
  }

  /**
   * What was written to an address since a moment (the customer's data export, docs/rules.md "The
   * customer's account": since the account was made, so a new account on a reused address does not get
   * an earlier owner's mail).
   */
  sentTo(recipient: string, since: Date, limit = 5000) {
    return this.repo.sentTo(recipient, since, limit);
  }

  /** Absolute links: PUBLIC_URL, else this machine (development without PUBLIC_URL). */
  context(language: MailLanguage): MailContext {
    const origin = this.config.publicUrl || `http://localhost:${this.config.port}`;
    const docs = /^https?:\/\//i.test(this.config.docsUrl)
      ? this.config.docsUrl
      : `${origin}${this.config.docsUrl.startsWith('/') ? '' : '/'}${this.config.docsUrl}`;
    return {
      origin,
      docs,
      language,
      brand: this.config.sellerName,
      timeZone: this.config.sellerTimeZone,
    };
  }

  /** The customer's language (users.language, docs/mail.md): English when chosen, else Chinese. */
  private languageOf(customer: Customer): MailLanguage {
    return customer.language === 'en' ? 'en' : 'zh-CN';
  }

  /** The order's customer, loaded through the order's relation in the caller's transaction. */
  private async customerOf(em: EntityManager, order: Order) {
    await em.populate(order, ['user']);
    const user = {
      email: order.user.email,
      name: order.user.name,
      language: order.user.language ?? null,
    };
    return { user, language: this.languageOf(user) };
  }

  /** The payment receipt of an order just paid (in the fulfilment's transaction). */
  async orderPaid(em: EntityManager, order: Order): Promise<boolean> {
    const { user, language } = await this.customerOf(em, order);
    const rendered = renderReceipt(this.context(language), {
      orderId: order.orderId,
      productName: order.productName,
      tier: order.subscriptionTier,
      upgradedFromTier: order.upgradedFromTier ?? null,
      seatCount: order.seatCount,
      listPrice: order.listPrice,
      discountCode: order.discountCode ?? null,
      discountAmount: order.discountAmount,
      amount: order.amount,
      currency: order.currency,
      paymentMethod: order.paymentMethod ?? null,
      paidAt: order.paidAt ?? new Date(),
      buyerName: user.name,
    });
    return this.enqueue(em, {
      kind: 'order-paid',
      dedupeKey: `order-paid:${order.orderId}`,
      to: user.email,
      language,
      ...rendered,
    });
  }

  /**
   * The refund notice (in the transaction that marks the order refunded): the amount, the order, and the
   * seats taken back (which sites lose the plugin) or the plan restored, in one message (docs/mail.md).
   */
  async refundDone(
    em: EntityManager,
    order: Order,
    effect: {
      revokedSeats: { seatIndex: number; websiteUrl: string | null }[];
      restoredTier: Tier | null;
    },
  ): Promise<boolean> {
    const { user, language } = await this.customerOf(em, order);
    const rendered = renderRefund(this.context(language), {
      orderId: order.orderId,
      amount: order.amount,
      currency: order.currency,
      refundedAt: order.refundedAt ?? new Date(),
      buyerName: user.name,
      ...effect,
    });
    return this.enqueue(em, {
      kind: 'refund',
      dedupeKey: `refund:${order.orderId}`,
      to: user.email,
      language,
      ...rendered,
    });
  }

  /**
   * Seats taken back without a refund (an admin's revocation; a refund's seats are in its notice).
   * `eventKey` names the event once (e.g. an audit entry's id), so a repeated event does not notify twice.
   */
  async seatsRevoked(
    em: EntityManager,
    user: Customer,
    eventKey: string,
    seats: { seatIndex: number; websiteUrl: string | null }[],
    reason: string | null,
  ): Promise<boolean> {
    if (!seats.length) return false;
    const language = this.languageOf(user);
    const rendered = renderSeatRevoked(this.context(language), {
      buyerName: user.name,
      seats,
      reason,
    });
    return this.enqueue(em, {
      kind: 'seat-revoked',
      dedupeKey: `seat-revoked:${eventKey}`,
      to: user.email,
      language,
      ...rendered,
    });
  }

  /** A plan granted without payment (`eventKey`: the grant's internal order number). */
  async planGranted(
    em: EntityManager,
    user: Customer,
    eventKey: string,
    grant: { tier: Tier; seatCount: number; grantedBy: string | null },
  ): Promise<boolean> {
    const language = this.languageOf(user);
    const rendered = renderPlanGranted(this.context(language), { buyerName: user.name, ...grant });
    return this.enqueue(em, {
      kind: 'plan-granted',
      dedupeKey: `plan-granted:${eventKey}`,
      to: user.email,
      language,
      ...rendered,
    });
  }

  /**
   * A sign-in code (docs/security.md, "E-mail sign-in"), in the transaction that stores its hash.
   * `eventKey`: the code's row id. `language`: the account's, else the one the visitor is using.
   */
  signInCode(
    em: EntityManager,
    to: { email: string; language?: string | null },
    eventKey: string,
    code: { code: string; minutes: number },
  ): Promise<boolean> {
    const language = this.languageOf({ ...to, name: '' });
    return this.enqueue(em, {
      kind: 'sign-in-code',
      dedupeKey: `sign-in-code:${eventKey}`,
      to: to.email,
      language,
      ...renderSignInCode(this.context(language), code),
    });
  }

  /**
   * E-mail code sign-in locked for the rest of the seller's day (docs/security.md, "E-mail sign-in"), in
   * the transaction of the wrong code that spent the day's budget; once per address and day (`day`).
   */
  signInLocked(
    em: EntityManager,
    to: { email: string; language?: string | null },
    day: string,
    data: { failures: number },
  ): Promise<boolean> {
    const language = this.languageOf({ ...to, name: '' });
    return this.enqueue(em, {
      kind: 'sign-in-locked',
      dedupeKey: `sign-in-locked:${to.email}:${day}`,
      to: to.email,
      language,
      ...renderSignInLocked(this.context(language), { failures: data.failures, day }),
    });
  }
}
