import type { ComponentType } from 'react';
import { PAGE_NAMESPACES } from '../locales/namespaces';

/**
 * The pages' code, by route path: what the router renders (router.tsx) and what the first script starts
 * fetching before the app's own code has arrived (first-load.ts). Kept apart from the router so that the
 * first script carries only these import functions, not React, the router or the layout.
 */

/** A page's code; `namespaces`: the catalogues its first render needs (docs/architecture.md#language). */
export type PageModule = { default: ComponentType; namespaces?: readonly string[] };

/** A page's code together with the styles it needs beyond the shell's (see styles/shell.ts). */
const withStyles =
  (styles: () => Promise<unknown>) =>
  <T>(load: () => Promise<T>) =>
  async (): Promise<T> => {
    const [page] = await Promise.all([load(), styles()]);
    return page;
  };

/** Feature pages also need the full Mantine stylesheet; it loads alongside their code. */
const withFullStyles = withStyles(() => import('../styles/full'));

/** The docs use three components beyond the shell's: their styles alone (styles/docs.ts). */
const withDocsStyles = withStyles(() => import('../styles/docs'));

/**
 * The console's first screen uses a few components beyond the shell's: their styles alone
 * (styles/console.ts); its dialogs load the whole sheet with their own code.
 */
const withConsoleStyles = withStyles(() => import('../styles/console'));

/**
 * Route path → the page's lazy import. Every page is its own chunk, so the first page carries no
 * admin, Markdown or QR code; links preload these on hover or focus (PreloadLink). Home, login,
 * profile and pricing use only the shell's components and styles; the docs and the console add a few
 * (styles/sheets.test.ts checks that each has what it renders).
 */
export const preload = {
  '/': () => import('../pages/home'),
  '/login': () => import('../pages/login'),
  '/profile': () => import('../pages/profile'),
  '/pricing': () => import('../pages/pricing'),
  '/docs': withDocsStyles(() => import('../pages/docs')),
  '/dashboard': withConsoleStyles(() => import('../pages/dashboard')),
  '/orders': withFullStyles(() => import('../pages/orders')),
  '/orders/:orderId': withFullStyles(() => import('../pages/receipt')),
  '/quiz': withFullStyles(() => import('../pages/quiz')),
  '/routes': withFullStyles(() => import('../pages/routes')),
  '/test': withFullStyles(() => import('../pages/test')),
  '/verify': withFullStyles(() => import('../pages/verify')),
  '/admin': withFullStyles(() => import('../pages/admin/dashboard')),
  '/admin/vip-emails': withFullStyles(() => import('../pages/admin/vip-emails')),
  '/admin/quiz': withFullStyles(() => import('../pages/admin/quiz')),
  '/admin/subscriptions': withFullStyles(() => import('../pages/admin/subscriptions')),
  '/admin/subscriptions/discounts': withFullStyles(() => import('../pages/admin/discounts')),
  '/admin/audit': withFullStyles(() => import('../pages/admin/audit')),
  '/admin/orders': withFullStyles(() => import('../pages/admin/orders')),
  '/admin/plans': withFullStyles(() => import('../pages/admin/plans')),
  '/admin/customers/:userId': withFullStyles(() => import('../pages/admin/customer')),
  '/admin/mail': withFullStyles(() => import('../pages/admin/mail')),
  '/admin/webhooks': withFullStyles(() => import('../pages/admin/webhooks')),
  '/admin/docs': withFullStyles(() => import('../pages/admin/docs')),
  '/admin/releases': withFullStyles(() => import('../pages/admin/releases')),
} satisfies Record<string, () => Promise<PageModule>>;

export type PagePath = keyof typeof preload;

/** Each page's catalogues by route path (locales/namespaces.ts), for every page the router knows. */
export const pageNamespaces: Record<PagePath, readonly string[]> = PAGE_NAMESPACES;

const trimmed = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/**
 * The page a URL shows, by the same paths as the router (router.tsx; a test compares the two on every
 * route): `:name` matches one segment, and /docs also takes one section segment (/docs/installation).
 * Undefined for the not-found page.
 */
export function pagePathFor(pathname: string): PagePath | undefined {
  const segments = trimmed(pathname).split('/').slice(1);
  const matches = (path: string) => {
    const pattern = path.split('/').slice(1);
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part === segments[i])
    );
  };
  if (segments.length === 2 && segments[0] === 'docs' && segments[1]) return '/docs';
  if (trimmed(pathname) === '/') return '/';
  return (Object.keys(preload) as PagePath[]).find((path) => path !== '/' && matches(path));
}
