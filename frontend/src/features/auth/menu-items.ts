import type { License } from '../licenses/api/get-licenses';

/** The user menu's rules (docs/product.md#screens User menu, §6 Roles) as a pure function. */
export interface MenuRights {
  isAdmin: boolean;
  isQuizManager: boolean;
  hasVipLicense: boolean;
}

export interface MenuItem {
  key: string;
  label: string;
  to: string;
}

/** Vip rights: any licence with status active and tier vip (docs/product.md#states). */
export const hasActiveVipLicense = (
  licenses: readonly Pick<License, 'status' | 'tier'>[] | undefined,
): boolean => (licenses ?? []).some((l) => l.status === 'active' && l.tier === 'vip');

export function menuItems({ isAdmin, isQuizManager, hasVipLicense }: MenuRights): MenuItem[] {
  const items: MenuItem[] = [
    { key: 'console', label: 'console', to: '/dashboard' },
    { key: 'orders', label: 'orders', to: '/orders' },
    { key: 'profile', label: 'profile', to: '/profile' },
  ];
  if (isAdmin || hasVipLicense) items.push({ key: 'quiz', label: 'quiz', to: '/quiz' });
  if (isAdmin) {
    items.push({ key: 'vip-emails', label: 'VIP management', to: '/admin/vip-emails' });
    items.push({
      key: 'subscriptions',
      label: 'subscription management',
      to: '/admin/subscriptions',
    });
    items.push({ key: 'audit', label: 'audit log', to: '/admin/audit' });
  }
  if (isAdmin || isQuizManager)
    items.push({ key: 'quiz-admin', label: 'quiz management', to: '/admin/quiz' });
  return items;
}
