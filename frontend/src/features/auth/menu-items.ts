import type { License } from '../licenses/api/get-licenses';

/** The user menu's rules (docs/product.md#screens User menu, §6 Roles) as a pure function. */
export interface MenuRights {
  isAdmin: boolean;
  isQuizManager: boolean;
  hasVipLicense: boolean;
}

export interface MenuItem {
  key: string;
  /** The entry's text in the common catalogue (docs/architecture.md#language). */
  labelKey: `userMenu.${string}`;
  to: string;
}

/** Vip rights: any licence with status active and tier vip (docs/product.md#states). */
export const hasActiveVipLicense = (
  licenses: readonly Pick<License, 'status' | 'tier'>[] | undefined,
): boolean => (licenses ?? []).some((l) => l.status === 'active' && l.tier === 'vip');

export function menuItems({ isAdmin, isQuizManager, hasVipLicense }: MenuRights): MenuItem[] {
  const items: MenuItem[] = [
    { key: 'console', labelKey: 'userMenu.console', to: '/dashboard' },
    { key: 'orders', labelKey: 'userMenu.orders', to: '/orders' },
    { key: 'profile', labelKey: 'userMenu.profile', to: '/profile' },
  ];
  if (isAdmin || hasVipLicense) items.push({ key: 'quiz', labelKey: 'userMenu.quiz', to: '/quiz' });
  if (isAdmin) {
    items.push({ key: 'admin-dashboard', labelKey: 'userMenu.adminDashboard', to: '/admin' });
    items.push({ key: 'vip-emails', labelKey: 'userMenu.vipEmails', to: '/admin/vip-emails' });
    items.push({
      key: 'subscriptions',
      labelKey: 'userMenu.subscriptions',
      to: '/admin/subscriptions',
    });
    items.push({ key: 'admin-orders', labelKey: 'userMenu.adminOrders', to: '/admin/orders' });
    items.push({ key: 'admin-plans', labelKey: 'userMenu.adminPlans', to: '/admin/plans' });
    items.push({ key: 'admin-mail', labelKey: 'userMenu.adminMail', to: '/admin/mail' });
    items.push({ key: 'admin-docs', labelKey: 'userMenu.adminDocs', to: '/admin/docs' });
    items.push({
      key: 'admin-releases',
      labelKey: 'userMenu.adminReleases',
      to: '/admin/releases',
    });
    items.push({ key: 'audit', labelKey: 'userMenu.audit', to: '/admin/audit' });
  }
  if (isAdmin || isQuizManager)
    items.push({ key: 'quiz-admin', labelKey: 'userMenu.quizAdmin', to: '/admin/quiz' });
  return items;
}
