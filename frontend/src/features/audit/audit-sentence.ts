/**
 * An audit entry as a sentence in the admin's language (docs/product.md, back office: a readable audit
 * log): what happened, with links to the order, customer or seat it touched; amounts in yuan, plans by
 * name, statuses and reasons as words, dates in the admin's time zone. Stored entries keep their raw form
 * (snapshots, English targets, reason codes); only this reading changes. An action without a sentence
 * reads as its label and its changed fields by label, never as JSON. Pure (given `t`), unit-tested.
 * Its keys are the adminAudit namespace's, as useTranslation('adminAudit') gives them.
 */
import { isTier, tierName } from '@seatkeeper/domain';
import { formatDateTime, formatYuan } from '../../lib/format';
import { LANGUAGE_NAMES, toLanguage } from '../../lib/i18n';
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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const field = (snapshot: unknown, key: string): unknown =>
  isRecord(snapshot) ? snapshot[key] : undefined;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const shorten = (text: string, max = MAX_TEXT) =>
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

/** The sentence builder for one language. */
export function auditSentence(entry: SentenceEntry, ctx: SentenceContext): AuditPart[] {
  const { t, exists } = ctx;
  const zh = ctx.language.startsWith('zh');

  // --- references (links with readable labels) ---
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

  // --- values ---
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

  // --- reasons (codes, and the English sentences stored before them) ---
  /** A reason in words; '' when it says nothing (the refund's default 'refund'). Links are lost here. */
  function reasonText(stored: string): string {
    return reasonParts(stored)
      .map((p) => p.text)
      .join('');
  }
  function reasonParts(stored: string): AuditPart[] {
    const colon = stored.indexOf(':');
    const code = colon < 0 ? stored : stored.slice(0, colon);
    const param = colon < 0 ? '' : stored.slice(colon + 1);
    const legacy = LEGACY_REASONS.find(([re]) => re.test(stored));
    if (legacy) {
      const [re, key] = legacy;
      const order = re.exec(stored)?.[1] ?? stored.match(ORDER_IN_TEXT)?.[0];
      return compose(`reasons.${key}`, {}, order ? { order: orderRef(order) } : {});
    }
    if (/^[a-z_]+$/.test(code) && exists(`reasons.${code}`)) {
      if (code === 'replaced_by_order')
        return compose('reasons.replaced_by_order', {}, { order: orderRef(param) });
      return compose(`reasons.${code}`, { detail: shorten(param) });
    }
    if (code === 'refund') return [];
    return [{ text: `“${shorten(stored)}”` }];
  }

  // --- composing a translated string with links ---
  function compose(
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
  /** A sentence with links whose values may themselves hold links (a reason). */
  const sentences: AuditPart[][] = [];
  const say = (key: string, values?: Record<string, unknown>, links?: Record<string, AuditPart>) =>
    sentences.push(compose(key, values, links));
  const sayReason = (stored: unknown) => {
    const reason = str(stored);
    if (!reason) return;
    const parts = reasonParts(reason);
    if (!parts.length) return;
    sentences.push(
      compose('parts.reason', {}, { reason: { text: '' } }).flatMap((p) =>
        p.text === '' && !p.href ? parts : [p],
      ),
    );
  };
  const reasonLinks = (stored: unknown): AuditPart[] =>
    str(stored) ? reasonParts(str(stored)!) : [];

  const { action, before, after } = entry;
  const A = (k: string) => field(after, k);
  const B = (k: string) => field(before, k);
  const order = orderRef(
    entry.orderNumber ?? (ORDER_NUMBER.test(entry.target) ? entry.target : null),
  );
  const money = (v: unknown) => formatYuan(num(v) ?? 0);

  switch (action) {
    case 'order.paid':
      say('sentences.order.paid', { amount: money(A('amount')) }, { order });
      break;
    case 'order.paid_needs_refund': {
      const reason = reasonLinks(A('reason'));
      const key = num(A('amount')) === null ? 'paid_needs_refund_later' : 'paid_needs_refund';
      sentences.push(
        compose(
          `sentences.order.${key}`,
          { amount: money(A('amount')) },
          { order, reason: { text: '' } },
        ).flatMap((p) => (p.text === '' && !p.href ? reason : [p])),
      );
      break;
    }
    case 'order.payment_duplicate':
      say('sentences.order.payment_duplicate', { amount: money(A('amount')) }, { order });
      break;
    case 'order.refund_requested':
      say('sentences.order.refund_requested', { amount: money(A('amount')) }, { order });
      sayReason(A('reason'));
      break;
    case 'order.refund_amount_mismatch':
      say(
        'sentences.order.refund_amount_mismatch',
        { stated: money(A('stated')), expected: money(A('expected')) },
        { order },
      );
      break;
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
      break;
    }
    case 'order.refund_failed':
      say(
        'sentences.order.refund_failed',
        { amount: money(A('amount')), error: shorten(str(A('error')) ?? none()) },
        { order },
      );
      break;
    case 'order.cancelled':
    case 'order.expired':
    case 'order.failed':
      say(`sentences.${action}`, {}, { order });
      sayReason(A('reason'));
      break;
    case 'customer.grant_plan':
      say(
        'sentences.customer.grant_plan',
        { tier: tierName(str(A('tier'))), count: num(A('seats')) ?? 0 },
        { customer: customerRef(), order },
      );
      sayReason(A('reason'));
      break;
    case 'customer.sign_out':
      say(
        'sentences.customer.sign_out',
        { count: num(B('sessions')) ?? 0 },
        { customer: customerRef() },
      );
      sayReason(A('reason'));
      break;
    case 'customer.exported':
      say(
        'sentences.customer.exported',
        { count: num(A('seats')) ?? 0 },
        { customer: customerRef() },
      );
      break;
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
      break;
    }
    case 'license.reset_changes':
      say(
        'sentences.license.reset_changes',
        { count: num(A('bindingChangesLeft')) ?? 0 },
        { seat: seatRef() },
      );
      sayReason(A('reason'));
      break;
    case 'license.revoke': {
      const domain = str(B('websiteUrl'));
      say(
        `sentences.license.${domain ? 'revoke_bound' : 'revoke'}`,
        { domain },
        { seat: seatRef() },
      );
      sayReason(A('reason'));
      break;
    }
    case 'seats.expanded':
      say(
        'sentences.seats.expanded',
        { from: num(B('seats')) ?? 0, count: num(A('seats')) ?? 0 },
        { customer: customerRef(), order },
      );
      break;
    case 'plan.update': {
      const plan = isTier(entry.target) ? tierName(entry.target) : humanize(entry.target);
      const changed = changes(before, after);
      if (changed.length)
        say('sentences.plan.update', { plan, changes: changed.join(t('values.changeSeparator')) });
      else say('sentences.plan.update_none', { plan });
      break;
    }
    case 'discount.save': {
      const code = entry.target;
      if (!isRecord(before)) {
        say('sentences.discount.created', { code, terms: discountTerms(after) });
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
      break;
    }
    case 'discount.delete':
      say('sentences.discount.delete', {
        code: entry.target,
        terms: discountTerms(before),
        count: num(B('usageCount')) ?? 0,
      });
      break;
    case 'vip.add':
    case 'vip.remove':
      say(`sentences.${action}`, { email: entry.target });
      break;
    case 'vip.batch': {
      const n = (k: string) => (Array.isArray(A(k)) ? (A(k) as unknown[]).length : 0);
      const target = auditTarget(entry);
      say('sentences.vip.batch', {
        count: target.kind === 'addresses' ? target.count : n('added') + n('skipped') + n('failed'),
        added: n('added'),
        skipped: n('skipped'),
        failed: n('failed'),
      });
      break;
    }
    case 'vip.grant':
      say(
        'sentences.vip.grant',
        { count: num(A('seats')) ?? 0 },
        { customer: customerRef(), order: orderRef(str(A('orderId'))) },
      );
      break;
    case 'user.email':
      say('sentences.user.email', {
        from: str(B('email')) ?? none(),
        to: str(A('email')) ?? none(),
      });
      break;
    case 'user.link':
    case 'user.link-refused':
      // WeChat (docs/sign-in.md) records after.way; Google's entries have none.
      say(
        `sentences.${action}${A('way') === 'wechat' ? '-wechat' : ''}`,
        {},
        { customer: customerRef() },
      );
      break;
    case 'user.unlink':
      say(
        `sentences.user.unlink-${A('way') === 'google' ? 'google' : 'wechat'}`,
        {},
        {
          customer: customerRef(),
        },
      );
      break;
    case 'user.email-verified':
      say(`sentences.${action}`, {}, { customer: customerRef() });
      break;
    case 'account.deleted':
      say('sentences.account.deleted');
      break;
    case 'account.closed':
      say('sentences.account.closed', { count: num(A('orders')) ?? 0 });
      break;
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
      break;
    case 'mail.resend':
      say('sentences.mail.resend', { email: entry.target, count: num(B('attempts')) ?? 0 });
      break;
    case 'quiz.create':
    case 'quiz.update':
    case 'quiz.delete': {
      const snapshot = action === 'quiz.delete' ? before : after;
      const question =
        str(field(snapshot, zh ? 'question' : 'questionEn')) ?? str(field(snapshot, 'question'));
      const text = shorten(question ?? none(), 60);
      if (action !== 'quiz.update') {
        say(`sentences.${action}`, { question: text });
        break;
      }
      // What the edit changed: the texts as fields, the answers as one item (their texts or the order).
      const changed = changes(before, after, ['id', 'updatedAt', 'options', 'categorySlug']);
      const answers = (v: unknown) =>
        JSON.stringify(
          (Array.isArray(field(v, 'options')) ? (field(v, 'options') as unknown[]) : []).map(
            (o) => [field(o, 'text'), field(o, 'textEn'), field(o, 'isCorrect')],
          ),
        );
      if (answers(before) !== answers(after)) changed.push(t('values.answersEdited'));
      if (changed.length)
        say('sentences.quiz.changed', {
          question: text,
          changes: changed.join(t('values.changeSeparator')),
        });
      else say('sentences.quiz.update', { question: text });
      break;
    }
    case 'docs.update': {
      const target = auditTarget(entry);
      const slug = target.kind === 'docs' ? target.slug : entry.target;
      const language =
        target.kind === 'docs'
          ? (LANGUAGE_NAMES[toLanguage(target.language) ?? 'en'] ?? target.language)
          : '';
      const chars = (v: unknown) =>
        num(field(v, 'length')) === null
          ? none()
          : t('values.chars', { count: num(field(v, 'length')) });
      say('sentences.docs.update', { slug, language, from: chars(before), to: chars(after) });
      break;
    }
    case 'release.uploaded':
    case 'release.current': {
      const [kind, slug] = entry.target.split('/');
      const product =
        `${exists(`releaseKinds.${kind}`) ? t(`releaseKinds.${kind}`) : humanize(kind ?? '')} ${slug ?? ''}`.trim();
      const version = str(A('version')) ?? none();
      if (action === 'release.uploaded')
        say('sentences.release.uploaded', {
          product,
          version,
          file: str(A('fileName')) ?? none(),
          size: fileSize(num(A('size'))),
        });
      else if (str(B('version')))
        say('sentences.release.current', { product, version, from: str(B('version')) });
      else say('sentences.release.current_first', { product, version });
      break;
    }
    // Webhook endpoints (docs/webhooks.md): the address as shown (never a robot's token).
    case 'webhook.created':
    case 'webhook.updated': {
      const kind = str(A('kind'));
      const events = Array.isArray(A('events')) ? (A('events') as unknown[]).length : 0;
      say(`sentences.webhook.${action === 'webhook.created' ? 'created' : 'updated'}`, {
        url: entry.target,
        kind: kind && exists(`webhookKinds.${kind}`) ? t(`webhookKinds.${kind}`) : none(),
        count: events,
      });
      break;
    }
    case 'webhook.disabled':
      say(
        str(A('reason')) === 'failing'
          ? 'sentences.webhook.disabled_failing'
          : 'sentences.webhook.disabled',
        { url: entry.target },
      );
      break;
    case 'webhook.secret_rotated':
    case 'webhook.enabled':
    case 'webhook.test':
    case 'webhook.resend':
      say(`sentences.webhook.${action.slice('webhook.'.length)}`, { url: entry.target });
      break;
    // The app's backups (docs/operations.md): the file and its size, or the error (as the server wrote it).
    case 'backup.created':
      say('sentences.backup.created', {
        file: shorten(entry.target),
        size: fileSize(num(A('bytes'))),
      });
      break;
    case 'backup.failed':
      say('sentences.backup.failed', { error: shorten(str(A('error')) ?? '') || none() });
      break;
    default: {
      const changed = changes(before, after);
      const name = ctx.actionLabel(action);
      const readable = name === action ? humanize(action) : name;
      if (changed.length)
        say('sentences.generic', {
          action: readable,
          changes: changed.join(t('values.changeSeparator')),
        });
      else say('sentences.genericNone', { action: readable });
    }
  }
  // Sentences one after the other: a space between English ones, none between Chinese ones.
  return sentences.flatMap((parts, i) => (i > 0 && !zh ? [{ text: ' ' }, ...parts] : parts));

  function discountTerms(snapshot: unknown): string {
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
}

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
function fileSize(bytes: number | null): string {
  if (bytes === null) return '–';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The sentence as plain text (tests, titles). */
export const sentenceText = (parts: AuditPart[]) => parts.map((p) => p.text).join('');
