/**
 * The admin orders export's CSV (docs/product.md, "Orders CSV export"): cells, rows, yuan, times in the
 * seller's time zone, the header and the words in the admin's language, the raw codes and the file name.
 * Pure, unit-tested in order-csv.spec.ts.
 */

import { centsToYuanText, localDateTimeText, tierName } from '@seatkeeper/domain';
import { SERVER_CATALOGUES, serverT } from '../i18n/server-i18n';

/** What makes a spreadsheet read a text cell as a formula (OWASP "CSV injection"), tab and CR included. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a text starting like a formula is prefixed with `'` (a plain number is left
 * alone); a cell holding a quote,
 * a comma or a line break is quoted with its quotes doubled. Numbers are written as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  // A plain number (e.g. an amount "-5.00") is no formula, whatever its sign.
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A row of cells, ended by CRLF as RFC 4180 has it. */
export function csvRow(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The byte-order mark that makes Excel read the file as UTF-8 (Chinese names and e-mails). */
export const UTF8_BOM = '\uFEFF';

/** A formatter of instants as `YYYY-MM-DD HH:mm:ss` in a time zone (made once per export). */
export function zonedTimeFormatter(timeZone: string): (at: Date | string | null) => string {
  return (at) => (at === null ? '' : localDateTimeText(new Date(at), timeZone));
}

/** `orders-YYYY-MM-DD.csv`, dated by the seller's day. */
export function exportFileName(now: Date, timeZone: string): string {
  return `orders-${zonedTimeFormatter(timeZone)(now).slice(0, 10)}.csv`;
}

export type CsvLanguage = 'en' | 'zh-CN';

/**
 * The columns, in order: the people's columns (words in the export's language, amounts in yuan), then the
 * raw codes for machines (docs/product.md, "Orders CSV export"). Every row shows its arithmetic:
 * listPrice − deduction − discountAmount = amount, and amount − refundedAmount = net.
 */
export const CSV_COLUMNS = [
  'orderId',
  'createdAt',
  'paidAt',
  'customerEmail',
  'plan',
  'productName',
  'listPrice',
  'deduction',
  'discountCode',
  'discountAmount',
  'amount',
  'refundedAmount',
  'net',
  'currency',
  'status',
  'refundStatus',
  'refundedAt',
  'gateway',
  'method',
  'tradeNo',
  'statusCode',
  'planCode',
  'gatewayCode',
  'methodCode',
  'refundStatusCode',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The raw code columns' headers: the same in every language (for machines). */
const CODE_HEADERS = {
  statusCode: 'status_code',
  planCode: 'plan_code',
  gatewayCode: 'gateway_code',
  methodCode: 'method_code',
  refundStatusCode: 'refund_status_code',
} as const;

/**
 * The header in the admin's language (the `lang` cookie, as the interface chooses): the server's `csv`
 * catalogue (src/locales/<language>/csv.json, docs/architecture.md "Language"), the code columns beside.
 */
export const CSV_HEADERS: Record<CsvLanguage, Record<CsvColumn, string>> = {
  en: { ...SERVER_CATALOGUES.en.csv.orders.headers, ...CODE_HEADERS },
  'zh-CN': { ...SERVER_CATALOGUES['zh-CN'].csv.orders.headers, ...CODE_HEADERS },
};

/** One language's words of the codes, from the `csv` catalogue. */
function wordsOf(language: CsvLanguage) {
  const { status, refundStatus, gateway, method } = SERVER_CATALOGUES[language].csv.orders;
  const t = serverT(language, 'csv');
  return {
    status,
    refundStatus,
    gateway,
    method,
    product: (plan: string) => t('orders.product', { plan }),
  };
}

/**
 * The words of the codes in each language, as the admin screens say them (frontend catalogue
 * adminOrders: status, refundStatus, gateway, method). A code the export does not know is written as it is.
 */
export const CSV_WORDS: Record<
  CsvLanguage,
  {
    status: Record<string, string>;
    refundStatus: Record<string, string>;
    gateway: Record<string, string>;
    method: Record<string, string>;
    /** The product's name from the plan's: '{{plan}} plan'. */
    product: (plan: string) => string;
  }
> = {
  en: wordsOf('en'),
  'zh-CN': wordsOf('zh-CN'),
};

/** The fields of an order row the export writes (times as read from the database). */
export interface CsvOrder {
  orderId: string;
  createdAt: Date | string;
  paidAt: Date | string | null;
  customerEmail: string;
  tier: string;
  /** As stored: the Chinese `<name> 套餐` of the plan when the order was made. */
  productName: string;
  listPrice: number;
  discountCode: string | null;
  discountAmount: number;
  amount: number;
  currency: string;
  status: string;
  refundStatus: string | null;
  refundedAt: Date | string | null;
  paymentGateway: string;
  paymentMethod: string | null;
  tradeNo: string | null;
}

/**
 * The deduction for the plan owned before (an upgrade), in cents: what the list price lost besides the
 * discount (amount = list price − deduction − discount; backend/src/plans/pricing.ts). The drawer's too.
 */
export const deductionOf = (o: { listPrice: number; discountAmount: number; amount: number }) =>
  Math.max(0, o.listPrice - o.discountAmount - o.amount);

/** What was given back: a refunded order's whole amount (refunds are whole: docs/rules.md, "Refunds"). */
export const refundedAmountOf = (o: { status: string; amount: number }) =>
  o.status === 'refunded' ? o.amount : 0;

const wordOf = (words: Record<string, string>, code: string | null) =>
  code === null ? null : (words[code] ?? code);

/**
 * One order's line in `language`: words for the codes and the plan's display name (Max, not ultra), yuan
 * with two decimals, times by `time` (the seller's zone), then the raw codes.
 */
export function csvOrderRow(
  o: CsvOrder,
  time: (at: Date | string | null) => string,
  language: CsvLanguage,
): string {
  const words = CSV_WORDS[language];
  const plan = tierName(o.tier);
  const refunded = refundedAmountOf(o);
  return csvRow([
    o.orderId,
    time(o.createdAt),
    time(o.paidAt),
    o.customerEmail,
    plan,
    // In Chinese the stored name (what was sold); in English the plan's, worded (the screens do the same).
    language === 'zh-CN' && o.productName.trim() ? o.productName : words.product(plan),
    centsToYuanText(o.listPrice),
    centsToYuanText(deductionOf(o)),
    o.discountCode,
    centsToYuanText(o.discountAmount),
    centsToYuanText(o.amount),
    centsToYuanText(refunded),
    centsToYuanText(o.amount - refunded),
    o.currency,
    wordOf(words.status, o.status),
    wordOf(words.refundStatus, o.refundStatus),
    time(o.refundedAt),
    wordOf(words.gateway, o.paymentGateway),
    wordOf({ ...words.gateway, ...words.method }, o.paymentMethod),
    o.tradeNo,
    o.status,
    o.tier,
    o.paymentGateway,
    o.paymentMethod,
    o.refundStatus,
  ]);
}
