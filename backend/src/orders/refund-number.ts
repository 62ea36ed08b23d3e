/**
 * Refund numbers (docs/rules.md, "Refunds"; docs/payments.md, "Refunds"). An order's first refund is
 * `R` + its order number, and every retry of that refund sends the same number, so the gateway refunds once
 * (Alipay's out_request_no, WeChat Pay's out_refund_no).
 *
 * A refund that ended at the gateway without the money going back (WeChat Pay's ABNORMAL or CLOSED: the
 * gateway keeps that refund, with its id, and answers the same number with it again) is over: the admin's
 * next attempt is a new refund with the next number, `R<order>-2`, `R<order>-3`, ... A failure the gateway
 * did not record as a refund (a refused request, no refund id) keeps its number.
 */
export function refundNumberOf(
  orderId: string,
  previous?: { refundNo: string | null; refundId: string | null; failed: boolean },
): string {
  const first = `R${orderId}`;
  if (!previous?.refundNo || !previous.failed || !previous.refundId)
    return previous?.refundNo || first;
  const attempt = previous.refundNo.startsWith(`${first}-`)
    ? Number(previous.refundNo.slice(first.length + 1))
    : 1;
  return `${first}-${(Number.isInteger(attempt) && attempt > 0 ? attempt : 1) + 1}`;
}
