import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { resetTestLanguage } from '../../test/i18n';
import { i18n, type Language } from '../../lib/i18n';
import { AUDIT_ACTIONS } from './api/get-audit-log';
import { auditSentence, humanize, sentenceText, type SentenceEntry } from './audit-sentence';

const SEAT = '0b7c4a52-3f1e-4d7a-9c55-2d0f3a1b9e11';
const USER = '7f0c8f52-7b3b-4a4e-9d7e-2f1c0b9a1234';
const QUESTION = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const ORDER = 'SK20260501120000123456789012';
const NEW_ORDER = 'SK20260501130000123456789099';
const BUYER = 'buyer@example.com';
const ADMIN = 'ada@shop.example';

const discount = {
  id: '1a2b3c4d-1111-4222-8333-444455556666',
  tier: 'pro',
  tiers: ['pro', 'ultra'],
  code: 'SPRING',
  kind: 'percent',
  discountAmount: 0,
  percentOff: 20,
  startsAt: '2026-05-01T00:00:00.000Z',
  expiresAt: null,
  usageLimit: 100,
  usageCount: 3,
  oncePerCustomer: true,
};

const onOrder = { customerId: USER, customerEmail: BUYER, orderNumber: ORDER };
const onSeat = { customerId: USER, customerEmail: BUYER, licenseId: SEAT, seatIndex: 2 };

/** One entry of each action the server records, as it records it (backend/src, `action:`). */
const SAMPLES: Record<string, SentenceEntry> = {
  'order.paid': {
    action: 'order.paid',
    actor: 'gateway:alipay',
    target: ORDER,
    before: { status: 'pending' },
    after: { status: 'paid', amount: 69900, tradeNo: 'T-1' },
    ...onOrder,
  },
  'order.paid_needs_refund': {
    action: 'order.paid_needs_refund',
    actor: 'system',
    target: ORDER,
    before: { status: 'paid', needsRefund: false },
    after: {
      status: 'paid',
      needsRefund: true,
      reason: `priced against order ${NEW_ORDER}, refunded since`,
    },
    ...onOrder,
  },
  'order.payment_duplicate': {
    action: 'order.payment_duplicate',
    actor: 'gateway:wechat',
    target: ORDER,
    before: { status: 'paid', tradeNo: 'T-1' },
    after: { status: 'paid', tradeNo: 'T-2', amount: 69900 },
    ...onOrder,
  },
  'order.refund_requested': {
    action: 'order.refund_requested',
    actor: ADMIN,
    target: ORDER,
    before: { status: 'paid', refundStatus: null },
    after: {
      refundStatus: 'requested',
      amount: 69900,
      refundNo: 'R1',
      gateway: 'alipay',
      reason: 'too expensive',
    },
    ...onOrder,
  },
  'order.refund_amount_mismatch': {
    action: 'order.refund_amount_mismatch',
    actor: 'gateway:alipay',
    target: ORDER,
    before: { status: 'paid', refundStatus: 'requested' },
    after: { expected: 69900, stated: 100, refundNo: 'R1' },
    ...onOrder,
  },
  'order.refund_succeeded': {
    action: 'order.refund_succeeded',
    actor: ADMIN,
    target: ORDER,
    before: { status: 'paid', refundStatus: 'requested' },
    after: {
      status: 'refunded',
      amount: 69900,
      refundId: 'x',
      refundNo: 'R1',
      revokedSeats: [2, 3],
      expansionsRefunded: [NEW_ORDER],
      tierRestored: 'pro',
    },
    ...onOrder,
  },
  'order.refund_failed': {
    action: 'order.refund_failed',
    actor: ADMIN,
    target: ORDER,
    before: { status: 'paid', refundStatus: 'requested' },
    after: {
      status: 'paid',
      refundStatus: 'failed',
      amount: 69900,
      refundId: null,
      refundNo: 'R1',
      error: 'insufficient balance',
    },
    ...onOrder,
  },
  'order.cancelled': {
    action: 'order.cancelled',
    actor: `user:${USER}`,
    target: ORDER,
    before: { status: 'pending' },
    after: { status: 'cancelled', reason: `replaced_by_order:${NEW_ORDER}` },
    ...onOrder,
  },
  'order.expired': {
    action: 'order.expired',
    actor: 'system',
    target: ORDER,
    before: { status: 'pending' },
    after: { status: 'expired', reason: 'qr_expired' },
    ...onOrder,
  },
  'order.failed': {
    action: 'order.failed',
    actor: 'system',
    target: ORDER,
    before: { status: 'pending' },
    after: { status: 'failed', reason: 'gateway_refused:ACQ.SYSTEM_ERROR' },
    ...onOrder,
  },
  'customer.grant_plan': {
    action: 'customer.grant_plan',
    actor: ADMIN,
    target: ORDER,
    before: { tier: 'basic', seats: 1 },
    after: {
      tier: 'ultra',
      seats: 3,
      amount: 0,
      granted: true,
      reason: 'partner',
      userId: USER,
      email: BUYER,
    },
    ...onOrder,
  },
  'customer.sign_out': {
    action: 'customer.sign_out',
    actor: ADMIN,
    target: BUYER,
    before: { sessions: 2 },
    after: { sessions: 0, reason: 'lost laptop', userId: USER },
    customerId: USER,
    customerEmail: BUYER,
  },
  'customer.exported': {
    action: 'customer.exported',
    actor: ADMIN,
    target: BUYER,
    before: null,
    after: { seats: 1, userId: USER },
    customerId: USER,
    customerEmail: BUYER,
  },
  'license.bind': {
    action: 'license.bind',
    actor: BUYER,
    target: SEAT,
    before: { domain: 'https://a.example' },
    after: { domain: 'https://b.example', ip: '203.0.113.9', changesLeft: 1 },
    ...onSeat,
  },
  'license.domain': {
    action: 'license.domain',
    actor: ADMIN,
    target: `${SEAT} (seat 2)`,
    before: { websiteUrl: null },
    after: { websiteUrl: 'https://b.example', ip: '198.51.100.1' },
    ...onSeat,
  },
  'license.reset_changes': {
    action: 'license.reset_changes',
    actor: ADMIN,
    target: `${SEAT} (seat 2)`,
    before: { bindingChangesLeft: 0 },
    after: { bindingChangesLeft: 2, reason: 'moved host', userId: USER, email: BUYER },
    ...onSeat,
  },
  'license.revoke': {
    action: 'license.revoke',
    actor: ADMIN,
    target: `${SEAT} (seat 2)`,
    before: { revokedAt: null, websiteUrl: 'https://b.example' },
    after: { revokedAt: '2026-05-01T10:00:00.000Z', reason: 'abuse', userId: USER, email: BUYER },
    ...onSeat,
  },
  'seats.expanded': {
    action: 'seats.expanded',
    actor: 'system',
    target: NEW_ORDER,
    before: { seats: 3 },
    after: { seats: 4, maxOrder: ORDER, userId: USER },
    customerId: USER,
    customerEmail: BUYER,
    orderNumber: NEW_ORDER,
  },
  'plan.update': {
    action: 'plan.update',
    actor: ADMIN,
    target: 'ultra',
    before: {
      priceCents: 169900,
      badgeEn: null,
      badgeZh: null,
      badgeEndsAt: null,
      shown: true,
      sortOrder: 3,
    },
    after: {
      priceCents: 149950,
      badgeEn: 'New',
      badgeZh: '新品',
      badgeEndsAt: '2026-06-01T00:00:00.000Z',
      shown: false,
      sortOrder: 3,
    },
  },
  'discount.save': {
    action: 'discount.save',
    actor: ADMIN,
    target: 'SPRING',
    before: {
      ...discount,
      kind: 'amount',
      discountAmount: 5000,
      percentOff: null,
      tiers: ['pro'],
      oncePerCustomer: false,
    },
    after: discount,
  },
  'discount.delete': {
    action: 'discount.delete',
    actor: ADMIN,
    target: 'SPRING',
    before: { ...discount, tiers: null },
    after: null,
  },
  'vip.add': {
    action: 'vip.add',
    actor: ADMIN,
    target: 'a@x.com',
    before: null,
    after: { email: 'a@x.com' },
  },
  'vip.remove': {
    action: 'vip.remove',
    actor: ADMIN,
    target: 'a@x.com',
    before: { email: 'a@x.com', addedAt: '2026-05-01T10:00:00.000Z', addedBy: ADMIN },
    after: null,
  },
  'vip.batch': {
    action: 'vip.batch',
    actor: ADMIN,
    target: '4 addresses',
    before: null,
    after: {
      added: ['a@x.com', 'b@x.com'],
      skipped: ['c@x.com'],
      failed: [{ email: 'd', reason: 'x' }],
    },
  },
  'vip.grant': {
    action: 'vip.grant',
    actor: 'system',
    target: BUYER,
    before: { tier: null, seats: 0 },
    after: { tier: 'vip', seats: 2, orderId: ORDER },
    customerId: USER,
    customerEmail: BUYER,
  },
  'user.email': {
    action: 'user.email',
    actor: 'system',
    target: 'new@x.com',
    before: { email: 'old@x.com' },
    after: { email: 'new@x.com' },
  },
  'user.link': {
    action: 'user.link',
    actor: 'system',
    target: BUYER,
    before: { userId: USER, googleSub: null },
    after: { googleSub: '1234567890' },
    customerId: USER,
    customerEmail: BUYER,
  },
  'user.link-refused': {
    action: 'user.link-refused',
    actor: 'system',
    target: BUYER,
    before: { userId: USER, googleSub: '1' },
    after: { googleSub: '2', emailVerified: false },
  },
  'user.unlink': {
    action: 'user.unlink',
    actor: `user:${USER}`,
    target: BUYER,
    before: { userId: USER, way: 'wechat', nickname: '小明' },
    after: { way: 'wechat' },
    customerId: USER,
    customerEmail: BUYER,
  },
  'user.email-verified': {
    action: 'user.email-verified',
    actor: 'system',
    target: BUYER,
    before: { userId: USER, emailVerified: false },
    after: { emailVerified: true, by: 'email-code' },
  },
  'account.deleted': {
    action: 'account.deleted',
    actor: `user:${USER}`,
    target: USER,
    before: { userId: USER, createdAt: '2026-01-01T00:00:00.000Z' },
    after: { confirmation: 'DELETE', ordersKeptUnder: QUESTION },
  },
  'account.closed': {
    action: 'account.closed',
    actor: `user:${USER}`,
    target: `user:${USER}`,
    before: { userId: USER },
    after: { ordersKeptUnder: QUESTION, orders: 2 },
  },
  'account.exported': {
    action: 'account.exported',
    actor: `user:${USER}`,
    target: USER,
    before: null,
    after: { orders: 2, seats: 1, emails: 5 },
    customerId: USER,
    customerEmail: BUYER,
  },
  'mail.resend': {
    action: 'mail.resend',
    actor: ADMIN,
    target: BUYER,
    before: { id: QUESTION, status: 'failed', attempts: 5, lastError: 'timeout' },
    after: { id: QUESTION, status: 'queued' },
  },
  'quiz.create': {
    action: 'quiz.create',
    actor: ADMIN,
    target: QUESTION,
    before: null,
    after: { id: QUESTION, question: '什么是 REST？', questionEn: 'What is REST?', isActive: true },
  },
  'quiz.update': {
    action: 'quiz.update',
    actor: ADMIN,
    target: QUESTION,
    before: { id: QUESTION, question: '旧', questionEn: 'Old' },
    after: { id: QUESTION, question: '什么是 REST？', questionEn: 'What is REST?' },
  },
  'quiz.delete': {
    action: 'quiz.delete',
    actor: ADMIN,
    target: QUESTION,
    before: { id: QUESTION, question: '什么是 REST？', questionEn: 'What is REST?' },
    after: null,
  },
  'docs.update': {
    action: 'docs.update',
    actor: ADMIN,
    target: 'docs:token-auth/en',
    before: { length: 120 },
    after: { length: 340 },
  },
  'release.uploaded': {
    action: 'release.uploaded',
    actor: ADMIN,
    target: 'plugin/seatkeeper',
    before: null,
    after: {
      version: '1.2.0',
      fileName: 'seatkeeper-1.2.0.zip',
      size: 2_400_000,
      sha256: 'ab'.repeat(32),
    },
  },
  'release.current': {
    action: 'release.current',
    actor: ADMIN,
    target: 'plugin/seatkeeper',
    before: { version: '1.1.0' },
    after: { version: '1.2.0' },
  },
  'webhook.created': {
    action: 'webhook.created',
    actor: ADMIN,
    target: 'https://hooks.example.com/in',
    before: null,
    after: { id: QUESTION, kind: 'standard', events: ['order.paid', 'seat.bound'], language: 'en' },
  },
  'webhook.updated': {
    action: 'webhook.updated',
    actor: ADMIN,
    target: 'https://hooks.example.com/in',
    before: { events: ['order.paid'], language: 'en' },
    after: { events: ['order.paid', 'order.refunded'], language: 'en' },
  },
  'webhook.secret_rotated': {
    action: 'webhook.secret_rotated',
    actor: ADMIN,
    target: 'https://hooks.example.com/in',
    before: null,
    after: { id: QUESTION, previousSignsUntil: '2026-12-21T08:00:00.000Z' },
  },
  'webhook.enabled': {
    action: 'webhook.enabled',
    actor: ADMIN,
    target: 'https://hooks.example.com/in',
    before: { enabled: false, reason: 'failing' },
    after: { enabled: true, reason: null },
  },
  'webhook.disabled': {
    action: 'webhook.disabled',
    actor: 'system',
    target: 'https://hooks.example.com/in',
    before: { enabled: true, failingSince: '2026-12-17T08:00:00.000Z' },
    after: { enabled: false, reason: 'failing', lastError: 'ECONNREFUSED' },
  },
  'webhook.test': {
    action: 'webhook.test',
    actor: ADMIN,
    target: 'https://hooks.example.com/in',
    before: null,
    after: { id: QUESTION, type: 'order.paid' },
  },
  'webhook.resend': {
    action: 'webhook.resend',
    actor: ADMIN,
    target: 'https://hooks.example.com/in',
    before: { messageId: 'msg_2Kq0', status: 'failed', attempts: 8 },
    after: { messageId: 'msg_2Kq0', status: 'queued' },
  },
  'backup.created': {
    action: 'backup.created',
    actor: 'system',
    target: 'seatkeeper-20261218T090507Z.pgdump',
    before: null,
    after: { trigger: 'schedule', bytes: 2_400_000, ms: 812, pruned: 1 },
  },
  'backup.failed': {
    action: 'backup.failed',
    actor: 'system',
    target: '/var/backups/seatkeeper',
    before: null,
    after: {
      trigger: 'schedule',
      error: 'EACCES: permission denied, mkdir /var/backups/seatkeeper',
    },
  },
};

const backendSrc = join(dirname(fileURLToPath(import.meta.url)), '../../../../backend/src');

/** The actions the server records: action names quoted in the backend's files that write audit entries. */
function recordedActions(): string[] {
  const found = new Set<string>();
  const files = readdirSync(backendSrc, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'),
  );
  for (const file of files) {
    const source = readFileSync(join(backendSrc, file), 'utf8');
    if (!/audit\.record\(|_AUDIT\b|SEAT_HISTORY_ACTIONS|AUDIT_[A-Z]+ =/.test(source)) continue;
    for (const m of source.matchAll(
      /['`]((?:order|customer|license|plan|discount|vip|user|account|mail|quiz|docs|release|seats|webhook)\.[a-z_-]+)['`]/g,
    ))
      found.add(m[1]!);
  }
  // `order.${status}` (orders.service.ts close): the statuses a pending order ends in.
  for (const status of ['cancelled', 'expired', 'failed']) found.add(`order.${status}`);
  return [...found].sort();
}

const sentence = async (entry: SentenceEntry, language: Language) => {
  // Dates follow the active language (lib/format), as on the page.
  if (i18n.language !== language) await i18n.changeLanguage(language);
  const t = i18n.getFixedT(language, 'adminAudit');
  return auditSentence(entry, {
    t: (key, options) => String(t(key, options as never)),
    exists: (key) => i18n.exists(`adminAudit:${key}`, { lng: language }),
    actionLabel: (action) =>
      i18n.exists(`adminAudit:actions.${action}`, { lng: language })
        ? String(t(`actions.${action}`))
        : action,
    language,
  });
};
const text = async (entry: SentenceEntry, language: Language) =>
  sentenceText(await sentence(entry, language));

/** What must never show: snapshot keys, JSON, ids, catalogue keys, codes, empty values. */
const RAW = [
  /[{}[\]"]/,
  /[0-9a-f]{8}-[0-9a-f]{4}-/i,
  /\b[a-z]+[A-Z][A-Za-z]*\b/, // camelCase keys: priceCents, badgeEn, bindingChangesLeft
  /\b[a-z]+_[a-z_]+\b/, // codes: replaced_by_order, qr_expired
  /\b(undefined|null|NaN|true|false)\b/,
  /\bsentences\.|\bparts\.|\bvalues\.|\breasons\./,
  /\(seat \d\)/,
  /^[a-z]+\.[a-z_-]+$/, // an action's name
];
const ENGLISH_WORDS_IN_CHINESE = /\b(pending|paid|refunded|seat|order|plan|was|the|replaced|by)\b/;

describe('auditSentence', () => {
  afterEach(resetTestLanguage);

  it('has a sample for every action the log lists and every action the server records', async () => {
    for (const action of AUDIT_ACTIONS) expect(SAMPLES[action], action).toBeDefined();
    const recorded = recordedActions();
    expect(recorded.length).toBeGreaterThan(30);
    expect(recorded.filter((action) => !SAMPLES[action])).toEqual([]);
    expect(
      recorded.filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action)),
    ).toEqual([]);
  });

  it.each(['en', 'zh-CN'] as const)(
    'reads every known action as a sentence in %s: no raw key, JSON, code or id',
    async (language) => {
      for (const [action, entry] of Object.entries(SAMPLES)) {
        const said = await text(entry, language);
        expect(said.length, action).toBeGreaterThan(5);
        for (const raw of RAW) expect(said, `${action}: ${said}`).not.toMatch(raw);
        if (language === 'zh-CN')
          expect(said, `${action}: ${said}`).not.toMatch(ENGLISH_WORDS_IN_CHINESE);
      }
    },
  );

  it('links the order, the customer and the seat (on its customer page) with readable labels', async () => {
    const paid = await sentence(SAMPLES['order.paid']!, 'en');
    expect(sentenceText(paid)).toBe(`${ORDER} was paid: ¥699.00.`);
    expect(paid.find((p) => p.href)).toEqual({ text: ORDER, href: `/admin/orders?q=${ORDER}` });

    const bind = await sentence(SAMPLES['license.bind']!, 'en');
    expect(sentenceText(bind)).toBe(
      `seat 2 of ${BUYER} was moved from https://a.example to https://b.example. 1 binding change left. From 203.0.113.9.`,
    );
    expect(bind.find((p) => p.href)).toEqual({
      text: `seat 2 of ${BUYER}`,
      href: `/admin/customers/${USER}#seat-2`,
    });
    expect(await text(SAMPLES['license.bind']!, 'zh-CN')).toBe(
      `${BUYER} 的座位 2 从 https://a.example 换绑到 https://b.example。剩余 1 次换绑。来自 203.0.113.9。`,
    );

    const grant = await sentence(SAMPLES['customer.grant_plan']!, 'en');
    expect(sentenceText(grant)).toBe(
      `${BUYER} was given Max for free (${ORDER}): 3 seats. Reason: “partner”.`,
    );
    expect(grant.filter((p) => p.href).map((p) => p.href)).toEqual([
      `/admin/customers/${USER}`,
      `/admin/orders?q=${ORDER}`,
    ]);
  });

  it('says which backup the app took, and why one failed (docs/operations.md)', async () => {
    expect(await text(SAMPLES['backup.created']!, 'en')).toMatch(
      /^Backup seatkeeper-20261218T090507Z\.pgdump was taken \(2(\.\d)? MB\)\.$/,
    );
    expect(await text(SAMPLES['backup.created']!, 'zh-CN')).toMatch(
      /^已备份 seatkeeper-20261218T090507Z\.pgdump（2(\.\d)? MB）。$/,
    );
    expect(await text(SAMPLES['backup.failed']!, 'en')).toBe(
      'A backup failed: “EACCES: permission denied, mkdir /var/backups/seatkeeper”.',
    );
  });

  it('says reasons in words: codes, and the English sentences stored before them, with the replacing order linked', async () => {
    const replaced = await sentence(SAMPLES['order.cancelled']!, 'zh-CN');
    expect(sentenceText(replaced)).toBe(`${ORDER} 已取消。原因：被 ${NEW_ORDER} 取代。`);
    expect(replaced.filter((p) => p.href).map((p) => p.text)).toEqual([ORDER, NEW_ORDER]);
    const legacy = {
      ...SAMPLES['order.cancelled']!,
      after: { status: 'cancelled', reason: `replaced by order ${NEW_ORDER}` },
    };
    expect(await text(legacy, 'zh-CN')).toBe(`${ORDER} 已取消。原因：被 ${NEW_ORDER} 取代。`);
    expect(await text(legacy, 'en')).toBe(
      `${ORDER} was cancelled. Reason: replaced by ${NEW_ORDER}.`,
    );
    const byCustomer = {
      ...legacy,
      after: { status: 'cancelled', reason: 'cancelled by the customer' },
    };
    expect(await text(byCustomer, 'zh-CN')).toBe(`${ORDER} 已取消。原因：客户取消。`);
    expect(await text(SAMPLES['order.expired']!, 'en')).toBe(
      `${ORDER} expired. Reason: the QR code expired.`,
    );
    expect(await text(SAMPLES['order.failed']!, 'en')).toBe(
      `${ORDER} failed. Reason: the gateway refused: ACQ.SYSTEM_ERROR.`,
    );
  });

  it('says what a quiz edit changed: texts and switches by their labels, the answers as one item', async () => {
    const options = (texts: string[]) =>
      texts.map((text, i) => ({
        id: `o${i}`,
        text,
        textEn: '',
        originOrder: i,
        isCorrect: i === 0,
      }));
    const edit: SentenceEntry = {
      action: 'quiz.update',
      actor: ADMIN,
      target: QUESTION,
      before: {
        id: QUESTION,
        question: '旧',
        questionEn: 'Old',
        isActive: true,
        options: options(['甲', '乙']),
        updatedAt: '2026-05-01T00:00:00.000Z',
      },
      after: {
        id: QUESTION,
        question: '新',
        questionEn: 'Old',
        isActive: false,
        options: options(['甲', '丙']),
        updatedAt: '2026-05-02T00:00:00.000Z',
      },
    };
    expect(await text(edit, 'en')).toBe(
      'Quiz question “Old” was edited: question (Chinese) 旧 → 新; enabled yes → no; answers edited.',
    );
    expect(await text(edit, 'zh-CN')).toBe(
      '已编辑测验题“新”：题目（中文） 旧 → 新；启用 是 → 否；选项已修改。',
    );
    // Saved unchanged (new option ids, a new time): no change to list.
    const same = {
      ...edit,
      after: {
        ...(edit.before as Record<string, unknown>),
        id: QUESTION,
        updatedAt: '2026-05-03T00:00:00.000Z',
        options: options(['甲', '乙']).map((o) => ({ ...o, id: `n${o.id}` })),
      },
    };
    expect(await text(same, 'en')).toBe('Quiz question “Old” was edited.');
  });

  it('words plans, money, statuses and discount terms; a change lists each field by its label', async () => {
    expect(await text(SAMPLES['plan.update']!, 'en')).toMatch(
      /^The Max plan was changed: price ¥1699\.00 → ¥1499\.50; English badge none → New; Chinese badge none → 新品; badge ends none → June 1, 2026.*; shown on the pricing page yes → no\.$/,
    );
    expect(await text(SAMPLES['plan.update']!, 'zh-CN')).toMatch(
      /^Max 套餐已修改：价格 ¥1699\.00 → ¥1499\.50；英文角标 无 → New；中文角标 无 → 新品；角标截止 无 → 2026年6月1日.*；在价格页显示 是 → 否。$/,
    );
    expect(await text(SAMPLES['discount.save']!, 'en')).toBe(
      'Discount code SPRING was changed: plans Pro → Pro, Max; type fixed amount → percentage; percent off none → 20%; once per customer no → yes.',
    );
    const created = { ...SAMPLES['discount.save']!, before: null };
    expect(await text(created, 'en')).toMatch(
      /^Discount code SPRING was created: 20% off on Pro, Max, at most 100 uses, from .+2026.+, once per customer\.$/,
    );
    expect(await text(created, 'zh-CN')).toMatch(
      /^已创建优惠码 SPRING：Pro、Max减 20%、最多使用 100 次、.+起、每位客户限用一次。$/,
    );
    expect(await text(SAMPLES['discount.delete']!, 'en')).toMatch(
      /^Discount code SPRING was deleted \(20% off on every plan, at most 100 uses, from .+2026.+, once per customer; used 3 times\)\.$/,
    );
    const amount = {
      ...SAMPLES['discount.delete']!,
      before: {
        ...discount,
        kind: 'amount',
        discountAmount: 5000,
        tiers: null,
        tier: 'basic',
        startsAt: null,
        usageLimit: null,
        oncePerCustomer: false,
      },
    };
    expect(await text(amount, 'en')).toBe(
      'Discount code SPRING was deleted (¥50.00 off on every plan; used 3 times).',
    );
    // A code saved before several plans existed: its one plan.
    const legacy = {
      ...amount,
      before: {
        id: discount.id,
        tier: 'pro',
        code: 'OLD',
        discountAmount: 1000,
        startsAt: null,
        expiresAt: null,
        usageLimit: 1,
        usageCount: 1,
      },
    };
    expect(await text(legacy, 'en')).toBe(
      'Discount code SPRING was deleted (¥10.00 off on Pro, at most 1 use; used 1 time).',
    );
  });

  it('reads an action it does not know as its name in words and its fields by label, never JSON', async () => {
    const entry: SentenceEntry = {
      action: 'coupon.magic_thing',
      actor: ADMIN,
      target: SEAT,
      before: { priceCents: 100, someNewField: 'a', nested: { deepKey: 1 } },
      after: { priceCents: 200, someNewField: 'b', nested: { deepKey: 2 }, ownerId: USER },
    };
    expect(await text(entry, 'en')).toBe(
      'coupon magic thing: price ¥1.00 → ¥2.00; some new field a → b; nested deep key 1 → deep key 2; owner id none → a record.',
    );
    const zh = await text(entry, 'zh-CN');
    expect(zh).toMatch(
      /^coupon magic thing：价格 ¥1\.00 → ¥2\.00；|^coupon magic thing：价格 ¥1\.00 → ¥2\.00; /,
    );
    for (const raw of RAW) expect(zh).not.toMatch(raw);
  });

  it('humanizes keys', async () => {
    expect(humanize('bindingChangesLeft')).toBe('binding changes left');
    expect(humanize('order.refund_amount_mismatch')).toBe('order refund amount mismatch');
  });
});
