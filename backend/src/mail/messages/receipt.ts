import { TIER_NAMES, type Tier } from '@seatkeeper/domain';
import {
  dateTime,
  money,
  enCount,
  pick,
  renderMail,
  type Block,
  type MailContext,
  type RenderedMail,
  type Texts,
} from './layout';

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

/** How it was paid, by name (the gateways' own names; docs/payments.md). */
export const PAYMENT_METHOD_NAMES: Record<string, Texts> = {
  alipay: { 'zh-CN': '支付宝', en: 'Alipay' },
  wechat: { 'zh-CN': '微信支付', en: 'WeChat Pay' },
  sandbox: { 'zh-CN': '沙箱支付（开发环境）', en: 'Sandbox (development)' },
  discount: { 'zh-CN': '优惠码全额抵扣', en: 'Discount code (nothing to pay)' },
  'vip-grant': { 'zh-CN': 'VIP 赠送', en: 'VIP grant' },
  'auto-expansion': { 'zh-CN': '自动扩容', en: 'Automatic seat expansion' },
};

export const receiptPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;
export const CONSOLE_PATH = '/dashboard';

/**
 * The payment receipt (docs/mail.md): the order's breakdown, a link to its receipt page, and the next steps
 * (bind a domain, download, paste the activation code) with links to the console and the docs. The
 * activation code itself is never in an e-mail: the console shows it.
 */
export function renderReceipt(ctx: MailContext, order: ReceiptMailData): RenderedMail {
  const t = (texts: Texts) => pick(ctx, texts);
  const plan = TIER_NAMES[order.tier] ?? order.tier;
  const deduction = Math.max(0, order.listPrice - order.discountAmount - order.amount);
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: t({ 'zh-CN': '订单号', en: 'Order number' }), value: order.orderId },
    // The order stores the spec's Chinese product name (`<name> 套餐`); in English, the plan's name.
    {
      label: t({ 'zh-CN': '商品', en: 'Product' }),
      value: t({ 'zh-CN': order.productName, en: `${plan} plan` }),
    },
    {
      label: t({ 'zh-CN': '套餐', en: 'Plan' }),
      value: order.upgradedFromTier
        ? `${TIER_NAMES[order.upgradedFromTier] ?? order.upgradedFromTier} → ${plan}`
        : plan,
    },
    {
      label: t({ 'zh-CN': '座位数', en: 'Seats' }),
      value: String(order.seatCount),
    },
    {
      label: t({ 'zh-CN': '标价', en: 'List price' }),
      value: money(order.listPrice, order.currency),
    },
  ];
  if (deduction > 0)
    rows.push({
      label: t({ 'zh-CN': '原套餐抵扣', en: 'Credit for your current plan' }),
      value: money(-deduction, order.currency),
    });
  if (order.discountAmount > 0)
    rows.push({
      label: order.discountCode
        ? t({ 'zh-CN': `优惠码 ${order.discountCode}`, en: `Discount code ${order.discountCode}` })
        : t({ 'zh-CN': '优惠', en: 'Discount' }),
      value: money(-order.discountAmount, order.currency),
    });
  rows.push(
    {
      label: t({ 'zh-CN': '实付金额', en: 'Amount paid' }),
      value: money(order.amount, order.currency),
      strong: true,
    },
    {
      label: t({ 'zh-CN': '支付方式', en: 'Paid with' }),
      value: order.paymentMethod
        ? (PAYMENT_METHOD_NAMES[order.paymentMethod]?.[ctx.language] ?? order.paymentMethod)
        : '—',
    },
    { label: t({ 'zh-CN': '支付时间', en: 'Paid at' }), value: dateTime(order.paidAt) },
  );
  const console = `${ctx.origin}${CONSOLE_PATH}`;
  const greeting = order.buyerName.trim()
    ? t({ 'zh-CN': `${order.buyerName}，您好：`, en: `Hello ${order.buyerName},` })
    : t({ 'zh-CN': '您好：', en: 'Hello,' });
  const blocks: Block[] = [
    { kind: 'paragraph', text: greeting },
    {
      kind: 'paragraph',
      text: t({
        'zh-CN': `感谢您的购买！您的 ${plan} 套餐已生效，共 ${order.seatCount} 个站点座位。`,
        en: `Thank you for your purchase! Your ${plan} plan is active, with ${enCount(order.seatCount, 'site seat', 'site seats')}.`,
      }),
    },
    { kind: 'table', rows },
    {
      kind: 'button',
      label: t({ 'zh-CN': '查看收据', en: 'View the receipt' }),
      href: `${ctx.origin}${receiptPath(order.orderId)}`,
    },
    {
      kind: 'steps',
      title: t({ 'zh-CN': '接下来', en: 'Next steps' }),
      items: [
        {
          text: t({
            'zh-CN': '在控制台为座位绑定您的网站域名：',
            en: 'Bind your website’s domain to a seat in the console:',
          }),
          href: console,
        },
        {
          text: t({
            'zh-CN': '在控制台下载插件和主题，安装到您的网站。',
            en: 'Download the plugin and the theme from the console and install them on your site.',
          }),
        },
        {
          text: t({
            'zh-CN': '复制控制台里的激活码，粘贴到插件设置中。',
            en: 'Copy the activation code shown in the console and paste it into the plugin’s settings.',
          }),
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
  ];
  return renderMail(ctx, {
    subject: t({
      'zh-CN': `【${ctx.brand}】支付成功：订单 ${order.orderId}`,
      en: `[${ctx.brand}] Payment received: order ${order.orderId}`,
    }),
    title: t({ 'zh-CN': '支付成功', en: 'Payment received' }),
    blocks,
    footer: t({
      'zh-CN': `这是 ${ctx.brand} 为您的订单发送的收据，请妥善保存。`,
      en: `This is ${ctx.brand}’s receipt for your order; please keep it.`,
    }),
  });
}
