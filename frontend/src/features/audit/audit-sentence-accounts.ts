/**
 * The sentences of an account's entries (audit-sentence.ts): VIP addresses, sign-in and email changes,
 * accounts closed, deleted and exported, mail resent. Pure (given `t`).
 * Its keys are the adminAudit namespace's, as useTranslation('adminAudit') gives them (the catalogue test
 * reads the namespace from that call).
 */
import { auditTarget } from '../../lib/audit-labels';
import { num, str, type SentenceTools } from './audit-sentence-tools';

/** Says an account's entry (VIP, user, account, mail); false when the action is none of these. */
export function accountSentences(s: SentenceTools): boolean {
  const { entry, A, B, none, customerRef, orderRef, say } = s;
  const { action } = entry;
  switch (action) {
    case 'vip.add':
    case 'vip.remove':
      say(`sentences.${action}`, { email: entry.target });
      return true;
    case 'vip.batch': {
      const n = (k: string) => (Array.isArray(A(k)) ? (A(k) as unknown[]).length : 0);
      const target = auditTarget(entry);
      say('sentences.vip.batch', {
        count: target.kind === 'addresses' ? target.count : n('added') + n('skipped') + n('failed'),
        added: n('added'),
        skipped: n('skipped'),
        failed: n('failed'),
      });
      return true;
    }
    case 'vip.grant':
      say(
        'sentences.vip.grant',
        { count: num(A('seats')) ?? 0 },
        { customer: customerRef(), order: orderRef(str(A('orderId'))) },
      );
      return true;
    case 'user.email':
      say('sentences.user.email', {
        from: str(B('email')) ?? none(),
        to: str(A('email')) ?? none(),
      });
      return true;
    case 'user.link':
    case 'user.link-refused':
      // WeChat (docs/sign-in.md) records after.way; Google's entries have none.
      say(
        `sentences.${action}${A('way') === 'wechat' ? '-wechat' : ''}`,
        {},
        { customer: customerRef() },
      );
      return true;
    case 'user.unlink':
      say(
        `sentences.user.unlink-${A('way') === 'google' ? 'google' : 'wechat'}`,
        {},
        {
          customer: customerRef(),
        },
      );
      return true;
    case 'user.email-verified':
      say(`sentences.${action}`, {}, { customer: customerRef() });
      return true;
    case 'account.deleted':
      say('sentences.account.deleted');
      return true;
    case 'account.closed':
      say('sentences.account.closed', { count: num(A('orders')) ?? 0 });
      return true;
    case 'account.exported':
      say(
        'sentences.account.exported',
        {
          orders: num(A('orders')) ?? 0,
          seats: num(A('seats')) ?? 0,
          emails: num(A('emails')) ?? 0,
        },
        { customer: customerRef() },
      );
      return true;
    case 'mail.resend':
      say('sentences.mail.resend', { email: entry.target, count: num(B('attempts')) ?? 0 });
      return true;
    default:
      return false;
  }
}
