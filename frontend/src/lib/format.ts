import { formatMoney } from '@seatkeeper/domain';
import { currentLanguage, i18n, type Language } from './i18n';

/**
 * Formatting in one place (docs/product.md#constants Display): money from cents, dates, timers and
 * masks. Dates follow the active language (docs/architecture.md#language), read at call time: `en` in
 * US-English long format, `zh-CN` as 2026年11月26日 08:19; money is ¥699.00 in both. A component that
 * formats re-renders on a language change through useTranslation (or useLanguage from lib/i18n).
 */

export type DateInput = Date | string | number | null | undefined;

/** Money in cents → '¥699.00' (order amounts: always two decimals). */
export function formatYuan(cents: number | null | undefined): string {
  return formatMoney(Number(cents ?? 0));
}

/** Plan prices in cents → '¥699' when whole, else '¥699.50'. */
export function formatPlanPrice(cents: number | null | undefined): string {
  const c = Math.round(Number(cents ?? 0));
  if (c % 100 === 0) {
    const yuan = c / 100;
    return `${yuan < 0 ? '-' : ''}¥${Math.abs(yuan)}`;
  }
  return formatYuan(c);
}

/**
 * Yuan typed in a form → cents (× 100, rounded half up on the digits: '12.345' → 1235; NaN when negative
 * or not a number), and cents → yuan for a form field (69950 → 699.5): the one helper both sides use.
 */
export { centsToYuan, yuanToCents } from '@seatkeeper/domain';

/**
 * Any timestamp → Date. Numbers are seconds, except values above 1e12, which are milliseconds;
 * strings of digits count as numbers; other strings are parsed as ISO dates.
 */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) {
    date = value;
  } else if (typeof value === 'number' || /^\d+(\.\d+)?$/.test(value)) {
    const n = Number(value);
    date = new Date(n > 1e12 ? n : n * 1000);
  } else {
    date = new Date(value);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

type DateStyle = 'date' | 'dateTime';

const DATE_OPTIONS: Record<Language, Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  en: {
    date: { year: 'numeric', month: 'long', day: 'numeric' },
    dateTime: {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    },
  },
  'zh-CN': {
    date: { year: 'numeric', month: 'long', day: 'numeric' },
    dateTime: {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    },
  },
};
const INTL_LOCALE: Record<Language, string> = { en: 'en-US', 'zh-CN': 'zh-CN' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The active language's date formatter (made once per language and style). */
function dateFormat(style: DateStyle): Intl.DateTimeFormat {
  const language = currentLanguage();
  const key = `${language}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], DATE_OPTIONS[language][style]);
    dateFormats.set(key, format);
  }
  return format;
}

/** 'November 25, 2026' / '2026年11月25日'; an empty or invalid value gives the fallback. */
export function formatDate(value: DateInput, fallback = '-'): string {
  const date = toDate(value);
  return date ? dateFormat('date').format(date) : fallback;
}

/** 'November 25, 2026 at 11:30 PM' / '2026年11月25日 23:30'. */
export function formatDateTime(value: DateInput, fallback = '-'): string {
  const date = toDate(value);
  return date ? dateFormat('dateTime').format(date) : fallback;
}

/** 'YYYY-MM-DD' in local time (licence expiry labels). */
export function formatIsoDay(value: DateInput, fallback = '-'): string {
  const date = toDate(value);
  if (!date) return fallback;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A timestamp → the local 'YYYY-MM-DDTHH:mm' a native datetime-local input holds; '' when empty or
 * invalid (form fields for optional date-times).
 */
export function toDateTimeLocal(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatIsoDay(date)}T${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** A datetime-local value (local time) → an ISO string, or null when empty or invalid. */
export function fromDateTimeLocal(value: string | null | undefined): string | null {
  if (!value || !value.trim()) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi, match[6] ? Number(match[6]) : 0);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Seconds → 'mm:ss' (minutes keep counting past 59: '75:03'). */
export function formatTimer(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Percentage with one decimal: 87.456 → '87.5%'. */
export const formatPercent = (value: number): string =>
  `${(Number.isFinite(value) ? value : 0).toFixed(1)}%`;

/** Activation code: first 4 + '...' + last 4; short values are hidden entirely. */
export function maskToken(token: string | null | undefined): string {
  if (!token) return '';
  if (token.length <= 8) return '*'.repeat(token.length);
  return `${token.slice(0, 4)}...${token.slice(-4)}`;
}

/** API key: first 4 + '****' + last 4, or '****' when shorter than 8. */
export function maskKey(key: string | null | undefined): string {
  if (!key || key.length < 8) return '****';
  return `${key.slice(0, 4)}****${key.slice(-4)}`;
}

/** E-mail: first two characters of the local part + '***@' + domain. */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at < 0) return `${email.slice(0, 2)}***`;
  return `${email.slice(0, Math.min(2, at))}***@${email.slice(at + 1)}`;
}

/** Total time as minutes and seconds (docs/product.md#constants): '2 min 5 s' / '2 分 5 秒'. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  return i18n.t('common:format.minutesSeconds', { minutes: Math.floor(s / 60), seconds: s % 60 });
}
