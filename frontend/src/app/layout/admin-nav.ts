import type { Roles } from '../../lib/session';

/**
 * The back office's navigation (docs/product.md#screens, back office): every admin page in four groups,
 * as a pure list so that a test checks that no admin route is left out. /admin/customers/:userId is
 * reached from the customers list and counts as "customers" while shown.
 */
export interface AdminNavItem {
  key: string;
  to: string;
  /** Other paths (prefixes) this item stands for. */
  also?: readonly string[];
  /** Quiz managers see this item too; every other item is for admins only. */
  quizManagers?: boolean;
}

export interface AdminNavGroup {
  key: 'sales' | 'catalogue' | 'content' | 'system';
  items: readonly AdminNavItem[];
}

export const ADMIN_NAV: readonly AdminNavGroup[] = [
  {
    key: 'sales',
    items: [
      { key: 'dashboard', to: '/admin' },
      { key: 'orders', to: '/admin/orders' },
      { key: 'customers', to: '/admin/subscriptions', also: ['/admin/customers/'] },
      { key: 'discounts', to: '/admin/subscriptions/discounts' },
    ],
  },
  {
    key: 'catalogue',
    items: [
      { key: 'plans', to: '/admin/plans' },
      { key: 'releases', to: '/admin/releases' },
    ],
  },
  {
    key: 'content',
    items: [
      { key: 'docs', to: '/admin/docs' },
      { key: 'quiz', to: '/admin/quiz', quizManagers: true },
    ],
  },
  {
    key: 'system',
    items: [
      { key: 'vip', to: '/admin/vip-emails' },
      { key: 'mail', to: '/admin/mail' },
      { key: 'webhooks', to: '/admin/webhooks' },
      { key: 'audit', to: '/admin/audit' },
    ],
  },
];

const trimmed = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** The item a path shows: its own path exactly, or one of its other paths as a prefix. */
export function currentAdminItem(pathname: string): AdminNavItem | undefined {
  const path = trimmed(pathname);
  const items = ADMIN_NAV.flatMap((group) => group.items);
  return (
    items.find((item) => item.to === path) ??
    items.find((item) => item.also?.some((prefix) => path.startsWith(prefix)))
  );
}

/** The groups and items a user's roles open (empty groups left out). */
export function adminNavFor(roles: Roles): AdminNavGroup[] {
  return ADMIN_NAV.map((group) => ({
    ...group,
    items: group.items.filter(
      (item) => roles.isAdmin || (item.quizManagers && roles.isQuizManager),
    ),
  })).filter((group) => group.items.length > 0);
}
