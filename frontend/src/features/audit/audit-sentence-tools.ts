/**
 * What an audit entry's sentences are made of (audit-sentence.ts): references (links with readable labels),
 * values in words, reasons, translated strings with links in them, and the sentences said so far. Built
 * once per entry (sentenceTools) and handed to the per-topic sentence builders beside this file. Pure.
 * Its keys are the adminAudit namespace's, as useTranslation('adminAudit') gives them (the catalogue test
 * reads the namespace from that call).
 */
import { tierName } from '@seatkeeper/domain';
import { formatDateTime, formatYuan } from '../../lib/format';
import { MONEY_KEYS } from '../../lib/audit-format';
import { auditTarget } from '../../lib/audit-labels';

/** A piece of a sentence: text, or a link with a readable label. */
export type AuditPart = { text: string; href?: string };

/** What the sentence needs of an entry (the list's AuditListEntry; the order drawer's entries lack the links). */
export interface SentenceEntry {
  action: string;
  actor: string;
  target: string;
  before: unknown;
  after: unknown;
  createdAt?: string;
  customerId?: string | null;
  customerEmail?: string | null;
  orderNumber?: string | null;
  licenseId?: string | null;
  seatIndex?: number | null;
}

/** i18next's `t` bound to the adminAudit namespace (or any `t` with `adminAudit:` keys resolved). */
export type AuditT = (key: string, options?: Record<string, unknown>) => string;

export interface SentenceContext {
  t: AuditT;
  /** Whether a catalogue key exists (i18n.exists). */
  exists: (key: string) => boolean;
  /** The label of an action (useAuditLabels().action). */
  actionLabel: (action: string) => string;
  /** 'zh-CN' joins sentences without a space. */
  language: string;
}

const ORDER_NUMBER = /^SK\d{26}$/;
const ORDER_IN_TEXT = /SK\d{26}/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MAX_TEXT = 80;
const MAX_ITEMS = 4;
/** Marks where a link goes in a translated string (never in a catalogue or user text). */
const MARK = '\u0001';

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const field = (snapshot: unknown, key: string): unknown =>
  isRecord(snapshot) ? snapshot[key] : undefined;
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
export const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;
export const shorten = (text: string, max = MAX_TEXT) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

export const orderHref = (orderNumber: string) =>
  `/admin/orders?q=${encodeURIComponent(orderNumber)}`;
export const customerHref = (userId: string) => `/admin/customers/${encodeURIComponent(userId)}`;
/** A seat on its customer's page (the page's seat block, anchored by its number). */
export const seatHref = (userId: string, seatIndex: number) =>
  `${customerHref(userId)}#seat-${seatIndex}`;

/** camelCase / snake_case / dotted → words ('bindingChangesLeft' → 'binding changes left'). */
export const humanize = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();

/** Composes a translated string with links: each link's place marked, the text cut at the marks. */
function compose(
  t: AuditT,
  key: string,
  values: Record<string, unknown> = {},
  links: Record<string, AuditPart> = {},
): AuditPart[] {
  const marks: Record<string, string> = {};
  const parts = Object.entries(links);
  parts.forEach(([name], i) => (marks[name] = `${MARK}${i}${MARK}`));
  const text = t(key, { ...values, ...marks, interpolation: { escapeValue: false } });
  const out: AuditPart[] = [];
  text.split(new RegExp(`${MARK}(\\d+)${MARK}`)).forEach((piece, i) => {
    if (i % 2 === 1) out.push(parts[Number(piece)]![1]);
    else if (piece) out.push({ text: piece });
  });
  return out;
}

/** The references an entry's sentences link to: an order, its customer, its seat (readable labels). */
function references(entry: SentenceEntry, t: AuditT) {
  const orderRef = (number: string | null | undefined): AuditPart =>
    number && ORDER_NUMBER.test(number)
      ? { text: number, href: orderHref(number) }
      : { text: t('ref.id') };
  const customerRef = (): AuditPart => {
    const email =
      entry.customerEmail ??
      str(field(entry.after, 'email')) ??
      (auditTarget(entry).kind === 'text' && /@/.test(entry.target) ? entry.target : null);
    const id = entry.customerId ?? userIdOf(entry);
    if (email && id) return { text: email, href: customerHref(id) };
    if (email) return { text: email };
    return { text: t('ref.customer') };
  };
  const seatRef = (): AuditPart => {
    const target = auditTarget(entry);
    const index = entry.seatIndex ?? (target.kind === 'seat' ? target.seat : null);
    const userId = entry.customerId ?? userIdOf(entry);
    const email = entry.customerEmail ?? str(field(entry.after, 'email'));
    if (index === null) return { text: t('ref.someSeat') };
    const text = email
      ? t('ref.seat', { seat: index, email })
      : t('ref.seatAlone', { seat: index });
    return userId ? { text, href: seatHref(userId, index) } : { text };
  };
  return { orderRef, customerRef, seatRef };
}

/** Reasons read into words: the codes, and the English sentences stored before them. */
function reasons(t: AuditT, exists: (key: string) => boolean, orderRef: (n: string) => AuditPart) {
  /** A reason's parts: a known code's or legacy text's words (with its order linked), or the text quoted. */
  function reasonParts(stored: string): AuditPart[] {
    const colon = stored.indexOf(':');
    const code = colon < 0 ? stored : stored.slice(0, colon);
    const param = colon < 0 ? '' : stored.slice(colon + 1);
    const legacy = LEGACY_REASONS.find(([re]) => re.test(stored));
    if (legacy) {
      const [re, key] = legacy;
      const order = re.exec(stored)?.[1] ?? stored.match(ORDER_IN_TEXT)?.[0];
      return compose(t, `reasons.${key}`, {}, order ? { order: orderRef(order) } : {});
    }
    if (/^[a-z_]+$/.test(code) && exists(`reasons.${code}`)) {
      if (code === 'replaced_by_order')
        return compose(t, 'reasons.replaced_by_order', {}, { order: orderRef(param) });
      return compose(t, `reasons.${code}`, { detail: shorten(param) });
    }
    if (code === 'refund') return [];
    return [{ text: `“${shorten(stored)}”` }];
  }
  /** A reason in words; '' when it says nothing (the refund's default 'refund'). Links are lost here. */
  function reasonText(stored: string): string {
    return reasonParts(stored)
      .map((p) => p.text)
      .join('');
  }
  return { reasonParts, reasonText };
}

/** Snapshot values in words (amounts, plans, statuses, dates; never ids or JSON), and fields by label. */
function values(t: AuditT, exists: (key: string) => boolean, reasonText: (s: string) => string) {
  const none = () => t('values.none');
  const list = (items: string[]) => {
    const sep = t('values.listSeparator');
    if (items.length <= MAX_ITEMS) return items.join(sep);
    return t('values.more', {
      list: items.slice(0, MAX_ITEMS).join(sep),
      count: items.length - MAX_ITEMS,
    });
  };
  const plans = (tiers: unknown) =>
    Array.isArray(tiers) ? list(tiers.map((x) => tierName(String(x)))) : t('values.everyPlan');
  const value = (key: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') {
      if (key === 'tiers') return t('values.everyPlan');
      if (key === 'usageLimit') return t('values.noLimit');
      return none();
    }
    if (MONEY_KEYS.has(key) || key === 'discountAmount' || key === 'stated' || key === 'expected')
      if (typeof v === 'number') return formatYuan(v);
    if (key === 'percentOff' && typeof v === 'number') return `${v}%`;
    if (key === 'tiers') return plans(v);
    if ((key === 'tier' || key === 'tierRestored') && typeof v === 'string') return tierName(v);
    if (key === 'kind' && (v === 'amount' || v === 'percent')) return t(`values.${v}`);
    if ((key === 'status' || key === 'refundStatus') && typeof v === 'string')
      return exists(`status.${v}`) ? t(`status.${v}`) : humanize(v);
    if (key === 'reason' && typeof v === 'string') return reasonText(v);
    if (typeof v === 'boolean') return t(v ? 'values.yes' : 'values.no');
    if (typeof v === 'number') return String(v);
    if (typeof v === 'string') {
      if (ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v))) return formatDateTime(v);
      if (UUID.test(v) && v.replace(UUID, '').trim() === '') return t('ref.id');
      return shorten(v.replace(UUID, t('ref.id')));
    }
    if (Array.isArray(v)) return v.length ? list(v.map((x) => value(key, x))) : none();
    if (isRecord(v))
      return Object.entries(v)
        .map(([k, x]) => `${label(k)} ${value(k, x)}`)
        .join(t('values.listSeparator'));
    return none();
  };
  const label = (key: string) => (exists(`fields.${key}`) ? t(`fields.${key}`) : humanize(key));
  /** Fields that changed, each as 'label from → to'. */
  const changes = (before: unknown, after: unknown, skip: string[] = []): string[] => {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
      (k) => !skip.includes(k) && JSON.stringify(b[k]) !== JSON.stringify(a[k]),
    );
    return keys.map((k) => `${label(k)} ${k in b ? value(k, b[k]) : none()} → ${value(k, a[k])}`);
  };
  return { none, list, plans, changes };
}

/** The context of one entry's sentences: its references, values and reasons, and the sentences said. */
export function sentenceTools(entry: SentenceEntry, ctx: SentenceContext) {
  const { t, exists } = ctx;
  const refs = references(entry, t);
  const { reasonParts, reasonText } = reasons(t, exists, refs.orderRef);
  const sentences: AuditPart[][] = [];
  /** Says a sentence: a translated string with its links. */
  const say = (key: string, values?: Record<string, unknown>, links?: Record<string, AuditPart>) =>
    sentences.push(compose(t, key, values, links));
  /** A sentence whose `reason` is the given parts (a reason may itself hold links). */
  const sayWithReason = (
    key: string,
    values: Record<string, unknown>,
    links: Record<string, AuditPart>,
    reason: AuditPart[],
  ) =>
    sentences.push(
      compose(t, key, values, { ...links, reason: { text: '' } }).flatMap((p) =>
        p.text === '' && !p.href ? reason : [p],
      ),
    );
  /** Says 'Reason: …' when the stored reason says something. */
  const sayReason = (stored: unknown) => {
    const reason = str(stored);
    if (!reason) return;
    const parts = reasonParts(reason);
    if (!parts.length) return;
    sayWithReason('parts.reason', {}, {}, parts);
  };
  /** A stored reason's parts (none when there is none), for a sentence that holds it. */
  const reasonLinks = (stored: unknown): AuditPart[] => {
    const reason = str(stored);
    return reason ? reasonParts(reason) : [];
  };
  return {
    entry,
    t,
    exists,
    /** 'zh-CN' joins sentences without a space, and reads a quiz question in Chinese. */
    zh: ctx.language.startsWith('zh'),
    actionLabel: ctx.actionLabel,
    ...refs,
    ...values(t, exists, reasonText),
    /** The entry's order, linked (or 'an order' when it has no number). */
    order: refs.orderRef(
      entry.orderNumber ?? (ORDER_NUMBER.test(entry.target) ? entry.target : null),
    ),
    A: (k: string) => field(entry.after, k),
    B: (k: string) => field(entry.before, k),
    money: (v: unknown) => formatYuan(num(v) ?? 0),
    sentences,
    say,
    sayWithReason,
    sayReason,
    reasonLinks,
  };
}

/** What the sentence builders are handed (sentenceTools). */
export type SentenceTools = ReturnType<typeof sentenceTools>;

/** English reasons stored before the codes (orders-service texts), read into the same words. */
const LEGACY_REASONS: [RegExp, string][] = [
  [/^replaced by order (SK\d{26})$/, 'replaced_by_order'],
  [/^replaced by a newer order$/, 'replaced_by_newer_order'],
  [/^cancelled by the customer$/, 'cancelled_by_customer'],
  [/^QR code expired$/, 'qr_expired'],
  [/^the account was closed before the payment arrived$/, 'closed_before_payment'],
  [/^priced against order (SK\d{26}), refunded since$/, 'priced_against'],
];

const UUID_ONLY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The customer an entry names in its snapshots (`userId`, as the customer page's actions record it). */
function userIdOf(entry: { before: unknown; after: unknown }): string | null {
  for (const snapshot of [entry.after, entry.before]) {
    const id = isRecord(snapshot) ? snapshot.userId : undefined;
    if (typeof id === 'string' && UUID_ONLY.test(id)) return id;
  }
  return null;
}

/** Bytes as KB/MB (one decimal). */
export function fileSize(bytes: number | null): string {
  if (bytes === null) return '–';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
