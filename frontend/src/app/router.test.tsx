import { render as rtlRender, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey, type Session } from '../lib/session';
import { mockApi, status, type ApiRoutes } from '../test/api';
import { createTestQueryClient, Providers } from '../test/render';
import { makeSession } from '../test/session';
import { preload, routes } from './router';

const notFound = () => status(404, { message: 'Not Found' });

/**
 * Not found, as these tests have always answered them: the data of the pages the routes open, which these
 * tests of the routes and the layout do not read (the login page's providers: Google's button is shown anyway).
 */
const pagesData = {
  'GET /api/auth/providers': notFound,
  'GET /api/auth/ways-in': notFound,
  'GET /api/account/sessions': notFound,
  'GET /api/plans': notFound,
  'GET /api/apitokens/token': notFound,
  'GET /api/admin/plans': notFound,
  'GET /api/subscriptions/admin/subscriptions/discounts': notFound,
} satisfies ApiRoutes;

function renderApp(path: string, session: Session | null) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, session);
  // The menu asks for licences; sign-out succeeds (the session is then empty).
  mockApi({
    'GET /api/apitokens/licenses': () => ({ licenses: [] }),
    'POST /api/auth/sign-out': () => ({ success: true }),
    'GET /api/auth/get-session': () => null,
    ...pagesData,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = rtlRender(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, user: userEvent.setup() };
}

describe('app routes', () => {
  it('has a lazy page for every route the spec lists, plus the audit log and the webhooks', () => {
    expect(Object.keys(preload).sort()).toEqual(
      [
        '/',
        '/dashboard',
        '/docs',
        '/login',
        '/orders',
        '/orders/:orderId',
        '/pricing',
        '/profile',
        '/quiz',
        '/routes',
        '/test',
        '/verify',
        '/admin',
        '/admin/vip-emails',
        '/admin/quiz',
        '/admin/subscriptions',
        '/admin/subscriptions/discounts',
        '/admin/audit',
        '/admin/orders',
        '/admin/plans',
        '/admin/customers/:userId',
        '/admin/mail',
        '/admin/docs',
        '/admin/releases',
        '/admin/webhooks',
      ].sort(),
    );
  });

  it('renders home inside the layout: header, main, footer, one h1', async () => {
    renderApp('/', null);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'A minimalist toolchain',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start using' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'View docs' })).toHaveAttribute('href', '/docs');
  });

  it('shows the lowercase brand, the nav items and a login link when signed out', async () => {
    renderApp('/', null);
    const nav = await screen.findByRole('navigation', { name: 'main' });
    expect(screen.getByRole('link', { name: 'seatkeeper' })).toHaveAttribute('href', '/');
    expect(nav).toHaveTextContent('home');
    const docs = screen.getByRole('link', { name: 'docs' });
    // The docs are part of this site: the same tab (DOCS_URL elsewhere opens a new one, lib/config.ts).
    expect(docs).toHaveAttribute('href', '/docs');
    expect(docs).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'console' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'user menu' })).not.toBeInTheDocument();
  });

  it('shows the user menu when signed in', async () => {
    renderApp('/', makeSession());
    expect(await screen.findByRole('button', { name: 'user menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'login' })).not.toBeInTheDocument();
  });

  it('logs out from the menu and goes home', async () => {
    const { user, router } = renderApp('/profile', makeSession());
    await user.click(await screen.findByRole('button', { name: 'user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'login' })).toBeInTheDocument());
  });

  it('shows the avatar at once and loads the menu when it is first clicked, open', async () => {
    const { user } = renderApp('/profile', makeSession());
    const avatar = await screen.findByRole('button', { name: 'user menu' });
    expect(avatar).toHaveTextContent('A');
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(avatar);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('alice@example.com')).toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: 'user menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    // As with any open menu, the focus is in it, and Escape brings it back to the avatar.
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(menuButton).toHaveFocus();
  });

  it("draws the user's picture in the avatar before the menu has loaded", async () => {
    renderApp('/profile', makeSession({ user: { image: 'https://images.example.com/a.png' } }));
    const avatar = await screen.findByRole('button', { name: 'user menu' });
    expect(within(avatar).getByRole('img', { name: 'Alice' })).toHaveAttribute(
      'src',
      'https://images.example.com/a.png',
    );
  });

  it('redirects a guarded page to login without a session', async () => {
    const { router } = renderApp('/orders', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Forders');
    expect(await screen.findByRole('button', { name: /sign in with Google/i })).toBeInTheDocument();
  });

  it('sends a non-admin from an admin page to the console', async () => {
    const { router } = renderApp('/admin/subscriptions/discounts', makeSession());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Console' })).toBeInTheDocument();
  });

  it('opens admin pages to admins, inside the back office navigation', async () => {
    renderApp('/admin/subscriptions/discounts', makeSession({ roles: { isAdmin: true } }));
    // The page and the layout around it are two chunks: slow to transform on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'discount codes' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'back office' })[0]!;
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveAttribute(
      'href',
      '/admin/subscriptions/discounts',
    );
  }, 20_000);

  it('shows the not-found page for unknown paths', async () => {
    renderApp('/no/such/page', null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
  });

  it('shows the profile prompt, not a redirect, to signed-out visitors', async () => {
    renderApp('/profile', null);
    expect(await screen.findByText('Please sign in to view your profile.')).toBeInTheDocument();
  });
});
