import { lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireRole } from '../components/RequireRole';
import { RequireSession } from '../components/RequireSession';
import { loadNamespaces } from '../lib/i18n';
import { registerPreloads } from '../lib/preload';
import NotFoundPage from '../pages/not-found';
import { PageBoundary } from './layout/PageBoundary';
import { preload, type PageModule, type PagePath } from './pages';
import { RootLayout } from './layout/RootLayout';

export { preload } from './pages';

interface LazyPage {
  Page: ComponentType;
  load: () => Promise<PageModule>;
}

/**
 * React.lazy that skips Suspense once the code (and its catalogues) is in: a page preloaded by a
 * link, or before the first render (loadPageFor), renders at once, with no loader in between.
 */
function lazyPage(importPage: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
  // The page's catalogues (in the active language) load with its code, so it renders at once.
  const load = () =>
    importPage().then(async (module) => {
      await loadNamespaces(module.namespaces ?? []);
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(load);
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return { Page, load };
}

const pages = Object.fromEntries(
  Object.entries(preload).map(([path, importPage]) => [path, lazyPage(importPage)]),
) as Record<PagePath, LazyPage>;

/** The back office's navigation around every admin page (layout/AdminLayout.tsx), its own chunk. */
const adminLayout = lazyPage(() => import('./layout/AdminLayout'));
const ADMIN_LAYOUT_ID = 'admin-layout';
const isAdminPath = (path: string) => path.startsWith('/admin');

// An admin page's link preloads the layout around it too (docs/product.md#screens: preload on intent).
registerPreloads(
  Object.fromEntries(
    Object.entries(pages).map(([path, p]) => [
      path,
      isAdminPath(path) ? () => Promise.all([p.load(), adminLayout.load()]) : p.load,
    ]),
  ),
);

/**
 * A lazy route for a page path (path segments are relative to the root route), shown inside
 * PageBoundary's Suspense and error boundary. Its id is the page path (see loadPageFor). Nested
 * segments the page reads itself (useParams) come as `children` without elements.
 */
function page(
  path: PagePath,
  options: { index?: boolean; children?: RouteObject[] } = {},
): RouteObject {
  const { Page } = pages[path];
  const element = <Page />;
  if (options.index) return { id: path, index: true, element };
  return { id: path, path: path.slice(1), element, children: options.children };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      {
        // Pathless so the header and footer stay while a page's code loads or fails.
        element: <PageBoundary />,
        children: [
          page('/', { index: true }),
          // The section is a child segment (/docs/installation): the page reads it with useParams.
          page('/docs', { children: [{ path: ':section', element: null }] }),
          page('/login'),
          page('/profile'),
          page('/pricing'),
          page('/routes'),
          page('/test'),
          page('/verify'),
          {
            element: <RequireSession />,
            children: [
              page('/dashboard'),
              page('/orders'),
              page('/orders/:orderId'),
              page('/quiz'),
            ],
          },
          {
            // The back office's sidebar (drawer on phones) around every admin page.
            id: ADMIN_LAYOUT_ID,
            element: <adminLayout.Page />,
            children: [
              {
                element: <RequireRole role="admin" />,
                children: [
                  page('/admin'),
                  page('/admin/vip-emails'),
                  page('/admin/subscriptions'),
                  page('/admin/subscriptions/discounts'),
                  page('/admin/audit'),
                  page('/admin/orders'),
                  page('/admin/plans'),
                  page('/admin/customers/:userId'),
                  page('/admin/mail'),
                  page('/admin/webhooks'),
                  page('/admin/docs'),
                  page('/admin/releases'),
                ],
              },
              {
                element: <RequireRole role="quiz-admin" />,
                children: [page('/admin/quiz')],
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

/**
 * Loads the code of the page a URL shows (nothing for the static not-found page). main.tsx waits for
 * it before the first render, so the first page paints together with the layout: a loader first would
 * show the footer high up, and the page then pushing it down counts as a layout shift (Lighthouse CLS).
 */
export function loadPageFor(pathname: string): Promise<unknown> {
  const ids = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.id);
  const path = ids.reverse().find((id): id is PagePath => id !== undefined && id in pages);
  const page = path ? pages[path].load() : Promise.resolve();
  return ids.includes(ADMIN_LAYOUT_ID) ? Promise.all([page, adminLayout.load()]) : page;
}

/**
 * The routes for a declarative <BrowserRouter>. The data router (createBrowserRouter) would add
 * ~17 kB gzip to the first page for loaders, actions and fetchers this app does not use (data comes
 * through TanStack Query); the route objects work with either, and tests use createMemoryRouter.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
