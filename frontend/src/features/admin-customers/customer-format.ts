import { currentLanguage } from '../../lib/i18n';
import type { CustomerDetail, CustomerSeat } from './api/customer';

type AuditItem = CustomerDetail['audit'][number];
export type SeatEvent = CustomerSeat['bindingHistory'][number];
type Translate = (key: string, values?: Record<string, unknown>) => string;

const field = (snapshot: unknown, key: string): unknown =>
  snapshot && typeof snapshot === 'object' ? (snapshot as Record<string, unknown>)[key] : undefined;

/** The reason an admin gave for an entry (customer support actions record it in `after`), if any. */
export function auditReason(entry: Pick<AuditItem, 'after'>): string | null {
  const reason = field(entry.after, 'reason');
  return typeof reason === 'string' && reason ? reason : null;
}

const zoned = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant in the seller's time zone (the customer page answers it), in the interface's language, with
 * the zone's short name: '2026年3月1日 08:00 GMT+8' / 'Mar 1, 2026, 8:00 AM GMT+8'.
 */
export function formatInZone(at: string, timeZone: string): string {
  const language = currentLanguage();
  const key = `${language}|${timeZone}`;
  let format = zoned.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(language === 'zh-CN' ? 'zh-CN' : 'en-US', {
        timeZone,
        dateStyle: 'medium',
        timeStyle: 'short',
        hourCycle: language === 'zh-CN' ? 'h23' : undefined,
      });
    } catch {
      format = new Intl.DateTimeFormat(language === 'zh-CN' ? 'zh-CN' : 'en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
      });
    }
    zoned.set(key, format);
  }
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : format.format(date);
}

/** What a seat's event did, in words: "bound a.com → b.com", "binding changes reset to 2", … */
export function seatEventText(event: SeatEvent, t: Translate): string {
  const none = t('adminCustomer:seats.historyNoDomain');
  const from = event.from ?? none;
  const to = event.to ?? none;
  switch (event.kind) {
    case 'bind':
      return t('adminCustomer:seats.historyKinds.bind', { from, to });
    case 'domain':
      return t('adminCustomer:seats.historyKinds.domain', { from, to });
    case 'reset':
      return t('adminCustomer:seats.historyKinds.reset', { count: event.changesLeft ?? 0 });
    case 'revoke':
      return t('adminCustomer:seats.historyKinds.revoke', { from });
  }
}
