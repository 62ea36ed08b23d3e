/**
 * Why an order ended unpaid (docs/product.md, "Orders /admin/orders"): stored in `failure_reason` as a code
 * with its parameter (`code` or `code:parameter`), never as a sentence, so each screen says it in its
 * reader's language. Pure, unit-tested in order-end-reason.spec.ts.
 */

export const END_REASON_CODES = [
  /** A newer order of the customer replaced it (one open order); parameter: the new order's number. */
  'replaced_by_order',
  /** Replaced by a newer order before the number was recorded (Migration20261126100000). */
  'replaced_by_newer_order',
  'cancelled_by_customer',
  'account_closed',
  /** The QR code's lifetime ended unpaid. */
  'qr_expired',
  /** The gateway refused to open it; parameter: the gateway's own message (its language, as it is). */
  'gateway_refused',
  /** A stored reason that is no known code (the text as it was). */
  'other',
] as const;
export type EndReasonCode = (typeof END_REASON_CODES)[number];

/** A stored reason read back: the code and its parameter. */
export interface EndReason {
  code: EndReasonCode;
  /** replaced_by_order: the replacing order's number. */
  orderId: string | null;
  /** gateway_refused: the gateway's message; other: the stored text. */
  detail: string | null;
}

/** The stored text of a reason (failure_reason holds at most 500 characters). */
export function endReasonText(code: Exclude<EndReasonCode, 'other'>, parameter?: string): string {
  return (parameter === undefined ? code : `${code}:${parameter}`).slice(0, 500);
}

const WITH_ORDER: readonly EndReasonCode[] = ['replaced_by_order'];
const WITH_DETAIL: readonly EndReasonCode[] = ['gateway_refused'];

/** A stored reason as its code and parameter; null when there is none. */
export function endReasonOf(stored: string | null | undefined): EndReason | null {
  if (!stored) return null;
  const colon = stored.indexOf(':');
  const code = (colon < 0 ? stored : stored.slice(0, colon)) as EndReasonCode;
  const parameter = colon < 0 ? null : stored.slice(colon + 1);
  const known = (END_REASON_CODES as readonly string[]).includes(code) && code !== 'other';
  if (!known) return { code: 'other', orderId: null, detail: stored };
  return {
    code,
    orderId: WITH_ORDER.includes(code) ? parameter : null,
    detail: WITH_DETAIL.includes(code) ? parameter : null,
  };
}
