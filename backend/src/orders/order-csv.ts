/**
 * The admin orders export's CSV (docs/product.md, "Orders CSV export"): cells, rows, yuan, times in the
 * seller's time zone, the header in the admin's language and the file name. Pure, unit-tested in
 * order-csv.spec.ts.
 */

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

/** Integer cents as yuan with two decimals, exactly (no floating point): 169900 → "1699.00". */
export function yuanOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A formatter of instants as `YYYY-MM-DD HH:mm:ss` in a time zone (made once per export). */
export function zonedTimeFormatter(timeZone: string): (at: Date | string | null) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (at) => {
    if (at === null) return '';
    const p: Record<string, string> = {};
    for (const part of format.formatToParts(new Date(at))) p[part.type] = part.value;
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };
}

/** `orders-YYYY-MM-DD.csv`, dated by the seller's day. */
export function exportFileName(now: Date, timeZone: string): string {
  return `orders-${zonedTimeFormatter(timeZone)(now).slice(0, 10)}.csv`;
}

export const CSV_COLUMNS = [
  'orderId',
  'createdAt',
  'paidAt',
  'customerEmail',
  'tier',
  'productName',
  'listPrice',
  'discountCode',
  'discountAmount',
  'amount',
  'currency',
  'status',
  'refundStatus',
  'refundedAt',
  'paymentGateway',
  'paymentMethod',
  'tradeNo',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The header in the admin's language (the `lang` cookie, as the interface chooses). */
export const CSV_HEADERS: Record<'en' | 'zh-CN', Record<CsvColumn, string>> = {
  en: {
    orderId: 'Order number',
    createdAt: 'Created',
    paidAt: 'Paid',
    customerEmail: 'Customer e-mail',
    tier: 'Plan',
    productName: 'Product',
    listPrice: 'List price (CNY)',
    discountCode: 'Discount code',
    discountAmount: 'Discount (CNY)',
    amount: 'Amount (CNY)',
    currency: 'Currency',
    status: 'Status',
    refundStatus: 'Refund status',
    refundedAt: 'Refunded',
    paymentGateway: 'Payment gateway',
    paymentMethod: 'Payment method',
    tradeNo: 'Gateway trade number',
  },
  'zh-CN': {
    orderId: '订单号',
    createdAt: '创建时间',
    paidAt: '支付时间',
    customerEmail: '客户邮箱',
    tier: '套餐',
    productName: '商品',
    listPrice: '标价（元）',
    discountCode: '优惠码',
    discountAmount: '优惠（元）',
    amount: '金额（元）',
    currency: '币种',
    status: '状态',
    refundStatus: '退款状态',
    refundedAt: '退款时间',
    paymentGateway: '支付渠道',
    paymentMethod: '支付方式',
    tradeNo: '渠道交易号',
  },
};

/** The fields of an order row the export writes (times as read from the database). */
export interface CsvOrder {
  orderId: string;
  createdAt: Date | string;
  paidAt: Date | string | null;
  customerEmail: string;
  tier: string;
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

/** One order's line: yuan with two decimals, times by `time` (the seller's zone). */
export function csvOrderRow(o: CsvOrder, time: (at: Date | string | null) => string): string {
  return csvRow([
    o.orderId,
    time(o.createdAt),
    time(o.paidAt),
    o.customerEmail,
    o.tier,
    o.productName,
    yuanOf(o.listPrice),
    o.discountCode,
    yuanOf(o.discountAmount),
    yuanOf(o.amount),
    o.currency,
    o.status,
    o.refundStatus,
    time(o.refundedAt),
    o.paymentGateway,
    o.paymentMethod,
    o.tradeNo,
  ]);
}
