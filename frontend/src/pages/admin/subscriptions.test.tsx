import { describe, expect, it } from 'vitest';
import type { SubscriptionUser } from '../../features/subscriptions/api/get-subscription-users';
import { createQueryClient } from '../../lib/query-client';
import { mockApi, raw, status, type ApiRecordedCall, type ApiRoutes } from '../../test/api';
import { setTestLanguage } from '../../test/i18n';
import { render, screen, waitFor, within } from '../../test/render';
import SubscriptionsPage from './subscriptions';

const DOMAIN = (id: string) => `/api/subscriptions/admin/subscriptions/licenses/${id}/domain`;

const buyer: SubscriptionUser = {
  userId: 'u-1',
  name: 'Bea Buyer',
  email: 'bea@example.com',
  tierLabel: 'Pro',
  seatsUsed: 1,
  seatCount: 5,
  lastOrderAt: '2026-04-02T08:30:00.000Z',
  ordersNeedingRefund: 0,
  licenses: [
    { id: 'lic-1', seatIndex: 1, websiteUrl: 'https://shop.example', bindingChangesLeft: 2 },
  ],
};
const newcomer: SubscriptionUser = {
  userId: 'u-2',
  name: '',
  email: 'new@example.com',
  tierLabel: null,
  seatsUsed: 0,
  seatCount: 0,
  lastOrderAt: null,
  ordersNeedingRefund: 0,
  licenses: [],
};

type Seat = SubscriptionUser['licenses'][number];

function setup(
  routes: ApiRoutes = {},
  users: SubscriptionUser[] = [buyer, newcomer],
  total?: number,
) {
  let list = users.map((u) => ({ ...u, licenses: u.licenses.map((l) => ({ ...l })) }));
  const fetch = mockApi({
    'GET /api/subscriptions/admin/subscriptions/users': ({ query }) => {
      const search = query.get('search') ?? '';
      const page = Number(query.get('page'));
      const found = list.filter(
        (u) =>
          u.email.includes(search) ||
          (u.name ?? '').includes(search) ||
          u.licenses.some((l) => l.websiteUrl?.includes(search)),
      );
      return { items: found, pagination: { page, pageSize: 20, total: total ?? found.length } };
    },
    'PATCH /api/subscriptions/admin/subscriptions/licenses/{id}/domain': ({ params, body }) => {
      const { websiteUrl } = body;
      let changed: Seat | undefined;
      list = list.map((u) => ({
        ...u,
        licenses: u.licenses
          .map((l) => {
            if (l.id !== params.id) return l;
            changed = { ...l, websiteUrl };
            return changed;
          })
          .filter((l) => l.websiteUrl),
      }));
      return { license: changed };
    },
    ...routes,
  });
  return { ...render(<SubscriptionsPage />, { queryClient: createQueryClient() }), ...fetch };
}

const card = (email: string) => screen.getByRole('article', { name: email });
const patches = (calls: ApiRecordedCall[]) => calls.filter((c) => c.method === 'PATCH');

describe('subscription overview', () => {
  it('shows each user with tier, seats, last order and bound seats', async () => {
    setup();
    const bea = await screen.findByRole('article', { name: 'bea@example.com' });
    expect(bea).toHaveTextContent('Bea Buyer');
    expect(bea).toHaveTextContent('Pro');
    expect(bea).toHaveTextContent('seats 1/5');
    expect(bea).toHaveTextContent('last order: April 2, 2026');
    const seats = within(bea).getByRole('table', { name: 'bound seats of bea@example.com' });
    const [, seat] = within(seats).getAllByRole('row');
    expect(seat).toHaveTextContent('#1');
    expect(within(seat).getAllByRole('cell').at(-1)).toHaveTextContent(/^2$/);
    const link = within(seat).getByRole('link', { name: 'https://shop.example' });
    expect(link).toHaveAttribute('href', 'https://shop.example');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'discount codes' })).toHaveAttribute(
      'href',
      '/admin/subscriptions/discounts',
    );
  });

  it('flags a customer with paid orders that granted nothing, and nobody else', async () => {
    setup(undefined, [{ ...buyer, ordersNeedingRefund: 3 }, newcomer]);
    const bea = await screen.findByRole('article', { name: 'bea@example.com' });
    expect(bea).toHaveTextContent('3 orders need a refund');
    // The badge opens the orders list on this customer's flagged orders, where they are refunded.
    expect(within(bea).getByRole('link', { name: '3 orders need a refund' })).toHaveAttribute(
      'href',
      '/admin/orders?userId=u-1&needsRefund=true',
    );
    expect(card('new@example.com')).not.toHaveTextContent('refund');
  });

  it('marks a revoked bound seat as revoked, in both languages', async () => {
    const refunded: SubscriptionUser = {
      ...buyer,
      licenses: [
        { ...buyer.licenses[0]!, status: 'active' },
        {
          id: 'lic-2',
          seatIndex: 2,
          websiteUrl: 'https://gone.example',
          bindingChangesLeft: 2,
          status: 'revoked',
        },
      ],
    };
    setup(undefined, [refunded, newcomer]);
    const bea = await screen.findByRole('article', { name: 'bea@example.com' });
    const seats = within(bea).getByRole('table', { name: 'bound seats of bea@example.com' });
    const [, kept, gone] = within(seats).getAllByRole('row');
    expect(kept).not.toHaveTextContent('revoked');
    expect(within(gone!).getByText('revoked').closest('[title]')).toHaveAttribute(
      'title',
      'Revoked (a refund or an admin): this seat licenses nothing and does not count',
    );
    await setTestLanguage('zh-CN');
    expect(within(gone!).getByText('已撤销').closest('[title]')).toHaveAttribute(
      'title',
      '已撤销（退款或管理员操作）：该座位不再授权任何站点，也不计入座位数',
    );
    expect(kept).not.toHaveTextContent('已撤销');
  });

  it("shows 'unnamed user' and 'not yet purchased' for a user without name or plan", async () => {
    setup();
    const newbie = await screen.findByRole('article', { name: 'new@example.com' });
    expect(newbie).toHaveTextContent('unnamed user');
    expect(newbie).toHaveTextContent('not yet purchased');
    expect(newbie).toHaveTextContent('seats 0/0');
    expect(newbie).toHaveTextContent('last order: -');
    expect(newbie).toHaveTextContent('no bound seats');
  });

  it("searches on the server and pages as 'page x of y'", async () => {
    const { user, calls } = setup(undefined, [buyer, newcomer], 45);
    await screen.findByRole('article', { name: 'bea@example.com' });
    expect(screen.getByText(/45 users · page 1 of 3/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'page 2' }));
    await waitFor(() => expect(screen.getByText(/page 2 of 3/)).toBeInTheDocument());

    await user.type(screen.getByLabelText('search'), 'shop.example');
    await waitFor(() => {
      const last = new URL(calls.at(-1)!.url, 'http://x');
      expect(last.searchParams.get('search')).toBe('shop.example');
      expect(last.searchParams.get('page')).toBe('1');
      expect(last.searchParams.get('pageSize')).toBe('20');
    });
  });

  it.each([
    ['zh-CN', '加载失败', '请求失败'],
    ['en', 'Failed to load', 'Request failed'],
  ] as const)(
    "shows '加载失败' (%s) when the overview cannot be loaded",
    async (language, failed, fallback) => {
      await setTestLanguage(language);
      setup({
        'GET /api/subscriptions/admin/subscriptions/users': () =>
          raw(() => new Response('<html>bad gateway</html>', { status: 502 })),
      });
      expect(await screen.findByText(failed, { selector: 'p[role="alert"]' })).toBeInTheDocument();
      // The toast carries the server's text, else the admin fallback.
      expect(
        await screen.findByText(fallback, { selector: '.mantine-Notification-description' }),
      ).toBeInTheDocument();
    },
  );

  it('reads in Chinese in zh-CN: cards, seats, dates, the refund flag and the page count', async () => {
    await setTestLanguage('zh-CN');
    setup(undefined, [{ ...buyer, ordersNeedingRefund: 2 }, newcomer]);
    expect(screen.getByRole('heading', { level: 1, name: '订阅管理' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '折扣码' })).toBeInTheDocument();
    const bea = await screen.findByRole('article', { name: 'bea@example.com' });
    expect(bea).toHaveTextContent('座位 1/5');
    expect(bea).toHaveTextContent('最近订单：2026年4月2日');
    expect(within(bea).getByRole('link', { name: '2 个订单需要退款' })).toBeInTheDocument();
    expect(
      within(bea).getByRole('table', { name: 'bea@example.com 已绑定的座位' }),
    ).toBeInTheDocument();
    expect(within(bea).getByRole('columnheader', { name: '剩余换绑次数' })).toBeInTheDocument();
    expect(within(bea).getByRole('button', { name: '编辑座位 #1的域名' })).toBeInTheDocument();
    const newbie = card('new@example.com');
    expect(newbie).toHaveTextContent('未命名用户');
    expect(newbie).toHaveTextContent('尚未购买');
    expect(newbie).toHaveTextContent('没有已绑定的座位');
    expect(screen.getByLabelText('搜索')).toBeInTheDocument();
  });
});

describe('subscription overview: inline domain edit', () => {
  async function openEditor(user: ReturnType<typeof setup>['user']) {
    await screen.findByRole('article', { name: 'bea@example.com' });
    await user.click(screen.getByRole('button', { name: 'edit the domain of seat #1' }));
    const input = screen.getByLabelText('website URL for seat #1');
    expect(input).toHaveValue('https://shop.example');
    return input;
  }

  it('saves on Enter, normalised like the console', async () => {
    const { user, calls } = setup();
    const input = await openEditor(user);
    await user.clear(input);
    await user.type(input, 'https://www.Other.example/blog?x=1{Enter}');
    expect(await screen.findByText('domain updated')).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(1);
    expect(patches(calls)[0]!.url).toBe(DOMAIN('lic-1'));
    expect(patches(calls)[0]!.body).toEqual({ websiteUrl: 'https://other.example' });
    expect(
      await within(card('bea@example.com')).findByRole('link', { name: 'https://other.example' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('website URL for seat #1')).toBeNull();
  });

  it('cancels on Escape without a call', async () => {
    const { user, calls } = setup();
    const input = await openEditor(user);
    await user.type(input, '/changed{Escape}');
    expect(screen.queryByLabelText('website URL for seat #1')).toBeNull();
    expect(screen.getByRole('link', { name: 'https://shop.example' })).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);
  });

  it('asks for a full URL for a scheme other than http(s) (a bare host means https)', async () => {
    const { user, calls } = setup();
    const input = await openEditor(user);
    await user.clear(input);
    await user.type(input, 'ftp://other.example{Enter}');
    expect(
      await screen.findByText('please enter full URL (including http:// or https://)'),
    ).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);
  });

  it('unbinds when saved empty, after a second save confirms it', async () => {
    const { user, calls } = setup();
    const input = await openEditor(user);
    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('note')).toHaveTextContent('unbinds seat #1');
    expect(patches(calls)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'confirm unbind' }));
    expect(await screen.findByText('domain unbound')).toBeInTheDocument();
    expect(patches(calls)[0]!.body).toEqual({ websiteUrl: null });
    expect(await within(card('bea@example.com')).findByText('no bound seats')).toBeInTheDocument();
  });

  it('unbinds in Chinese in zh-CN: the note, 确认解绑 and 域名已解绑', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup();
    await screen.findByRole('article', { name: 'bea@example.com' });
    await user.click(screen.getByRole('button', { name: '编辑座位 #1的域名' }));
    const input = screen.getByLabelText('座位 #1的网站地址');
    await user.clear(input);
    await user.type(input, '{Enter}');
    expect(screen.getByRole('note')).toHaveTextContent('保存空域名将解绑座位 #1：再次保存以确认');
    await user.click(screen.getByRole('button', { name: '确认解绑' }));
    expect(await screen.findByText('域名已解绑')).toBeInTheDocument();
  });

  it("toasts the server's refusal and keeps the editor open", async () => {
    const { user } = setup({
      'PATCH /api/subscriptions/admin/subscriptions/licenses/{id}/domain': () =>
        status(400, {
          statusCode: 400,
          error: '该域名已绑定到您的永久版/年付版授权',
          message: '该域名已绑定到您的永久版/年付版授权',
        }),
    });
    const input = await openEditor(user);
    await user.clear(input);
    await user.type(input, 'https://taken.example{Enter}');
    expect(await screen.findByText('该域名已绑定到您的永久版/年付版授权')).toBeInTheDocument();
    expect(screen.getByLabelText('website URL for seat #1')).toHaveValue('https://taken.example');
  });
});
