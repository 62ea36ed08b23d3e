import { formatDateTime } from '../../lib/format';
import type { CustomerSeat } from './api/customer';

type AuditItem = CustomerSeat['bindingHistory'][number];
type Translate = (key: string, values: Record<string, unknown>) => string;

const field = (snapshot: unknown, key: string): unknown =>
  snapshot && typeof snapshot === 'object' ? (snapshot as Record<string, unknown>)[key] : undefined;
const text = (value: unknown, none = '–') => (typeof value === 'string' && value ? value : none);

/** The reason an admin gave for an entry (customer support actions record it in `after`), if any. */
export function auditReason(entry: Pick<AuditItem, 'after'>): string | null {
  const reason = field(entry.after, 'reason');
  return typeof reason === 'string' && reason ? reason : null;
}

/** One line of a seat's binding history: a domain edit (from → to) or a reset of its changes. */
export function historyLine(entry: AuditItem, t: Translate): string {
  const date = formatDateTime(entry.createdAt);
  if (entry.action === 'license.reset_changes')
    return t('adminCustomer:seats.historyReset', {
      date,
      actor: entry.actor,
      reason: auditReason(entry) ?? '–',
    });
  return t('adminCustomer:seats.historyDomain', {
    date,
    actor: entry.actor,
    from: text(field(entry.before, 'websiteUrl')),
    to: text(field(entry.after, 'websiteUrl')),
  });
}
