import type { License } from '../../lib/api/licenses';

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
  // The back office has its own navigation (app/layout/AdminLayout.tsx): one entry leads there.
  if (isAdmin) items.push({ key: 'admin', labelKey: 'userMenu.admin', to: '/admin' });
  // A quiz manager's one back-office page; admins reach it from the back office's navigation.
  else if (isQuizManager)
    items.push({ key: 'quiz-admin', labelKey: 'userMenu.quizAdmin', to: '/admin/quiz' });
  return items;
}
