import { TIER_NAMES, type Tier } from '@seatkeeper/domain';
import {
  dateTime,
  greeting,
  mailTexts,
  money,
  renderMail,
  type Block,
  type MailContext,
  type RenderedMail,
} from './layout';
import { CONSOLE_PATH, receiptPath } from './receipt';

export interface RefundMailData {
  orderId: string;
  amount: number;
  currency: string;
  refundedAt: Date;
  buyerName: string;
  /** Seats taken back by the refund, with the domains they were bound to (null when unbound). */
  revokedSeats: RevokedSeat[];
  /** The tier the customer is back on after refunding an upgrade. */
  restoredTier: Tier | null;
}

export interface RevokedSeat {
  seatIndex: number;
  websiteUrl: string | null;
}

/** The seats' table: each seat's number and the site that loses the plugin. */
const seatRows = (ctx: MailContext, seats: RevokedSeat[]) => {
  const t = mailTexts(ctx);
  return seats.map((s) => ({
    label: t('seat', { index: s.seatIndex }),
    value: s.websiteUrl ?? t('notBound'),
  }));
};

/**
 * The refund notice (docs/mail.md): how much, for which order, and what happened to the seats, in ONE
 * message: the plan restored (a refunded upgrade), and the seats taken back with the sites that lose the
 * plugin.
 */
export function renderRefund(ctx: MailContext, data: RefundMailData): RenderedMail {
  const t = mailTexts(ctx);
  const count = data.revokedSeats.length;
  const plan = data.restoredTier ? TIER_NAMES[data.restoredTier] : null;
  const effect: Block[] = [];
  if (plan) effect.push({ kind: 'paragraph', text: t('refund.planRestored', { plan }) });
  if (count > 0)
    effect.push(
      {
        kind: 'paragraph',
        text: plan
          ? t('refund.seatsBeyondPlanRevoked', { count, plan })
          : t('refund.orderSeatsRevoked', { count }),
      },
      { kind: 'table', rows: seatRows(ctx, data.revokedSeats) },
    );
  return renderMail(ctx, {
    subject: t('refund.subject', { brand: ctx.brand, orderId: data.orderId }),
    title: t('refund.title'),
    blocks: [
      { kind: 'paragraph', text: greeting(t, data.buyerName) },
      { kind: 'paragraph', text: t('refund.refunded') },
      {
        kind: 'table',
        rows: [
          { label: t('orderNumber'), value: data.orderId },
          { label: t('refund.amount'), value: money(data.amount, data.currency), strong: true },
          { label: t('refund.refundedAt'), value: dateTime(ctx, data.refundedAt) },
        ],
      },
      ...effect,
      {
        kind: 'button',
        label: t('refund.viewOrder'),
        href: `${ctx.origin}${receiptPath(data.orderId)}`,
      },
    ],
    footer: t('changeFooter', { brand: ctx.brand }),
  });
}

export interface SeatRevokedMailData {
  buyerName: string;
  /** The seats' numbers and the domains they were bound to (null when unbound). */
  seats: RevokedSeat[];
  reason: string | null;
}

/**
 * Seats taken back without a refund (an admin's revocation): which ones, and which sites lose the plugin.
 * A refund says it in its own notice (renderRefund), so one refund is one message.
 */
export function renderSeatRevoked(ctx: MailContext, data: SeatRevokedMailData): RenderedMail {
  const t = mailTexts(ctx);
  const count = data.seats.length;
  return renderMail(ctx, {
    subject: t('seatRevoked.subject', { brand: ctx.brand, count }),
    title: t('seatRevoked.title', { count }),
    blocks: [
      { kind: 'paragraph', text: greeting(t, data.buyerName) },
      { kind: 'paragraph', text: t('seatRevoked.intro', { count }) },
      { kind: 'table', rows: seatRows(ctx, data.seats) },
      ...(data.reason
        ? [{ kind: 'note' as const, text: t('seatRevoked.reason', { reason: data.reason }) }]
        : []),
      {
        kind: 'button',
        label: t('seatRevoked.openConsole'),
        href: `${ctx.origin}${CONSOLE_PATH}`,
      },
    ],
    footer: t('changeFooter', { brand: ctx.brand }),
  });
}

export interface PlanGrantedMailData {
  buyerName: string;
  tier: Tier;
  seatCount: number;
  /** Who granted it ('system' for the VIP list's automatic grant), shown as is. */
  grantedBy: string | null;
}

/** A plan granted without payment (an admin's grant, the VIP list): what it is and where to start. */
export function renderPlanGranted(ctx: MailContext, data: PlanGrantedMailData): RenderedMail {
  const t = mailTexts(ctx);
  const plan = TIER_NAMES[data.tier] ?? data.tier;
  return renderMail(ctx, {
    subject: t('planGranted.subject', { brand: ctx.brand, plan }),
    title: t('planGranted.title', { plan }),
    blocks: [
      { kind: 'paragraph', text: greeting(t, data.buyerName) },
      { kind: 'paragraph', text: t('planGranted.granted', { plan, count: data.seatCount }) },
      {
        kind: 'steps',
        title: t('nextSteps'),
        items: [
          { text: t('planGranted.consoleStep'), href: `${ctx.origin}${CONSOLE_PATH}` },
          { text: t('docsStep'), href: ctx.docs },
        ],
      },
    ],
    footer: t('changeFooter', { brand: ctx.brand }),
  });
}
