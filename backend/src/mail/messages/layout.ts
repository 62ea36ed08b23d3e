import { formatMoney, localDateTimeText, utcOffsetLabel } from '@seatkeeper/domain';
import { serverT, type ServerT } from '../../i18n/server-i18n';
import type { MailLanguage } from '../mail-message.entity';

/**
 * The shared frame of every e-mail (docs/mail.md, "Messages"): pure functions, HTML with inline styles in
 * a single-column table (what mail clients render alike) and the same content as plain text. Every value
 * that comes from a customer, an admin or an order passes through `escapeHtml`.
 */

export interface MailLinks {
  /** Absolute origin of the store, e.g. https://licences.example.com. */
  origin: string;
  /** Absolute URL of the docs. */
  docs: string;
}

export interface MailContext extends MailLinks {
  language: MailLanguage;
  /** The seller's brand name (SELLER_NAME), as written. */
  brand: string;
  /** The seller's time zone (SELLER_TIME_ZONE): times in mails are on its clock. */
  timeZone: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A subject line is one line, whatever the brand or a product name holds. */
export const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/** Integer cents as `¥1,234.56` (CNY) or `1,234.56 USD` (the store's one formatter, grouped). */
export const money = (cents: number, currency: string): string =>
  formatMoney(cents, { currency, grouping: true });

/** A moment on the seller's clock (SELLER_TIME_ZONE), with its offset: `2026-11-28 14:05 (UTC+8)`. */
export function dateTime(ctx: Pick<MailContext, 'timeZone'>, date: Date): string {
  return `${localDateTimeText(date, ctx.timeZone, { seconds: false })} (${utcOffsetLabel(date, ctx.timeZone)})`;
}

/**
 * The mail's texts in the message's language (src/locales/<language>/mail.json through the server's i18n,
 * docs/mail.md "Messages"): values as written, escaped once by the layout below.
 */
export const mailTexts = (ctx: { language: MailLanguage }): ServerT =>
  serverT(ctx.language, 'mail');

/** The greeting, by name when the customer gave one. */
export const greeting = (t: ServerT, name: string) =>
  name.trim() ? t('greeting', { name }) : t('greetingNoName');

/** The building blocks of a message body; each renders to HTML and to plain text. */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; rows: { label: string; value: string; strong?: boolean }[] }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'steps'; title: string; items: { text: string; href?: string; linkText?: string }[] }
  | { kind: 'note'; text: string }
  /** A one-time code, large and spaced (the sign-in code). */
  | { kind: 'code'; text: string };

const FONT =
  "-apple-system,BlinkMacSystemFont,'Segoe UI','PingFang SC','Hiragino Sans GB','Microsoft YaHei',Roboto,Helvetica,Arial,sans-serif";

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#212529">${escapeHtml(block.text)}</p>`;
    case 'code':
      return `<p style="margin:0 0 20px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:Menlo,Consolas,monospace;color:#212529">${escapeHtml(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#868e96">${escapeHtml(block.text)}</p>`;
    case 'table':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 20px;font-size:14px">${block.rows
        .map(
          (r) =>
            `<tr><td style="padding:8px 0;border-bottom:1px solid #e9ecef;color:#495057">${escapeHtml(r.label)}</td><td align="right" style="padding:8px 0;border-bottom:1px solid #e9ecef;color:#212529;${r.strong ? 'font-weight:700;font-size:16px' : ''}">${escapeHtml(r.value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'button':
      return `<p style="margin:0 0 24px"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:#1971c2;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:6px;font-size:15px;font-weight:600">${escapeHtml(block.label)}</a></p>`;
    case 'steps':
      return `<h2 style="margin:8px 0 12px;font-size:16px;color:#212529">${escapeHtml(block.title)}</h2><ol style="margin:0 0 20px;padding-left:20px;font-size:14px;line-height:1.7;color:#212529">${block.items
        .map(
          (i) =>
            `<li style="margin:0 0 6px">${escapeHtml(i.text)}${i.href ? ` <a href="${escapeHtml(i.href)}" style="color:#1971c2">${escapeHtml(i.linkText ?? i.href)}</a>` : ''}</li>`,
        )
        .join('')}</ol>`;
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
    case 'code':
      return block.text;
    case 'table': {
      const width = Math.max(...block.rows.map((r) => r.label.length));
      return block.rows.map((r) => `${r.label.padEnd(width)}  ${r.value}`).join('\n');
    }
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'steps':
      return [
        block.title,
        ...block.items.map((i, n) => `${n + 1}. ${i.text}${i.href ? ` ${i.href}` : ''}`),
      ].join('\n');
  }
}

/** A whole message: the brand on top, a title, the blocks, and a footer saying why it came. */
export function renderMail(
  ctx: MailContext,
  parts: { subject: string; title: string; blocks: Block[]; footer: string },
): RenderedMail {
  const lang = ctx.language === 'en' ? 'en' : 'zh-CN';
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(oneLine(parts.subject))}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:10px;font-family:${FONT}">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e9ecef;font-size:16px;font-weight:700;color:#1971c2">${escapeHtml(ctx.brand)}</td></tr>
<tr><td style="padding:24px 28px 8px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.4;color:#212529">${escapeHtml(parts.title)}</h1>
${parts.blocks.map(blockHtml).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e9ecef;font-size:12px;line-height:1.6;color:#868e96">${escapeHtml(parts.footer)}<br><a href="${escapeHtml(ctx.origin)}" style="color:#868e96">${escapeHtml(ctx.origin)}</a></td></tr>
</table></td></tr></table>
</body></html>
`;
  const text = [
    ctx.brand,
    '',
    parts.title,
    '',
    ...parts.blocks.flatMap((b) => [blockText(b), '']),
    '--',
    parts.footer,
    ctx.origin,
    '',
  ].join('\n');
  return { subject: oneLine(parts.subject), html, text };
}
