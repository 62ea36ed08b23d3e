/**
 * The sentences of an order's entries (audit-sentence.ts): paid, refunds, closed. Pure (given `t`).
 * Its keys are the adminAudit namespace's, as useTranslation('adminAudit') gives them (the catalogue test
 * reads the namespace from that call).
 */
import { tierName } from '@seatkeeper/domain';
import { shorten, str, num, type SentenceTools } from './audit-sentence-tools';

/** Says an order's entry; false when the action is not an order's. */
export function orderSentences(s: SentenceTools): boolean {
  const { entry, A, order, money, list, none, say, sayWithReason, sayReason, reasonLinks } = s;
  const { action } = entry;
  switch (action) {
    case 'order.paid':
      say('sentences.order.paid', { amount: money(A('amount')) }, { order });
      return true;
    case 'order.paid_needs_refund': {
      const reason = reasonLinks(A('reason'));
      const key = num(A('amount')) === null ? 'paid_needs_refund_later' : 'paid_needs_refund';
      sayWithReason(`sentences.order.${key}`, { amount: money(A('amount')) }, { order }, reason);
      return true;
    }
    case 'order.payment_duplicate':
      say('sentences.order.payment_duplicate', { amount: money(A('amount')) }, { order });
      return true;
    case 'order.refund_requested':
      say('sentences.order.refund_requested', { amount: money(A('amount')) }, { order });
      sayReason(A('reason'));
      return true;
    case 'order.refund_amount_mismatch':
      say(
        'sentences.order.refund_amount_mismatch',
        { stated: money(A('stated')), expected: money(A('expected')) },
        { order },
      );
      return true;
    case 'order.refund_succeeded': {
      say('sentences.order.refund_succeeded', { amount: money(A('amount')) }, { order });
      const revoked = Array.isArray(A('revokedSeats')) ? (A('revokedSeats') as unknown[]) : [];
      if (revoked.length)
        say('parts.seatsRevoked', { count: revoked.length, seats: list(revoked.map(String)) });
      const expansions = A('expansionsRefunded');
      if (Array.isArray(expansions) && expansions.length)
        say('parts.expansions', { count: expansions.length });
      if (str(A('tierRestored')))
        say('parts.tierRestored', { tier: tierName(str(A('tierRestored'))) });
      return true;
    }
    case 'order.refund_failed':
      say(
        'sentences.order.refund_failed',
        { amount: money(A('amount')), error: shorten(str(A('error')) ?? none()) },
        { order },
      );
      return true;
    case 'order.cancelled':
    case 'order.expired':
    case 'order.failed':
      say(`sentences.${action}`, {}, { order });
      sayReason(A('reason'));
      return true;
    default:
      return false;
  }
}
