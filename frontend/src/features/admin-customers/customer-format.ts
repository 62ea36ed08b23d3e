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

/**
 * One line of a seat's binding history: a domain edit (from → to) or a reset of its changes. `actorName`
 * words who acted in the interface's language (the audit feature's labels: an admin's e-mail, 'customer').
 */
export function historyLine(
  entry: AuditItem,
  t: Translate,
  actorName: (actor: string) => string = (actor) => actor,
): string {
  const date = formatDateTime(entry.createdAt);
  const actor = actorName(entry.actor);
  if (entry.action === 'license.reset_changes')
    return t('adminCustomer:seats.historyReset', {
      date,
      actor,
      reason: auditReason(entry) ?? '–',
    });
  return t('adminCustomer:seats.historyDomain', {
    date,
    actor,
    from: text(field(entry.before, 'websiteUrl')),
    to: text(field(entry.after, 'websiteUrl')),
  });
}
