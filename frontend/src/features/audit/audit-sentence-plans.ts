/**
 * The sentences of a plan's and a discount code's entries (audit-sentence.ts): what an edit changed, and
 * a code's terms when it is created or deleted. Pure (given `t`).
 * Its keys are the adminAudit namespace's, as useTranslation('adminAudit') gives them (the catalogue test
 * reads the namespace from that call).
 */
import { isTier, tierName } from '@seatkeeper/domain';
import { formatDateTime } from '../../lib/format';
import { field, humanize, isRecord, num, str, type SentenceTools } from './audit-sentence-tools';

/** Says a plan's or a discount code's entry; false when the action is neither. */
export function planSentences(s: SentenceTools): boolean {
  const { entry, t, B, changes, say } = s;
  const { action, before, after } = entry;
  switch (action) {
    case 'plan.update': {
      const plan = isTier(entry.target) ? tierName(entry.target) : humanize(entry.target);
      const changed = changes(before, after);
      if (changed.length)
        say('sentences.plan.update', { plan, changes: changed.join(t('values.changeSeparator')) });
      else say('sentences.plan.update_none', { plan });
      return true;
    }
    case 'discount.save': {
      const code = entry.target;
      if (!isRecord(before)) {
        say('sentences.discount.created', { code, terms: discountTerms(s, after) });
      } else {
        const skip = ['id', 'usageCount', ...(isRecord(after) && 'tiers' in after ? ['tier'] : [])];
        // The figure of the code's kind only (a percent code holds 0 cents; an amount code no percent).
        skip.push(field(after, 'kind') === 'percent' ? 'discountAmount' : 'percentOff');
        const changed = changes(before, after, skip);
        if (changed.length)
          say('sentences.discount.changed', {
            code,
            changes: changed.join(t('values.changeSeparator')),
          });
        else say('sentences.discount.unchanged', { code });
      }
      return true;
    }
    case 'discount.delete':
      say('sentences.discount.delete', {
        code: entry.target,
        terms: discountTerms(s, before),
        count: num(B('usageCount')) ?? 0,
      });
      return true;
    default:
      return false;
  }
}

/** A discount code's terms in words: its value, plans, limit, dates and once-per-customer. */
function discountTerms({ t, money, plans }: SentenceTools, snapshot: unknown): string {
  const kind = field(snapshot, 'kind');
  const off =
    kind === 'percent'
      ? t('values.percentOff', { percent: num(field(snapshot, 'percentOff')) ?? 0 })
      : t('values.amountOff', { amount: money(field(snapshot, 'discountAmount')) });
  const tiers =
    isRecord(snapshot) && 'tiers' in snapshot ? snapshot.tiers : [field(snapshot, 'tier')];
  const terms = [t('sentences.discount.on', { value: off, plans: plans(tiers) })];
  const limit = num(field(snapshot, 'usageLimit'));
  if (limit !== null) terms.push(t('sentences.discount.limit', { count: limit }));
  const starts = str(field(snapshot, 'startsAt'));
  if (starts) terms.push(t('sentences.discount.from', { date: formatDateTime(starts) }));
  const ends = str(field(snapshot, 'expiresAt'));
  if (ends) terms.push(t('sentences.discount.until', { date: formatDateTime(ends) }));
  if (field(snapshot, 'oncePerCustomer') === true) terms.push(t('sentences.discount.once'));
  return terms.join(t('values.listSeparator'));
}
