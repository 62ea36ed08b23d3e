import { describe, expect, it } from 'vitest';
import { renderIn, tr } from '../../../test/i18n';
import { mockApi, status, type ApiRecordedCall, type ApiRoutes } from '../../../test/api';
import { render, screen, waitFor, within } from '../../../test/render';
import type { CustomerDetail } from '../api/customer';
import { CustomerDetailView } from './CustomerDetail';

const USER = '0b8f8a62-9d7e-4a43-9a59-3f0b8a1a2b3c';
const SEAT1 = '11111111-1111-4111-8111-111111111111';
const SEAT2 = '22222222-2222-4222-8222-222222222222';
const PATH = `/api/admin/customers/${USER}`;

function detail(): CustomerDetail {
  return {
    profile: {
      userId: USER,
      email: 'buyer@shop.example',
      name: 'Buyer',
      emailVerified: true,
      createdAt: '2026-03-01T10:00:00.000Z',
      lastSignInAt: '2026-03-05T10:00:00.000Z',
      activeSessions: 2,
      isVip: false,
      isAdmin: false,
      language: 'en',
      tier: 'basic',
      grantableTiers: ['vip', 'pro', 'ultra'],
    },
    orders: [
      {
        orderId: '20260302100000GRNT',
        tier: 'basic',
        upgradedFromTier: null,
        amount: 0,
        currency: 'CNY',
        status: 'paid',
        refundStatus: null,
        paymentGateway: 'internal',
        paymentMethod: 'admin-grant',
        needsRefund: false,
        granted: { grantedBy: 'admin@shop.example', reason: 'partner agency' },
        createdAt: '2026-03-02T10:00:00.000Z',
        paidAt: '2026-03-02T10:00:00.000Z',
      },
    ],
    seats: [
      {
        id: SEAT1,
        seatIndex: 1,
        tier: 'basic',
        licenseType: 'permanent',
        status: 'active',
        websiteUrl: 'https://shop.example',
        bindingChangesLeft: 0,
        lastBindingChangeAt: '2026-03-03T10:00:00.000Z',
        expiresAt: null,
        purchasedAt: '2026-03-02T10:00:00.000Z',
        revokedAt: null,
        orderId: '20260302100000GRNT',
        ai: {
          configured: true,
          provider: 'api.deepseek.com',
          baseUrl: 'https://api.deepseek.com/v1',
          model: 'deepseek-chat',
          updatedAt: '2026-03-04T10:00:00.000Z',
        },
        bindingHistory: [
          {
            kind: 'bind',
            by: 'customer',
            actor: 'buyer@shop.example',
            at: '2026-03-02T12:00:00.000Z',
            from: null,
            to: 'https://old.example',
            ip: '198.51.100.7',
            changesLeft: 2,
            reason: null,
          },
          {
            kind: 'domain',
            by: 'admin',
            actor: 'admin@shop.example',
            at: '2026-03-03T16:30:00.000Z',
            from: 'https://old.example',
            to: 'https://shop.example',
            ip: '192.0.2.9',
            changesLeft: null,
            reason: null,
          },
          {
            kind: 'reset',
            by: 'admin',
            actor: 'admin@shop.example',
            at: '2026-03-04T10:00:00.000Z',
            from: null,
            to: null,
            ip: null,
            changesLeft: 2,
            reason: 'moved hosting',
          },
        ],
      },
      {
        id: SEAT2,
        seatIndex: 2,
        tier: 'basic',
        licenseType: 'permanent',
        status: 'revoked',
        websiteUrl: null,
        bindingChangesLeft: 2,
        lastBindingChangeAt: null,
        expiresAt: null,
        purchasedAt: '2026-03-02T10:00:00.000Z',
        revokedAt: '2026-03-04T10:00:00.000Z',
        orderId: null,
        ai: { configured: false, provider: null, baseUrl: null, model: null, updatedAt: null },
        bindingHistory: [],
      },
    ],
    audit: [
      {
        id: 'a3',
        actor: 'admin@shop.example',
        action: 'license.revoke',
        target: `${SEAT2} (seat 2)`,
        before: { status: 'active' },
        after: { status: 'revoked', reason: 'refunded elsewhere', userId: USER },
        createdAt: '2026-03-04T10:00:00.000Z',
      },
      {
        id: 'a2',
        actor: 'gateway:sandbox',
        action: 'order.paid',
        target: '20260302090000PAID',
        before: { status: 'pending' },
        after: { status: 'paid' },
        createdAt: '2026-03-02T09:00:00.000Z',
      },
      {
        id: 'a1',
        actor: 'admin@shop.example',
        action: 'customer.grant_plan',
        target: '20260302100000GRNT',
        before: { tier: null },
        after: { tier: 'basic', reason: 'partner agency', userId: USER },
        createdAt: '2026-03-02T10:00:00.000Z',
      },
    ],
    timeZone: 'Asia/Shanghai',
  };
}

/** `get` answers the customer's nth GET (else the detail); `routes` answer the actions. */
async function setup(
  options: {
    get?: (count: number) => CustomerDetail | ReturnType<typeof status>;
    routes?: ApiRoutes;
    language?: 'en' | 'zh-CN';
    route?: string;
  } = {},
) {
  let gets = 0;
  const fetch = mockApi({
    'GET /api/admin/customers/{userId}': () => {
      gets++;
      return options.get?.(gets) ?? detail();
    },
    // Not found, as these tests have always answered it: the ways-in section (CustomerWaysIn) shows its
    // failure, which no test here reads (its own answers are not what these tests are about).
    'GET /api/admin/customers/{userId}/ways-in': () =>
      status(404, { statusCode: 404, message: 'Not Found', code: 'NOT_FOUND' }),
    ...options.routes,
  });
  const ui = <CustomerDetailView userId={USER} />;
  const result = options.language
    ? await renderIn(options.language, ui)
    : render(ui, { route: options.route });
  return { ...result, ...fetch, gets: () => gets };
}

const posts = (calls: ApiRecordedCall[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }));

describe('admin customer page', () => {
  it('shows the profile, seats with domains, changes left, AI provider and history, orders and audit', async () => {
    await setup();
    expect(await screen.findByRole('heading', { name: 'Buyer', level: 1 })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(profile).toHaveTextContent('buyer@shop.example');
    expect(profile).toHaveTextContent('Basic');
    expect(profile).toHaveTextContent('English');
    const seats = within(screen.getByRole('table', { name: 'seats' })).getAllByRole('row');
    expect(seats[1]).toHaveTextContent('#1');
    expect(seats[1]).toHaveTextContent('https://shop.example');
    expect(seats[1]).toHaveTextContent('api.deepseek.com');
    expect(seats[1]).toHaveTextContent('model deepseek-chat');
    // The seat's history: who (customer or admin, by e-mail), when (the seller's zone), from → to, address.
    const history = within(seats[1]).getByRole('list', { name: 'Binding history of seat #1' });
    const events = within(history).getAllByRole('listitem');
    expect(events).toHaveLength(3);
    expect(events[0]).toHaveTextContent('Customerbuyer@shop.example');
    expect(events[0]).toHaveTextContent('bound none → https://old.example');
    expect(events[0]).toHaveTextContent('from 198.51.100.7');
    expect(events[0]).toHaveTextContent('Mar 2, 2026, 8:00 PM');
    expect(events[1]).toHaveTextContent('Adminadmin@shop.example');
    expect(events[1]).toHaveTextContent('domain edited https://old.example → https://shop.example');
    expect(events[1]).toHaveTextContent('from 192.0.2.9');
    // 16:30 UTC is past midnight in Shanghai: the seller's day, not the browser's.
    expect(events[1]).toHaveTextContent('Mar 4, 2026, 12:30 AM');
    expect(events[2]).toHaveTextContent('binding changes reset to 2');
    expect(events[2]).toHaveTextContent('reason: moved hosting');
    expect(seats[1]).toHaveTextContent('times in Asia/Shanghai');
    expect(seats[2]).toHaveTextContent('nothing recorded');
    expect(screen.getByRole('link', { name: "Export this customer's data (CSV)" })).toHaveAttribute(
      'href',
      `/api/admin/customers/${USER}/export.csv`,
    );
    expect(seats[1]).toHaveTextContent('Active');
    expect(seats[2]).toHaveTextContent('not bound');
    expect(seats[2]).toHaveTextContent('Revoked');
    expect(seats[2]).toHaveTextContent('not configured');
    // A revoked seat has no actions; a seat with all its changes cannot be reset.
    expect(within(seats[2]).getByRole('button', { name: 'Revoke seat 2' })).toBeDisabled();
    expect(within(seats[1]).getByRole('button', { name: 'Revoke seat 1' })).toBeEnabled();
    const orders = screen.getByRole('table', { name: 'Orders' });
    expect(orders).toHaveTextContent('20260302100000GRNT');
    expect(orders).toHaveTextContent('¥0.00');
    expect(orders).toHaveTextContent('granted by admin@shop.example: partner agency');
    expect(screen.getByRole('link', { name: 'Open in the orders list' })).toHaveAttribute(
      'href',
      `/admin/orders?userId=${USER}`,
    );
    // The audit entries as the audit log words them: labels, actors and targets.
    const audit = within(screen.getByRole('table', { name: 'audit entries' })).getAllByRole('row');
    expect(audit[1]).toHaveTextContent('seat revoked');
    expect(audit[1]).toHaveTextContent(`${SEAT2} (seat 2)`);
    expect(audit[1]).toHaveTextContent('refunded elsewhere');
    expect(audit[2]).toHaveTextContent('payment gateway (Sandbox)');
    expect(audit[2]).toHaveTextContent('order paid');
    expect(audit[3]).toHaveTextContent('plan granted for free');
    expect(audit[3]).not.toHaveTextContent('customer.grant_plan');
    expect(audit[3]).toHaveTextContent('partner agency');
  });

  it("brings the seat an audit link names (#seat-N) into view once the page's data is there", async () => {
    const scrolled: string[] = [];
    const original = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this.id);
    };
    try {
      await setup({ route: `/admin/customers/${USER}#seat-2` });
      await screen.findByRole('heading', { name: 'Buyer', level: 1 });
      expect(document.getElementById('seat-2')).toHaveAccessibleName('Seat #2');
      expect(scrolled).toContain('seat-2');
    } finally {
      HTMLElement.prototype.scrollIntoView = original;
    }
  });

  it('speaks Chinese too', async () => {
    await setup({ language: 'zh-CN' });
    expect(
      await screen.findByRole('button', { name: tr('zh-CN', 'adminCustomer:actions.grant') }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: tr('zh-CN', 'adminCustomer:profile.heading') }),
    ).toHaveTextContent(tr('zh-CN', 'adminCustomer:profile.lastSignIn'));
    expect(screen.getByRole('table', { name: '座位' })).toHaveTextContent('已撤销');
    expect(screen.getByRole('table', { name: '订单' })).toHaveTextContent(
      '由 admin@shop.example 赠送：partner agency',
    );
    const seats = within(screen.getByRole('table', { name: '座位' })).getAllByRole('row');
    const events = within(
      within(seats[1]).getByRole('list', { name: '座位 #1 的绑定记录' }),
    ).getAllByRole('listitem');
    expect(events[0]).toHaveTextContent('客户buyer@shop.example');
    expect(events[0]).toHaveTextContent('绑定 无 → https://old.example');
    expect(events[0]).toHaveTextContent('来自 198.51.100.7');
    expect(events[0]).toHaveTextContent('2026年3月2日 20:00');
    expect(events[1]).toHaveTextContent('管理员admin@shop.example');
    expect(events[1]).toHaveTextContent('修改域名 https://old.example → https://shop.example');
    expect(events[1]).toHaveTextContent('2026年3月4日 00:30');
    expect(events[2]).toHaveTextContent('换绑次数重置为 2');
    expect(events[2]).toHaveTextContent('原因：moved hosting');
    expect(seats[2]).toHaveTextContent('无记录');
    expect(screen.getByRole('link', { name: '导出该客户数据（CSV）' })).toBeInTheDocument();
    const audit = within(
      screen.getByRole('table', { name: tr('zh-CN', 'adminCustomer:audit.table') }),
    ).getAllByRole('row');
    expect(audit[1]).toHaveTextContent(tr('zh-CN', 'adminAudit:actions.license.revoke'));
    expect(audit[1]).toHaveTextContent(`${SEAT2}（座位 2）`);
    expect(audit[1]).not.toHaveTextContent('seat');
    expect(audit[2]).toHaveTextContent('支付网关（沙箱）');
    expect(audit[2]).toHaveTextContent('订单已支付');
    expect(audit[3]).toHaveTextContent(tr('zh-CN', 'adminAudit:actions.customer.grant_plan'));
  });

  it('grants a plan after a confirmation with a required reason, then toasts and refreshes', async () => {
    const { calls, gets, user } = await setup({
      routes: {
        'POST /api/admin/customers/{userId}/grant-plan': () => ({
          orderId: '20260306100000NEWW',
          tier: 'pro',
          seats: 5,
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Grant a plan' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Grant' });
    expect(confirm).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Plan to grant'), 'pro');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '   ');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'partner agency');
    const before = gets();
    await user.click(confirm);
    expect(
      await screen.findByText(
        'Pro granted to buyer@shop.example (order 20260306100000NEWW, 5 seats)',
      ),
    ).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      { path: `${PATH}/grant-plan`, body: { tier: 'pro', reason: 'partner agency' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
  });

  it("shows the server's refusal in the confirmation (a seat revoked by another admin)", async () => {
    const { calls, user } = await setup({
      routes: {
        'POST /api/admin/customers/{userId}/licenses/{licenseId}/revoke': () =>
          status(409, {
            statusCode: 409,
            error: 'This seat is already revoked',
            message: 'This seat is already revoked',
            code: 'SEAT_ALREADY_REVOKED',
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke seat 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('https://shop.example');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      tr('en', 'errors:SEAT_ALREADY_REVOKED'),
    );
    expect(posts(calls)).toEqual([
      { path: `${PATH}/licenses/${SEAT1}/revoke`, body: { reason: 'chargeback' } },
    ]);
  });

  it('resets changes and signs out with their reasons', async () => {
    const { calls, user } = await setup({
      routes: {
        'POST /api/admin/customers/{userId}/sign-out': () => ({ sessionsEnded: 2 }),
        'POST /api/admin/customers/{userId}/licenses/{licenseId}/reset-changes': () => ({
          licenseId: SEAT1,
          seatIndex: 1,
          bindingChangesLeft: 2,
          revokedAt: null,
        }),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Reset the binding changes of seat 1' }),
    );
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'moved hosting');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Seat 1 has 2 binding changes again')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('2 live now');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'account shared');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('2 sessions ended')).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      { path: `${PATH}/licenses/${SEAT1}/reset-changes`, body: { reason: 'moved hosting' } },
      { path: `${PATH}/sign-out`, body: { reason: 'account shared' } },
    ]);
  });

  it('says when there is no such customer', async () => {
    await setup({
      get: () =>
        status(404, {
          statusCode: 404,
          error: 'Customer not found',
          message: 'Customer not found',
          code: 'CUSTOMER_NOT_FOUND',
        }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no customer with this id.',
    );
    expect(
      screen.getByRole('link', { name: 'Back to the subscription overview' }),
    ).toBeInTheDocument();
  });

  it('shows a failure with a retry that loads again', async () => {
    const { gets, user } = await setup({
      get: (n) => (n === 1 ? status(500, { statusCode: 500, message: 'boom' }) : detail()),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The customer could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Buyer', level: 1 })).toBeInTheDocument();
    expect(gets()).toBe(2);
  });
});
