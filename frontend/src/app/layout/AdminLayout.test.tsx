import { render as rtlRender, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../lib/i18n';
import { sessionQueryKey, type Roles } from '../../lib/session';
import { resetTestLanguage, setTestLanguage, tr } from '../../test/i18n';
import { createTestQueryClient, Providers } from '../../test/render';
import { makeSession } from '../../test/session';
import { preload, type PagePath } from '../pages';
import { ADMIN_NAV, currentAdminItem } from './admin-nav';
import AdminLayout from './AdminLayout';
import { SkipLink } from './SkipLink';

/** Stands for the page: its path as a heading. */
function Page() {
  return <h1>{useLocation().pathname}</h1>;
}

async function renderAt(
  path: string,
  {
    language = 'en',
    roles = { isAdmin: true },
  }: { language?: Language; roles?: Partial<Roles> } = {},
) {
  await setTestLanguage(language);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, makeSession({ roles }));
  const router = createMemoryRouter(
    [{ element: <AdminLayout />, children: [{ path: '*', element: <Page /> }] }],
    { initialEntries: [path] },
  );
  rtlRender(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup(), t: (key: string) => tr(language, `common:${key}`) };
}

/** The sidebar's nav (the desktop's; the drawer's is another). */
const sidebar = (t: (key: string) => string) =>
  within(screen.getByRole('complementary')).getByRole('navigation', { name: t('adminNav.title') });

afterEach(resetTestLanguage);

describe('back-office navigation: the list', () => {
  const adminPaths = (Object.keys(preload) as PagePath[]).filter((p) => p.startsWith('/admin'));

  it('leaves no admin page unreachable, and leads nowhere else', () => {
    const targets = ADMIN_NAV.flatMap((group) => group.items.map((item) => item.to));
    for (const path of adminPaths) {
      const shown = path.replace(':userId', 'u-1');
      expect(currentAdminItem(shown), path).toBeDefined();
    }
    for (const to of targets) expect(adminPaths).toContain(to);
    expect(ADMIN_NAV.map((group) => group.key)).toEqual([
      'sales',
      'catalogue',
      'content',
      'system',
    ]);
  });

  it('marks the customers item current on a customer page, the discount codes on theirs', () => {
    expect(currentAdminItem('/admin/customers/u-1')?.key).toBe('customers');
    expect(currentAdminItem('/admin/subscriptions')?.key).toBe('customers');
    expect(currentAdminItem('/admin/subscriptions/discounts/')?.key).toBe('discounts');
    expect(currentAdminItem('/admin')?.key).toBe('dashboard');
  });
});

describe('back-office navigation: the sidebar and the drawer', () => {
  it.each([
    ['en', ['Sales', 'Catalogue', 'Content', 'System']],
    ['zh-CN', ['销售', '商品', '内容', '系统']],
  ] as const)(
    'groups every page in four groups in %s, the current one marked',
    async (language, groups) => {
      const { t, user, router } = await renderAt('/admin/orders', { language });
      const nav = sidebar(t);
      const lists = within(nav).getAllByRole('list');
      expect(lists.map((list) => list.getAttribute('aria-labelledby'))).toHaveLength(4);
      expect(
        lists.map(
          (list) => document.getElementById(list.getAttribute('aria-labelledby')!)?.textContent,
        ),
      ).toEqual(groups);
      expect(
        within(lists[0]!)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(
        ['dashboard', 'orders', 'customers', 'discounts'].map((key) => t(`adminNav.items.${key}`)),
      );
      expect(within(nav).getAllByRole('link')).toHaveLength(12);
      const current = within(nav).getByRole('link', { current: 'page' });
      expect(current).toHaveTextContent(t('adminNav.items.orders'));
      expect(current).toHaveAttribute('href', '/admin/orders');

      await user.click(within(nav).getByRole('link', { name: t('adminNav.items.vip') }));
      expect(router.state.location.pathname).toBe('/admin/vip-emails');
      expect(within(sidebar(t)).getByRole('link', { current: 'page' })).toHaveTextContent(
        t('adminNav.items.vip'),
      );
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'opens the drawer from the named burger button (%s): Escape closes it and gives the focus back; a link navigates and closes it',
    async (language) => {
      const { t, user, router } = await renderAt('/admin', { language });
      const burger = screen.getByRole('button', { name: t('adminNav.menu') });
      expect(burger).toHaveAttribute('aria-expanded', 'false');
      burger.focus();
      await user.keyboard('{Enter}');
      const drawer = await screen.findByRole('dialog', { name: t('adminNav.title') });
      expect(burger).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(burger).toHaveFocus());
      expect(drawer).not.toBeInTheDocument();

      await user.click(burger);
      const again = await screen.findByRole('dialog', { name: t('adminNav.title') });
      await user.click(within(again).getByRole('link', { name: t('adminNav.items.audit') }));
      expect(router.state.location.pathname).toBe('/admin/audit');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
  );

  it('shows a quiz manager the quiz bank only', async () => {
    const { t } = await renderAt('/admin/quiz', { roles: { isAdmin: false, isQuizManager: true } });
    expect(
      within(sidebar(t))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([t('adminNav.items.quiz')]);
  });

  it('shows no navigation without a back-office role (the guard inside sends the visitor away)', async () => {
    await renderAt('/admin', { roles: { isAdmin: false } });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '/admin' })).toBeInTheDocument();
  });
});

describe('back-office navigation: skipping it', () => {
  it('"skip to main content" lands past the sidebar, so the next Tab reaches the page', async () => {
    await setTestLanguage('en');
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, makeSession({ roles: { isAdmin: true } }));
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <SkipLink targetId="main" />
              <main id="main" tabIndex={-1}>
                <AdminLayout />
              </main>
            </>
          ),
          children: [{ path: '*', element: <button type="button">first control</button> }],
        },
      ],
      { initialEntries: ['/admin/orders'] },
    );
    rtlRender(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: tr('en', 'common:skipToMain') })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'first control' })).toHaveFocus();
  });
});
