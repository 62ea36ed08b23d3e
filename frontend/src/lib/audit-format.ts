/**
 * The audit log's compact 'before → after' view: the fields that changed, each value shortened, money
 * (amounts and prices in cents) in yuan.
 */
import { formatYuan } from './format';

export interface AuditChange {
  /** The field's name; '' when before/after are not objects. */
  key: string;
  from: string;
  to: string;
}

/** Shown for a side that has no value. */
export const NONE = '–';
const MAX_VALUE = 60;
const MAX_ITEMS = 3;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const shorten = (text: string, max = MAX_VALUE) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** A value in a few characters: strings as they are, arrays by their first items, objects as JSON. */
export function compactValue(value: unknown): string {
  if (value === undefined) return NONE;
  if (value === null) return 'null';
  if (typeof value === 'string') return shorten(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const shown = value.slice(0, MAX_ITEMS).map((item) => compactValue(item));
    const more = value.length > MAX_ITEMS ? ` +${value.length - MAX_ITEMS} more` : '';
    return shorten(`[${shown.join(', ')}]`, MAX_VALUE * 2) + more;
  }
  try {
    return shorten(JSON.stringify(value));
  } catch {
    return shorten(String(value));
  }
}

const same = (a: unknown, b: unknown) => {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return a === b;
  }
};

/** Fields that hold integer cents in the snapshots the server records (orders, refunds, discounts, plans). */
export const MONEY_KEYS: ReadonlySet<string> = new Set([
  'amount',
  'priceCents',
  'listPrice',
  'discountAmount',
  'refundAmount',
  'targetPrice',
  'originalPrice',
]);

/** A field's value: money in yuan (¥699.00), anything else compact. */
export function fieldValue(key: string, value: unknown): string {
  if (MONEY_KEYS.has(key) && typeof value === 'number') return formatYuan(value);
  return compactValue(value);
}

/**
 * The changes between two snapshots: for objects, each field whose value differs (fields only on one
 * side count, with '–' on the other); other values as one change. Nothing when both are empty or equal.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const empty = (v: unknown) => v === null || v === undefined;
  if (empty(before) && empty(after)) return [];
  if ((isRecord(before) || empty(before)) && (isRecord(after) || empty(after))) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys
      .filter((key) => !(key in b && key in a && same(b[key], a[key])))
      .map((key) => ({
        key,
        from: key in b ? fieldValue(key, b[key]) : NONE,
        to: key in a ? fieldValue(key, a[key]) : NONE,
      }));
  }
  if (same(before, after)) return [];
  return [
    {
      key: '',
      from: empty(before) ? NONE : compactValue(before),
      to: empty(after) ? NONE : compactValue(after),
    },
  ];
}
