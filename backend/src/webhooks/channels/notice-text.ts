import { formatMoney, tierName } from '@seatkeeper/domain';
import type { WebhookEnvelope } from './channel';

/**
 * The short notice a chat robot posts for an event (issue #31 part 2, docs/chat-notices.md), in the
 * language the seller chose for the endpoint. One line of facts, no links, nothing the group should not
 * see: a customer's name is masked to its first character and `**`, an e-mail to the first character of
 * its local part and `**` (the domain is dropped), so a group of sales staff sees that a sale happened and
 * how much, not who exactly. Renders what the payload carries; a missing fact is left out, never invented.
 */
export type NoticeLanguage = 'zh-CN' | 'en';

export interface Notice {
  /** A heading (the markdown title of a DingTalk message, the header of a Feishu card). */
  title: string;
  /** The one line of facts, e.g. `¥1,699.00 Pro — 张** — SK20261128…`. */
  line: string;
}

const TITLES: Record<string, Record<NoticeLanguage, string>> = {
  'order.paid': { 'zh-CN': '新订单已付款', en: 'New order paid' },
  'order.refunded': { 'zh-CN': '订单已退款', en: 'Order refunded' },
  'mail.failed': { 'zh-CN': '邮件发送失败', en: 'Mail not delivered' },
  'backup.failed': { 'zh-CN': '备份失败', en: 'Backup failed' },
  test: { 'zh-CN': '测试消息', en: 'Test message' },
};

/** The mail kinds as a seller reads them; an unknown kind is shown as it is. */
const MAIL_KINDS: Record<string, Record<NoticeLanguage, string>> = {
  'order-paid': { 'zh-CN': '付款收据', en: 'payment receipt' },
  'plan-granted': { 'zh-CN': '开通通知', en: 'plan granted' },
  refund: { 'zh-CN': '退款通知', en: 'refund notice' },
  'seat-revoked': { 'zh-CN': '席位收回通知', en: 'seat revoked' },
  'sign-in-code': { 'zh-CN': '登录验证码', en: 'sign-in code' },
  'sign-in-locked': { 'zh-CN': '登录锁定通知', en: 'sign-in locked' },
};

const SEP = ' — ';
const MAX_ERROR = 120;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** '张三' → '张**', 'Alice Smith' → 'A**' (a character is a code point: an emoji or CJK stays whole). */
export function maskName(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? `${first}**` : '';
}

/** 'alice@example.com' → 'a**' (the local part's first character; the domain is not sent). */
export function maskEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return maskName(local);
}

/** The customer as the group sees them: the masked name, else the masked e-mail, else nothing. */
export function maskedCustomer(customer: unknown): string | null {
  const c = obj(customer);
  const name = str(c.name);
  if (name) return maskName(name);
  const email = str(c.email);
  return email ? maskEmail(email) || null : null;
}

function amountText(data: Record<string, unknown>): string | null {
  const amount = data.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  return formatMoney(amount, { currency: str(data.currency) ?? 'CNY', grouping: true });
}

/** Product and plan: 'Pro', 'SEO Booster Max' (the ultra tier is named Max). */
function planText(data: Record<string, unknown>): string | null {
  const plan = tierName(str(data.tier));
  const product = str(data.product);
  const text = [product, plan].filter(Boolean).join(' ');
  return text || null;
}

function shortError(error: unknown): string | null {
  const text = str(error)?.replace(/\s+/g, ' ');
  if (!text) return null;
  const chars = Array.from(text);
  return chars.length > MAX_ERROR ? `${chars.slice(0, MAX_ERROR - 1).join('')}…` : text;
}

function lineFor(envelope: WebhookEnvelope, language: NoticeLanguage): string {
  const d = obj(envelope.data);
  const zh = language === 'zh-CN';
  switch (envelope.type) {
    case 'order.paid':
    case 'order.refunded': {
      const parts = [amountText(d), planText(d), maskedCustomer(d.customer), str(d.orderId)];
      if (envelope.type === 'order.refunded') {
        const seats = Array.isArray(d.revokedSeats) ? d.revokedSeats.length : 0;
        if (seats)
          parts.push(
            zh ? `收回 ${seats} 个席位` : `${seats} seat${seats === 1 ? '' : 's'} revoked`,
          );
      }
      return parts.filter(Boolean).join(SEP);
    }
    case 'mail.failed': {
      const kind = str(d.kind);
      const kindText = kind ? (MAIL_KINDS[kind]?.[language] ?? kind) : null;
      const recipient = str(d.recipient);
      const attempts = typeof d.attempts === 'number' ? d.attempts : null;
      const tries =
        attempts === null
          ? null
          : zh
            ? `尝试 ${attempts} 次`
            : `${attempts} attempt${attempts === 1 ? '' : 's'}`;
      return [kindText, recipient ? maskEmail(recipient) : null, tries, shortError(d.error)]
        .filter(Boolean)
        .join(SEP);
    }
    case 'backup.failed': {
      const trigger = str(d.trigger);
      const triggerText = trigger ? (zh ? `触发：${trigger}` : `trigger: ${trigger}`) : null;
      return [triggerText, shortError(d.error)].filter(Boolean).join(SEP);
    }
    default:
      return zh ? `事件 ${envelope.type}` : `Event ${envelope.type}`;
  }
}

/** The notice for an event, in the endpoint's language. */
export function noticeFor(envelope: WebhookEnvelope, language: NoticeLanguage): Notice {
  const lang: NoticeLanguage = language === 'en' ? 'en' : 'zh-CN';
  const isTest = obj(envelope.data).test === true;
  const title = (isTest ? TITLES.test : TITLES[envelope.type])?.[lang] ?? envelope.type;
  return { title: `Seatkeeper · ${title}`, line: lineFor(envelope, lang) };
}

/** Title and line as one plain text (WeCom and DingTalk text, Feishu text). */
export function noticeText(envelope: WebhookEnvelope, language: NoticeLanguage): string {
  const { title, line } = noticeFor(envelope, language);
  return line ? `${title}\n${line}` : title;
}
