/**
 * The sentences of a customer's and a seat's entries (audit-sentence.ts): plans granted, sessions ended,
 * exports, domains bound and moved, seats revoked and added. Pure (given `t`).
 * Its keys are the adminAudit namespace's, as useTranslation('adminAudit') gives them (the catalogue test
 * reads the namespace from that call).
 */
import { tierName } from '@seatkeeper/domain';
import { num, str, type SentenceTools } from './audit-sentence-tools';

/** Says a customer's or a seat's entry; false when the action is neither. */
export function seatSentences(s: SentenceTools): boolean {
  const { entry, A, B, order, customerRef, seatRef, say, sayReason } = s;
  const { action } = entry;
  switch (action) {
    case 'customer.grant_plan':
      say(
        'sentences.customer.grant_plan',
        { tier: tierName(str(A('tier'))), count: num(A('seats')) ?? 0 },
        { customer: customerRef(), order },
      );
      sayReason(A('reason'));
      return true;
    case 'customer.sign_out':
      say(
        'sentences.customer.sign_out',
        { count: num(B('sessions')) ?? 0 },
        { customer: customerRef() },
      );
      sayReason(A('reason'));
      return true;
    case 'customer.exported':
      say(
        'sentences.customer.exported',
        { count: num(A('seats')) ?? 0 },
        { customer: customerRef() },
      );
      return true;
    case 'license.bind':
    case 'license.domain': {
      const bind = action === 'license.bind';
      const from = str(B(bind ? 'domain' : 'websiteUrl'));
      const to = str(A(bind ? 'domain' : 'websiteUrl'));
      const key = !from ? 'bound' : to ? 'moved' : 'cleared';
      say(`sentences.license.${key}`, { from, to }, { seat: seatRef() });
      if (bind && num(A('changesLeft')) !== null)
        say('parts.changesLeft', { count: num(A('changesLeft')) });
      if (str(A('ip'))) say('parts.fromIp', { ip: str(A('ip')) });
      return true;
    }
    case 'license.reset_changes':
      say(
        'sentences.license.reset_changes',
        { count: num(A('bindingChangesLeft')) ?? 0 },
        { seat: seatRef() },
      );
      sayReason(A('reason'));
      return true;
    case 'license.revoke': {
      const domain = str(B('websiteUrl'));
      say(
        `sentences.license.${domain ? 'revoke_bound' : 'revoke'}`,
        { domain },
        { seat: seatRef() },
      );
      sayReason(A('reason'));
      return true;
    }
    case 'seats.expanded':
      say(
        'sentences.seats.expanded',
        { from: num(B('seats')) ?? 0, count: num(A('seats')) ?? 0 },
        { customer: customerRef(), order },
      );
      return true;
    default:
      return false;
  }
}
