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

  it('gives an admin everything, without a vip licence', () => {
    expect(paths({ ...none, isAdmin: true })).toEqual([
      '/dashboard',
      '/orders',
      '/profile',
      '/quiz',
      '/admin',
      '/admin/vip-emails',
      '/admin/subscriptions',
      '/admin/orders',
      '/admin/plans',
      '/admin/mail',
      '/admin/docs',
      '/admin/releases',
      '/admin/audit',
      '/admin/quiz',
    ]);
  });

  it('labels the entries as the spec names them (in English)', () => {
    const en = i18n.getFixedT('en');
    expect(
      menuItems({ isAdmin: true, isQuizManager: true, hasVipLicense: true }).map((i) =>
        en(i.labelKey),
      ),
    ).toEqual([
      'console',
      'orders',
      'profile',
      'quiz',
      'dashboard',
      'VIP management',
      'subscription management',
      'all orders',
      'plans and prices',
      'e-mail outbox',
      'docs editor',
      'releases',
      'audit log',
      'quiz management',
    ]);
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
