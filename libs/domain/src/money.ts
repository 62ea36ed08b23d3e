/**
 * Money (docs/rules.md: amounts are integers of cents; a form enters yuan, stored as yuan × 100, rounded).
 * The conversion works on the decimal text, not on floating point: 12.345 × 100 is 1234.4999999999998
 * in binary, which Math.round makes 1234; read as digits it is 1234.5 cents, rounded half up to 1235.
 */

/** A plain or scientific decimal: sign, integer digits, fraction digits, exponent. */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Yuan (a form's text, or a number) → cents: × 100, rounded half up on the third decimal.
 * '12.345' and 12.345 → 1235; 0.1 + 0.2 → 30; '' , '-1', 'abc', Infinity, or a result beyond
 * Number.MAX_SAFE_INTEGER → NaN (callers show their own "not a valid amount").
 */
export function yuanToCents(input: string | number): number {
  if (typeof input === 'number' && !Number.isFinite(input)) return Number.NaN;
  // String(number) is the shortest text that reads back as the same number: 12.345 → '12.345'.
  const text = String(input).trim();
  const match = DECIMAL.exec(text);
  if (!match) return Number.NaN;
  const [, sign, whole = '', fraction = '', exponentText] = match;
  if (whole === '' && fraction === '') return Number.NaN;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return Number.NaN;

  // All the digits, and where the decimal point stands among them once multiplied by 100.
  const digits = `${whole}${fraction}`;
  const point = whole.length + exponent + 2;
  let integerDigits: string;
  let rest: string;
  if (point <= 0) {
    integerDigits = '';
    rest = `${'0'.repeat(-point)}${digits}`;
  } else if (point >= digits.length) {
    integerDigits = `${digits}${'0'.repeat(point - digits.length)}`;
    rest = '';
  } else {
    integerDigits = digits.slice(0, point);
    rest = digits.slice(point);
  }
  const roundUp = rest !== '' && rest.charCodeAt(0) >= '5'.charCodeAt(0);
  const trimmed = integerDigits.replace(/^0+/, '');
  if (trimmed.length > 16) return Number.NaN;
  const cents = Number(trimmed || '0') + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(cents)) return Number.NaN;
  // A negative amount is refused even when it rounds to 0 cents ('-0.004'); only '-0' itself is 0.
  if (sign === '-' && (cents !== 0 || /[1-9]/.test(digits))) return Number.NaN;
  return cents;
}

/** Cents → yuan as a number for a form field: 69950 → 699.5, 1235 → 12.35 (yuanToCents reads it back). */
export function centsToYuan(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents → yuan text with two decimals, no currency sign: 1235 → '12.35', -5 → '-0.05' (gateways, CSV). */
export function centsToYuanText(cents: number): string {
  const c = Math.round(cents);
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Cents → money for people, the one formatter of the store (receipts, mails, screens, chat notices):
 * CNY as `¥1699.00`, another currency as `1699.00 USD`; `grouping` adds thousands separators
 * (`¥1,699.00`, as the mails show amounts); the sign goes first (`-¥5.00`).
 */
export function formatMoney(
  cents: number,
  { currency = 'CNY', grouping = false }: { currency?: string; grouping?: boolean } = {},
): string {
  const text = centsToYuanText(cents);
  const negative = text.startsWith('-');
  const [units, fraction] = (negative ? text.slice(1) : text).split('.');
  const value = `${grouping ? units.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : units}.${fraction}`;
  const sign = negative ? '-' : '';
  return currency === 'CNY' ? `${sign}¥${value}` : `${sign}${value} ${currency}`;
}
