import { TIER_NAMES, type Tier } from '@seatkeeper/domain';
import {
  dateTime,
  enCount,
  money,
  pick,
  renderMail,
  type Block,
  type MailContext,
  type RenderedMail,
  type Texts,
} from './layout';
import { CONSOLE_PATH, receiptPath } from './receipt';

const greeting = (ctx: MailContext, name: string) =>
  name.trim()
    ? pick(ctx, { 'zh-CN': `${name}，您好：`, en: `Hello ${name},` })
    : pick(ctx, { 'zh-CN': '您好：', en: 'Hello,' });

const footer = (ctx: MailContext): Texts => ({
  'zh-CN': `这封邮件由 ${ctx.brand} 发送，告知您账户的变化。`,
  en: `${ctx.brand} sent this e-mail to tell you about a change to your account.`,
});

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
  const unbound = pick(ctx, { 'zh-CN': '未绑定', en: 'not bound' });
  return seats.map((s) => ({
    label: pick(ctx, { 'zh-CN': `座位 ${s.seatIndex}`, en: `Seat ${s.seatIndex}` }),
    value: s.websiteUrl ?? unbound,
  }));
};

/**
 * The refund notice (docs/mail.md): how much, for which order, and what happened to the seats, in ONE
 * message: the plan restored (a refunded upgrade), and the seats taken back with the sites that lose the
 * plugin.
 */
export function renderRefund(ctx: MailContext, data: RefundMailData): RenderedMail {
  const t = (texts: Texts) => pick(ctx, texts);
  const count = data.revokedSeats.length;
  const restored = data.restoredTier ? TIER_NAMES[data.restoredTier] : null;
  const effect: Block[] = [];
  if (restored)
    effect.push({
      kind: 'paragraph',
      text: t({
        'zh-CN': `您的套餐已恢复为 ${restored}。`,
        en: `Your plan is back to ${restored}.`,
      }),
    });
  if (count > 0)
    effect.push(
      {
        kind: 'paragraph',
        text: restored
          ? t({
              'zh-CN': `超出 ${restored} 套餐的 ${count} 个座位已收回，绑定在这些座位上的网站将无法继续使用插件：`,
              en:
                count === 1
                  ? `1 seat beyond the ${restored} plan was taken back; a site bound to it can no longer use the plugin:`
                  : `${count} seats beyond the ${restored} plan were taken back; sites bound to them can no longer use the plugin:`,
            })
          : t({
              'zh-CN': `该订单的 ${count} 个座位已收回，绑定在这些座位上的网站将无法继续使用插件：`,
              en:
                count === 1
                  ? 'The order’s 1 seat was taken back; a site bound to it can no longer use the plugin:'
                  : `The order’s ${count} seats were taken back; sites bound to them can no longer use the plugin:`,
            }),
      },
      { kind: 'table', rows: seatRows(ctx, data.revokedSeats) },
    );
  return renderMail(ctx, {
    subject: t({
      'zh-CN': `【${ctx.brand}】退款已完成：订单 ${data.orderId}`,
      en: `[${ctx.brand}] Refund made: order ${data.orderId}`,
    }),
    title: t({ 'zh-CN': '退款已完成', en: 'Your refund was made' }),
    blocks: [
      { kind: 'paragraph', text: greeting(ctx, data.buyerName) },
      {
        kind: 'paragraph',
        text: t({
          'zh-CN': '您的订单已全额退款，款项将按原支付方式退回，到账时间以支付机构为准。',
          en: 'Your order was refunded in full to the way you paid; when it arrives depends on your payment provider.',
        }),
      },
      {
        kind: 'table',
        rows: [
          { label: t({ 'zh-CN': '订单号', en: 'Order number' }), value: data.orderId },
          {
            label: t({ 'zh-CN': '退款金额', en: 'Amount refunded' }),
            value: money(data.amount, data.currency),
            strong: true,
          },
          {
            label: t({ 'zh-CN': '退款时间', en: 'Refunded at' }),
            value: dateTime(data.refundedAt),
          },
        ],
      },
      ...effect,
      {
        kind: 'button',
        label: t({ 'zh-CN': '查看订单', en: 'View the order' }),
        href: `${ctx.origin}${receiptPath(data.orderId)}`,
      },
    ],
    footer: t(footer(ctx)),
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
  const t = (texts: Texts) => pick(ctx, texts);
  return renderMail(ctx, {
    subject: t({
      'zh-CN': `【${ctx.brand}】${data.seats.length} 个座位已被收回`,
      en: `[${ctx.brand}] ${data.seats.length === 1 ? 'A seat was' : `${data.seats.length} seats were`} revoked`,
    }),
    title: t({
      'zh-CN': '座位已被收回',
      en: data.seats.length === 1 ? 'Seat revoked' : 'Seats revoked',
    }),
    blocks: [
      { kind: 'paragraph', text: greeting(ctx, data.buyerName) },
      {
        kind: 'paragraph',
        text: t({
          'zh-CN': '以下座位已被收回，绑定在其上的网站将无法继续使用插件：',
          en:
            data.seats.length === 1
              ? 'This seat was revoked; a site bound to it can no longer use the plugin:'
              : 'These seats were revoked; sites bound to them can no longer use the plugin:',
        }),
      },
      { kind: 'table', rows: seatRows(ctx, data.seats) },
      ...(data.reason
        ? [{ kind: 'note' as const, text: t({ 'zh-CN': '原因：', en: 'Reason: ' }) + data.reason }]
        : []),
      {
        kind: 'button',
        label: t({ 'zh-CN': '打开控制台', en: 'Open the console' }),
        href: `${ctx.origin}${CONSOLE_PATH}`,
      },
    ],
    footer: t(footer(ctx)),
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
  const t = (texts: Texts) => pick(ctx, texts);
  const plan = TIER_NAMES[data.tier] ?? data.tier;
  return renderMail(ctx, {
    subject: t({
      'zh-CN': `【${ctx.brand}】您已获得 ${plan} 套餐`,
      en: `[${ctx.brand}] You have been given the ${plan} plan`,
    }),
    title: t({ 'zh-CN': `您已获得 ${plan} 套餐`, en: `You have the ${plan} plan` }),
    blocks: [
      { kind: 'paragraph', text: greeting(ctx, data.buyerName) },
      {
        kind: 'paragraph',
        text: t({
          'zh-CN': `您的账户已开通 ${plan} 套餐，共 ${data.seatCount} 个站点座位，无需付款。`,
          en: `Your account now has the ${plan} plan with ${enCount(data.seatCount, 'site seat', 'site seats')}, free of charge.`,
        }),
      },
      {
        kind: 'steps',
        title: t({ 'zh-CN': '接下来', en: 'Next steps' }),
        items: [
          {
            text: t({
              'zh-CN': '在控制台绑定域名、下载插件并复制激活码：',
              en: 'Bind a domain, download the plugin and copy the activation code in the console:',
            }),
            href: `${ctx.origin}${CONSOLE_PATH}`,
          },
          {
            text: t({
              'zh-CN': '安装与使用说明见文档：',
              en: 'Installation and usage are in the docs:',
            }),
            href: ctx.docs,
          },
        ],
      },
    ],
    footer: t(footer(ctx)),
  });
}
