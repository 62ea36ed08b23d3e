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
import { hasServerText } from '../../i18n/server-i18n';

/** What the payment receipt says about an order (integer cents). */
export interface ReceiptMailData {
  orderId: string;
  productName: string;
  tier: Tier;
  upgradedFromTier: Tier | null;
  seatCount: number;
  listPrice: number;
  discountCode: string | null;
  discountAmount: number;
  amount: number;
  currency: string;
  /** 'alipay', 'wechat', 'sandbox', 'discount' ... */
  paymentMethod: string | null;
  paidAt: Date;
  buyerName: string;
}

/**
 * How it was paid, by name (mail.json's receipt.methods: the gateways' own names, docs/payments.md); a
 * method the catalogue does not name is shown as stored.
 */
export const paymentMethodName = (ctx: MailContext, method: string) =>
  hasServerText(ctx.language, 'mail', `receipt.methods.${method}`)
    ? mailTexts(ctx)(`receipt.methods.${method}`)
    : method;

export const receiptPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;
export const CONSOLE_PATH = '/dashboard';

/**
 * The payment receipt (docs/mail.md): the order's breakdown, a link to its receipt page, and the next steps
 * (bind a domain, download, paste the activation code) with links to the console and the docs. The
 * activation code itself is never in an e-mail: the console shows it.
 */
export function renderReceipt(ctx: MailContext, order: ReceiptMailData): RenderedMail {
  const t = mailTexts(ctx);
  const plan = TIER_NAMES[order.tier] ?? order.tier;
  const deduction = Math.max(0, order.listPrice - order.discountAmount - order.amount);
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: t('orderNumber'), value: order.orderId },
    // The order stores the spec's Chinese product name (`<name> 套餐`); in English, the plan's name.
    {
      label: t('receipt.product'),
      value: ctx.language === 'zh-CN' ? order.productName : t('receipt.productOfPlan', { plan }),
    },
    {
      label: t('receipt.plan'),
      value: order.upgradedFromTier
        ? `${TIER_NAMES[order.upgradedFromTier] ?? order.upgradedFromTier} → ${plan}`
        : plan,
    },
    { label: t('receipt.seats'), value: String(order.seatCount) },
    { label: t('receipt.listPrice'), value: money(order.listPrice, order.currency) },
  ];
  if (deduction > 0)
    rows.push({ label: t('receipt.credit'), value: money(-deduction, order.currency) });
  if (order.discountAmount > 0)
    rows.push({
      label: order.discountCode
        ? t('receipt.discountCode', { code: order.discountCode })
        : t('receipt.discount'),
      value: money(-order.discountAmount, order.currency),
    });
  rows.push(
    {
      label: t('receipt.amountPaid'),
      value: money(order.amount, order.currency),
      strong: true,
    },
    {
      label: t('receipt.paidWith'),
      value: order.paymentMethod ? paymentMethodName(ctx, order.paymentMethod) : '—',
    },
    { label: t('receipt.paidAt'), value: dateTime(ctx, order.paidAt) },
  );
  const console = `${ctx.origin}${CONSOLE_PATH}`;
  const blocks: Block[] = [
    { kind: 'paragraph', text: greeting(t, order.buyerName) },
    { kind: 'paragraph', text: t('receipt.thanks', { plan, count: order.seatCount }) },
    { kind: 'table', rows },
    {
      kind: 'button',
      label: t('receipt.viewReceipt'),
      href: `${ctx.origin}${receiptPath(order.orderId)}`,
    },
    {
      kind: 'steps',
      title: t('nextSteps'),
      items: [
        { text: t('receipt.bindStep'), href: console },
        { text: t('receipt.downloadStep') },
        { text: t('receipt.activateStep') },
        { text: t('docsStep'), href: ctx.docs },
      ],
    },
  ];
  return renderMail(ctx, {
    subject: t('receipt.subject', { brand: ctx.brand, orderId: order.orderId }),
    title: t('receipt.title'),
    blocks,
    footer: t('receipt.footer', { brand: ctx.brand }),
  });
}
