import { tierName } from '@seatkeeper/domain';
import type { SeatEvent, SeatEventKind } from '../licenses/seat-history';
import { SERVER_CATALOGUES } from '../i18n/server-i18n';
import { csvRow, UTF8_BOM, zonedTimeFormatter } from '../orders/order-csv';

/**
 * The admin's "export this customer's data (CSV)" (docs/rules.md, "Seat history"): one line per seat, then
 * one line per event of its history (who, when in the seller's time zone, from, to, the client address);
 * the header and the words in the admin's language, each word's raw code in its own column for machines;
 * a byte-order mark as the orders CSV. Pure, unit-tested in customer-csv.spec.ts.
 */

export const CUSTOMER_CSV_COLUMNS = [
  'customerEmail',
  'seat',
  'plan',
  'seatStatus',
  'domainNow',
  'record',
  'recordCode',
  'time',
  'by',
  'actor',
  'from',
  'to',
  'clientAddress',
  'changesLeft',
  'reason',
] as const;
type Column = (typeof CUSTOMER_CSV_COLUMNS)[number];
type Language = 'en' | 'zh-CN';

export const CUSTOMER_CSV_HEADERS: Record<Language, Record<Column, string>> = {
  en: SERVER_CATALOGUES.en.csv.customer.headers,
  'zh-CN': SERVER_CATALOGUES['zh-CN'].csv.customer.headers,
};

/** The words of the records, the actors and the seat statuses (the server's `csv` catalogue). */
const WORDS: Record<
  Language,
  {
    record: Record<'seat' | SeatEventKind, string>;
    by: Record<SeatEvent['by'], string>;
    status: Record<string, string>;
  }
> = {
  en: SERVER_CATALOGUES.en.csv.customer,
  'zh-CN': SERVER_CATALOGUES['zh-CN'].csv.customer,
};

/** A seat as the export writes it, with its history (the admin's view: e-mails, addresses, reasons). */
export interface CsvSeat {
  seatIndex: number;
  tier: string;
  status: string;
  websiteUrl: string | null;
  bindingChangesLeft: number;
  purchasedAt: string;
  events: SeatEvent[];
}

/** The whole file: BOM, header, then each seat followed by its events, oldest first. */
export function customerCsv(
  email: string,
  seats: CsvSeat[],
  language: Language,
  timeZone: string,
): string {
  const headers = CUSTOMER_CSV_HEADERS[language];
  const words = WORDS[language];
  const time = zonedTimeFormatter(timeZone);
  let out = UTF8_BOM + csvRow(CUSTOMER_CSV_COLUMNS.map((c) => headers[c]));
  for (const seat of seats) {
    const common = [
      email,
      seat.seatIndex,
      tierName(seat.tier),
      words.status[seat.status] ?? seat.status,
      seat.websiteUrl,
    ];
    out += csvRow([
      ...common,
      words.record.seat,
      'seat',
      time(seat.purchasedAt),
      null,
      null,
      null,
      null,
      null,
      seat.bindingChangesLeft,
      null,
    ]);
    for (const e of seat.events)
      out += csvRow([
        ...common,
        words.record[e.kind],
        e.kind,
        time(e.at),
        words.by[e.by],
        e.actor,
        e.from,
        e.to,
        e.ip,
        e.changesLeft,
        e.reason,
      ]);
  }
  return out;
}

/** `customer-<e-mail's local part>-YYYY-MM-DD.csv`, dated by the seller's day (only safe characters). */
export function customerCsvFileName(email: string, now: Date, timeZone: string): string {
  const local = (email.split('@')[0] || 'customer').replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40);
  return `customer-${local}-${zonedTimeFormatter(timeZone)(now).slice(0, 10)}.csv`;
}
