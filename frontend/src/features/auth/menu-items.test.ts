import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { hasActiveVipLicense, menuItems } from './menu-items';

const paths = (rights: Parameters<typeof menuItems>[0]) => menuItems(rights).map((item) => item.to);
const none = { isAdmin: false, isQuizManager: false, hasVipLicense: false };

describe('menuItems', () => {
  it('gives a plain user console, orders and profile only', () => {
    expect(paths(none)).toEqual(['/dashboard', '/orders', '/profile']);
  });

  it('adds the quiz for an active vip licence holder', () => {
    expect(paths({ ...none, hasVipLicense: true })).toEqual([
      '/dashboard',
      '/orders',
      '/profile',
      '/quiz',
    ]);
  });

  it('gives a quiz manager quiz management but not the quiz or the admin pages', () => {
    expect(paths({ ...none, isQuizManager: true })).toEqual([
      '/dashboard',
      '/orders',
      '/profile',
      '/admin/quiz',
    ]);
  });

  it('gives an admin the quiz and ONE back-office entry (the back office has its own navigation)', () => {
    for (const isQuizManager of [false, true])
      expect(paths({ ...none, isAdmin: true, isQuizManager })).toEqual([
        '/dashboard',
        '/orders',
        '/profile',
        '/quiz',
        '/admin',
      ]);
  });

  it.each([
    ['en', ['console', 'orders', 'profile', 'quiz', 'admin'], 'quiz management'],
    ['zh-CN', ['控制台', '订单', '个人资料', '答题', '后台'], '题库管理'],
  ] as const)('labels the entries in %s', (language, admin, quizManager) => {
    const t = i18n.getFixedT(language);
    const labels = (rights: Parameters<typeof menuItems>[0]) =>
      menuItems(rights).map((i) => t(i.labelKey));
    expect(labels({ isAdmin: true, isQuizManager: true, hasVipLicense: true })).toEqual(admin);
    expect(labels({ ...none, isQuizManager: true }).at(-1)).toBe(quizManager);
  });
});

describe('hasActiveVipLicence', () => {
  it('needs a licence that is both active and vip', () => {
    expect(hasActiveVipLicense([{ status: 'active', tier: 'vip' }])).toBe(true);
    expect(hasActiveVipLicense([{ status: 'expired', tier: 'vip' }])).toBe(false);
    // A seat revoked by a refund counts for nothing (docs/rules.md, "Refunds").
    expect(hasActiveVipLicense([{ status: 'revoked', tier: 'vip' }])).toBe(false);
    expect(hasActiveVipLicense([{ status: 'active', tier: 'pro' }])).toBe(false);
    expect(hasActiveVipLicense([])).toBe(false);
    expect(hasActiveVipLicense(undefined)).toBe(false);
  });
});
