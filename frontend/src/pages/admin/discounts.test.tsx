import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Discount } from '../../features/discounts/api/get-discounts';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/fetch';
import { setTestLanguage, tr } from '../../test/i18n';
import { render, screen, waitFor, within } from '../../test/render';
import DiscountsPage from './discounts';

const PATH = '/api/subscriptions/admin/subscriptions/discounts';

const spring: Discount = {
  id: 'd-1',
  tier: 'pro',
  code: 'SPRING',
  discountAmount: 10050,
  startsAt: null,
  expiresAt: null,
  usageLimit: 10,
  usageCount: 2,
};
const summer: Discount = {
  id: 'd-2',
  tier: 'ultra',
  code: 'SUMMER',
  discountAmount: 50000,
  startsAt: new Date(2026, 5, 1, 9, 0).toISOString(),
  expiresAt: null,
  usageLimit: null,
  usageCount: 0,
};

type Handler = (call: FetchCall) => Response | undefined;

function setup(handler?: Handler, list: Discount[] = [spring, summer]) {
  const fetch = mockFetch((call) => {
    const answer = handler?.(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url === PATH) return jsonResponse({ discounts: list });
    if (call.method === 'POST' && call.url === PATH)
      return jsonResponse({ discount: { ...(call.body as object), id: 'd-new', usageCount: 0 } });
    if (call.method === 'DELETE') return jsonResponse({ success: true });
    return jsonResponse({ statusCode: 404, message: 'Not Found' }, 404);
  });
  return { ...render(<DiscountsPage />, { queryClient: createQueryClient() }), ...fetch };
}

const row = (code: string) => screen.getByRole('row', { name: new RegExp(`^${code} `) });
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

describe('DiscountsPage list', () => {
  it('lists code, tier name, amount in yuan, validity and usage', async () => {
    setup();
    await screen.findByRole('table', { name: 'discount codes' });
    const first = row('SPRING');
    expect(first).toHaveTextContent('Pro');
    expect(first).toHaveTextContent('¥100.50');
    expect(first).toHaveTextContent('long-term valid');
    expect(first).toHaveTextContent('2/10');
    const second = row('SUMMER');
    expect(second).toHaveTextContent('Max');
    expect(second).toHaveTextContent('¥500.00');
    expect(second).toHaveTextContent(/June 1, 2026.* - no end/);
    expect(second).toHaveTextContent('0/∞');
  });

  it('reads in Chinese in zh-CN: title, columns, validity and usage', async () => {
    await setTestLanguage('zh-CN');
    setup();
    expect(screen.getByRole('heading', { level: 1, name: '折扣码' })).toBeInTheDocument();
    await screen.findByRole('table', { name: '折扣码' });
    expect(screen.getByRole('columnheader', { name: '有效期' })).toBeInTheDocument();
    expect(row('SPRING')).toHaveTextContent('长期有效');
    expect(row('SUMMER')).toHaveTextContent('2026年6月1日 09:00 - 不设结束时间');
    expect(within(row('SPRING')).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '新建折扣' })).toBeInTheDocument();
  });

  it.each(['en', 'zh-CN'] as const)('shows an empty state (%s)', async (language) => {
    await setTestLanguage(language);
    setup(undefined, []);
    expect(await screen.findByText(tr(language, 'adminDiscounts:list.empty'))).toBeInTheDocument();
  });

  it.each([
    ['zh-CN', '请求失败'],
    ['en', 'Request failed'],
  ] as const)(
    "falls back to '请求失败' (%s) when the list cannot be loaded",
    async (language, text) => {
      await setTestLanguage(language);
      setup(({ method }) =>
        method === 'GET' ? new Response('<html>oops</html>', { status: 502 }) : undefined,
      );
      expect(
        await screen.findByText(tr(language, 'common:loadError', { text })),
      ).toBeInTheDocument();
      expect(
        await screen.findByText(text, { selector: '.mantine-Notification-description' }),
      ).toBeInTheDocument();
    },
  );

  it.each([
    ['zh-CN', '折扣已删除'],
    ['en', 'Discount deleted'],
  ] as const)('deletes only after confirmation (%s)', async (language, deleted) => {
    await setTestLanguage(language);
    const button = (key: string) => ({ name: tr(language, key) });
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.click(
      within(row('SPRING')).getByRole('button', button('adminDiscounts:list.delete')),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(row('SPRING')).getByRole('button', button('common:actions.cancel')));
    expect(
      within(row('SPRING')).queryByRole('button', button('adminDiscounts:list.confirmDelete')),
    ).toBeNull();

    await user.click(
      within(row('SPRING')).getByRole('button', button('adminDiscounts:list.delete')),
    );
    await user.click(
      within(row('SPRING')).getByRole('button', button('adminDiscounts:list.confirmDelete')),
    );
    expect(await screen.findByText(deleted)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`${PATH}/d-1`);
  });
});

describe('DiscountsPage form', () => {
  it('offers basic, pro and ultra only', async () => {
    setup();
    const options = within(field('tier')).getAllByRole('option');
    expect(options.map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['basic', 'Basic'],
      ['pro', 'Pro'],
      ['ultra', 'Max'],
    ]);
    await screen.findByRole('table');
  });

  it('requires a code and a non-negative amount, and a usage limit of at least 1', async () => {
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.type(field('code'), '   ');
    await user.type(field('reduction amount'), '-5');
    await user.type(field('usage limit'), '0');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('code is required')).toBeInTheDocument();
    expect(
      screen.getByText('The discount amount must be a non-negative number'),
    ).toBeInTheDocument();
    expect(screen.getByText('usage limit must be at least 1')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("refuses in Chinese in zh-CN ('折扣金额需为非负数字')", async () => {
    await setTestLanguage('zh-CN');
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: /^折扣码/ }), '   ');
    await user.type(field('减免金额'), '-5');
    await user.type(field('使用次数上限'), '0');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入折扣码')).toBeInTheDocument();
    expect(screen.getByText('折扣金额需为非负数字')).toBeInTheDocument();
    expect(screen.getByText('使用次数上限至少为 1')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("toasts '折扣已保存' in zh-CN", async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup();
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: /^折扣码/ }), 'AUTUMN');
    await user.type(field('减免金额'), '5');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('折扣已保存')).toBeInTheDocument();
  });

  it('saves a new discount: code trimmed, yuan as cents, blanks as null', async () => {
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.selectOptions(field('tier'), 'ultra');
    await user.type(field('code'), '  WINTER  ');
    await user.type(field('reduction amount'), '19.99');
    fireEvent.change(field('expires at'), { target: { value: '2026-12-31T23:59' } });
    await user.click(screen.getByRole('button', { name: 'save' }));

    expect(await screen.findByText('Discount saved')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      tier: 'ultra',
      code: 'WINTER',
      discountAmount: 1999,
      startsAt: null,
      expiresAt: new Date(2026, 11, 31, 23, 59).toISOString(),
      usageLimit: null,
    });
    // The form starts over, and the list is fetched again.
    await waitFor(() => expect(field('code')).toHaveValue(''));
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it("loads a discount into the form for editing, and 'new discount' resets it", async () => {
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.click(within(row('SUMMER')).getByRole('button', { name: 'edit' }));
    expect(screen.getByRole('heading', { name: 'edit discount SUMMER' })).toBeInTheDocument();
    expect(field('tier')).toHaveValue('ultra');
    expect(field('code')).toHaveValue('SUMMER');
    expect(field('reduction amount')).toHaveValue('500');
    expect(field('starts at')).toHaveValue('2026-06-01T09:00');
    expect(field('expires at')).toHaveValue('');
    expect(field('usage limit')).toHaveValue('');

    await user.clear(field('usage limit'));
    await user.type(field('usage limit'), '5');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Discount saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      id: 'd-2',
      tier: 'ultra',
      code: 'SUMMER',
      discountAmount: 50000,
      startsAt: summer.startsAt,
      expiresAt: null,
      usageLimit: 5,
    });

    await user.click(within(row('SPRING')).getByRole('button', { name: 'edit' }));
    expect(field('code')).toHaveValue('SPRING');
    await user.click(screen.getByRole('button', { name: 'new discount' }));
    expect(screen.getByRole('heading', { name: 'new discount' })).toBeInTheDocument();
    expect(field('code')).toHaveValue('');
    expect(field('tier')).toHaveValue('basic');
    expect(field('reduction amount')).toHaveValue('');
  });

  it("toasts the server's refusal, else '请求失败' ('Request failed' in en)", async () => {
    let answer = jsonResponse(
      {
        statusCode: 400,
        error: 'Discount code already exists',
        message: 'Discount code already exists',
      },
      400,
    );
    const { user } = setup(({ method }) => (method === 'POST' ? answer : undefined));
    await screen.findByRole('table');
    await user.type(field('code'), 'SPRING');
    await user.type(field('reduction amount'), '1');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Discount code already exists')).toBeInTheDocument();
    expect(field('code')).toHaveValue('SPRING');

    answer = new Response(null, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Request failed')).toBeInTheDocument();
  });
});
