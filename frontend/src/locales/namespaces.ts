/**
 * Which catalogues (src/locales/<language>/<namespace>.json) load when (docs/architecture.md#language).
 * Plain data with no imports: the app reads it (lib/language.ts, app/pages.ts), and so does the build,
 * which writes each page's catalogues and the shell's, per language, as one bundle that a first load
 * fetches in one request (build/first-catalogues.ts).
 */

/**
 * Namespaces every page needs, loaded before the first render: the header, footer and shared components
 * (`common`), and the server's refusals by code (`errors`: any page may show one, and its first must be in
 * the active language too, not the server's own text while the catalogue is still on its way).
 */
export const SHELL_NAMESPACES = ['common', 'errors'] as const;

/**
 * Each page's `namespaces` by route path (app/pages.ts), known before its code arrives, so the first
 * script fetches the page's catalogues beside its code rather than after it (one round trip less). The
 * page's own export stays what the router waits for; a test keeps the two equal.
 */
export const PAGE_NAMESPACES = {
  '/': ['home'],
  '/login': ['login'],
  '/profile': ['profile', 'login'],
  '/pricing': ['pricing'],
  '/docs': ['docs'],
  '/dashboard': ['console', 'plans'],
  '/orders': ['orders'],
  '/orders/:orderId': ['orders'],
  '/quiz': ['quiz'],
  '/routes': ['routes'],
  '/test': ['ai'],
  '/verify': ['verify'],
  '/admin': ['adminDashboard'],
  '/admin/vip-emails': ['adminVip', 'errors'],
  '/admin/quiz': ['adminQuiz'],
  '/admin/subscriptions': ['adminSubscriptions'],
  '/admin/subscriptions/discounts': ['adminDiscounts'],
  '/admin/audit': ['adminAudit'],
  '/admin/orders': ['adminOrders', 'adminAudit'],
  '/admin/plans': ['adminPlans'],
  '/admin/customers/:userId': ['adminCustomer', 'adminAudit'],
  '/admin/mail': ['admin-mail'],
  '/admin/webhooks': ['adminWebhooks', 'errors'],
  '/admin/docs': ['admin-docs', 'docs'],
  '/admin/releases': ['releases'],
} as const satisfies Record<string, readonly string[]>;
