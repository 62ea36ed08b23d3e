import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../features/audit/api/get-audit-log';
import { createQueryClient } from '../../lib/query-client';
import { mockApi, raw, type ApiRecordedCall, type ApiRoutes } from '../../test/api';
import { renderIn, resetTestLanguage } from '../../test/i18n';
import { render, screen, waitFor, within } from '../../test/render';
import AuditPage from './audit';

const ORDER = 'SK20260501120000123456789012';
const CUSTOMER = '7f0c8f52-7b3b-4a4e-9d7e-2f1c0b9a1234';
const SEAT = '0b7c4a52-3f1e-4d7a-9c55-2d0f3a1b9e11';

const base = {
  actorKind: 'admin' as const,
  actorEmail: null,
  customerId: null,
  customerEmail: null,
  orderNumber: null,
  licenseId: null,
  seatIndex: null,
};
const payment: AuditEntry = {
  ...base,
  id: 'a-3',
  actor: 'gateway:alipay',
  actorKind: 'gateway',
  action: 'order.paid',
  target: ORDER,
  before: { status: 'pending' },
  after: { status: 'paid', amount: 69900, tradeNo: 'T-1' },
  createdAt: '2026-05-02T12:00:00.000Z',
  customerId: CUSTOMER,
  customerEmail: 'buyer@example.com',
  orderNumber: ORDER,
};
const price: AuditEntry = {
  ...base,
  id: 'a-2',
  actor: 'admin@example.com',
  actorEmail: 'admin@example.com',
  action: 'plan.update',
  target: 'pro',
  before: { priceCents: 169900, shown: true },
  after: { priceCents: 149950, shown: true },
  createdAt: '2026-05-01T12:00:00.000Z',
};
const cancel: AuditEntry = {
  ...base,
  id: 'a-1',
  actor: `user:${CUSTOMER}`,
  actorKind: 'customer',
  actorEmail: 'buyer@example.com',
  action: 'order.cancelled',
  target: ORDER,
  before: { status: 'pending' },
  after: { status: 'cancelled', reason: 'cancelled by the customer' },
  createdAt: '2026-04-30T09:00:00.000Z',
  customerId: CUSTOMER,
  customerEmail: 'buyer@example.com',
  orderNumber: ORDER,
};
const grant: AuditEntry = {
  ...base,
  id: 'a-0',
  actor: 'system',
  actorKind: 'system',
  action: 'vip.grant',
  target: 'student@example.com',
  before: { tier: null, seats: 0 },
  after: { tier: 'vip', seats: 2, orderId: 'ORD-1' },
  createdAt: '2026-04-29T09:00:00.000Z',
};

async function setup(routes: ApiRoutes = {}, total?: number, language?: 'en' | 'zh-CN') {
  const fetch = mockApi({
    'GET /api/admin/audit': ({ query }) => {
      const action = query.get('action');
      const actor = query.get('actor');
      const items = [payment, price, cancel, grant].filter(
        (e) => (!action || e.action === action) && (!actor || e.actorEmail?.includes(actor)),
      );
      return {
        items,
        pagination: { page: Number(query.get('page')), pageSize: 20, total: total ?? items.length },
      };
    },
    ...routes,
  });
  const ui = <AuditPage />;
  const options = { queryClient: createQueryClient() };
  const rendered = language ? await renderIn(language, ui, options) : render(ui, options);
  return { ...rendered, ...fetch };
}

const lastQuery = (calls: ApiRecordedCall[]) => calls.at(-1)!.query;
const rows = async () => {
  const table = await screen.findByRole('table');
  return within(table).getAllByRole('row').slice(1);
};

describe('audit log', () => {
  afterEach(resetTestLanguage);

  it('reads each entry as a sentence with links to the order and the customer, money in yuan, no raw keys', async () => {
    await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const [first, second, third, fourth] = await rows();
    expect(first).toHaveTextContent('order paid');
    // The gateway by its method's name, not its id.
    expect(first).toHaveTextContent('payment gateway (Alipay)');
    expect(first).toHaveTextContent(`${ORDER} was paid: ¥699.00.`);
    expect(within(first).getByRole('link', { name: ORDER })).toHaveAttribute(
      'href',
      `/admin/orders?q=${ORDER}`,
    );
    expect(second).toHaveTextContent('plan or price changed');
    expect(second).toHaveTextContent('admin@example.com');
    expect(second).toHaveTextContent('The Pro plan was changed: price ¥1699.00 → ¥1499.50.');
    expect(third).toHaveTextContent('order cancelled');
    expect(third).toHaveTextContent(`${ORDER} was cancelled. Reason: cancelled by the customer.`);
    expect(fourth).toHaveTextContent('VIP plan granted');
    expect(fourth).toHaveTextContent('system');
    expect(fourth).toHaveTextContent(
      'student@example.com got the VIP plan automatically: 2 seats (a record).',
    );
    const table = screen.getByRole('table');
    for (const raw of [
      'priceCents',
      'pending',
      '→ paid',
      '{',
      'order.paid',
      'cancelled by the customer"',
    ])
      expect(table.textContent).not.toContain(raw);
  });

  it('never cuts a badge off: the label wraps and the badge grows', async () => {
    await setup();
    const [first] = await rows();
    const badge = within(first).getByText('order paid');
    expect(getComputedStyle(badge).textOverflow).not.toBe('ellipsis');
    expect(getComputedStyle(badge).whiteSpace).toBe('normal');
  });

  it('reads in Chinese: labels, actor kinds, sentences and links', async () => {
    await setup(undefined, undefined, 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '审计日志' })).toBeInTheDocument();
    const [first, second, third, fourth] = await rows();
    expect(first).toHaveTextContent('订单已支付');
    expect(first).toHaveTextContent('支付网关（支付宝）');
    expect(first).toHaveTextContent(`${ORDER} 已支付：¥699.00。`);
    expect(within(first).getByRole('link', { name: ORDER })).toBeInTheDocument();
    expect(second).toHaveTextContent('修改套餐或价格');
    expect(second).toHaveTextContent('Pro 套餐已修改：价格 ¥1699.00 → ¥1499.50。');
    expect(third).toHaveTextContent(`${ORDER} 已取消。原因：客户取消。`);
    expect(fourth).toHaveTextContent('系统');
    expect(screen.getByLabelText('操作')).toBeInTheDocument();
    expect(screen.getByLabelText('对象')).toBeInTheDocument();
    expect(screen.getByLabelText('开始日期')).toBeInTheDocument();
  });

  it.each([
    [
      'en',
      '4 addresses were submitted to the VIP list: 2 added, 1 already there, 0 refused.',
      'seat 2 of buyer@example.com was bound to https://a.example.',
    ],
    [
      'zh-CN',
      '向 VIP 名单提交了 4 个地址：添加 2 个，已存在 1 个，拒绝 0 个。',
      'buyer@example.com 的座位 2 绑定到 https://a.example。',
    ],
  ] as const)(
    "words the server's English targets in %s: a VIP batch's addresses, a seat linked on its customer's page",
    async (language, batchText, seatText) => {
      const batch: AuditEntry = {
        ...base,
        id: 'b-1',
        actor: 'admin@example.com',
        actorEmail: 'admin@example.com',
        action: 'vip.batch',
        target: '4 addresses',
        before: null,
        after: { added: ['a@x.com', 'b@x.com'], skipped: ['c@x.com'], failed: [] },
        createdAt: '2026-05-03T12:00:00.000Z',
      };
      const domain: AuditEntry = {
        ...batch,
        id: 'b-2',
        action: 'license.domain',
        target: `${SEAT} (seat 2)`,
        before: { websiteUrl: null },
        after: { websiteUrl: 'https://a.example' },
        customerId: CUSTOMER,
        customerEmail: 'buyer@example.com',
        licenseId: SEAT,
        seatIndex: 2,
      };
      await setup(
        {
          'GET /api/admin/audit': () => ({
            items: [batch, domain],
            pagination: { page: 1, pageSize: 20, total: 2 },
          }),
        },
        undefined,
        language,
      );
      const [first, second] = await rows();
      expect(first).toHaveTextContent(batchText);
      expect(second).toHaveTextContent(seatText);
      expect(second).not.toHaveTextContent(SEAT);
      const [seatLink] = within(second!).getAllByRole('link');
      expect(seatLink).toHaveAttribute('href', `/admin/customers/${CUSTOMER}#seat-2`);
    },
  );

  it('filters by action (by its label), actor and a range of days on the server', async () => {
    const { user, calls } = await setup();
    await rows();
    const select = screen.getByLabelText('action');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[0]).toBe('all actions');
    expect(options).toContain('refund completed');
    expect(options).toContain('plan or price changed');
    expect(options).toContain('plan granted for free');
    await user.selectOptions(select, 'plan.update');
    await waitFor(() => expect(lastQuery(calls).get('action')).toBe('plan.update'));
    await waitFor(() => expect(screen.queryByText('payment gateway (Alipay)')).toBeNull());

    await user.selectOptions(select, '');
    await user.type(screen.getByLabelText('actor'), 'admin@');
    await waitFor(() => expect(lastQuery(calls).get('actor')).toBe('admin@'));
    expect(lastQuery(calls).get('action')).toBeNull();

    // What the entries are about: sent once it reads as an e-mail, an order number or a seat id.
    await user.type(screen.getByLabelText('about'), 'SK12');
    expect(
      await screen.findByText('an e-mail, an order number (SK…) or a seat id'),
    ).toBeInTheDocument();
    expect(lastQuery(calls).get('target')).toBeNull();
    await user.clear(screen.getByLabelText('about'));
    await user.type(screen.getByLabelText('about'), ORDER);
    await waitFor(() => expect(lastQuery(calls).get('target')).toBe(ORDER));
    expect(lastQuery(calls).get('actor')).toBe('admin@');

    await user.type(screen.getByLabelText('from'), '2026-05-01');
    await user.type(screen.getByLabelText('to'), '2026-05-02');
    await waitFor(() => expect(lastQuery(calls).get('to')).toBe('2026-05-02'));
    // Days as days: the server reads them in the seller's time zone (as the orders list).
    expect(lastQuery(calls).get('from')).toBe('2026-05-01');
    expect(lastQuery(calls).get('target')).toBe(ORDER);

    await user.click(screen.getByRole('button', { name: 'clear filters' }));
    // Back to the unfiltered list (answered from the cache: the same query as the first).
    expect(screen.getByLabelText('from')).toHaveValue('');
    expect(screen.getByLabelText('about')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'clear filters' })).toBeNull();
    await waitFor(async () => expect(await rows()).toHaveLength(4));
  }, 20_000);

  it('pages with the paginator', async () => {
    const { user, calls } = await setup(undefined, 200);
    await screen.findByRole('table');
    expect(screen.getByText(/200 entries · page 1 of 10/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'audit log pages' });
    await user.click(within(nav).getByRole('button', { name: 'page 10' }));
    await waitFor(() => expect(lastQuery(calls).get('page')).toBe('10'));
    expect(lastQuery(calls).get('pageSize')).toBe('20');
  }, 20_000);

  it("shows the server's refusal, else 'Request failed'", async () => {
    await setup({ 'GET /api/admin/audit': () => raw(() => new Response(null, { status: 502 })) });
    expect(
      await screen.findByText('Request failed', { selector: 'p[role="alert"]' }),
    ).toBeInTheDocument();
  });
});
