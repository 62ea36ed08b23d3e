import { fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Discount } from '../../features/discounts/api/get-discounts';
import { createQueryClient } from '../../lib/query-client';
import { mockApi, raw, status, type ApiRecordedCall, type ApiRoutes } from '../../test/api';
import { setTestLanguage, tr } from '../../test/i18n';
import { render, screen, waitFor, within } from '../../test/render';
import DiscountsPage from './discounts';

const PATH = '/api/subscriptions/admin/subscriptions/discounts';
const LIST = 'GET /api/subscriptions/admin/subscriptions/discounts';
const SAVE = 'POST /api/subscriptions/admin/subscriptions/discounts';

// A form of many fields typed key by key, on a machine the other suites share.
vi.setConfig({ testTimeout: 20_000 });

const spring: Discount = {
  id: 'd-1',
  tier: 'pro',
  tiers: ['pro'],
  code: 'SPRING',
  kind: 'amount',
  discountAmount: 10050,
  percentOff: null,
  startsAt: null,
  expiresAt: null,
  usageLimit: 10,
  usageCount: 2,
  oncePerCustomer: false,
};
const summer: Discount = {
  id: 'd-2',
  tier: 'ultra',
  tiers: ['ultra'],
  code: 'SUMMER',
  kind: 'amount',
  discountAmount: 50000,
  percentOff: null,
  startsAt: new Date(2026, 5, 1, 9, 0).toISOString(),
  expiresAt: null,
  usageLimit: null,
  usageCount: 0,
  oncePerCustomer: false,
};
const twenty: Discount = {
  id: 'd-3',
  tier: 'basic',
  tiers: ['basic', 'pro'],
  code: 'TWENTY',
  kind: 'percent',
  discountAmount: 0,
  percentOff: 20,
  startsAt: null,
  expiresAt: null,
  usageLimit: null,
  usageCount: 1,
  oncePerCustomer: true,
};
const everyPlan: Discount = { ...spring, id: 'd-4', code: 'EVERY', tier: 'basic', tiers: null };

/**
 * The server over a list of codes: the list, the seller's prices (GET /api/admin/plans: what the give-away
 * warning compares a code with), a save answering the code as saved, a delete.
 */
const server = (list: Discount[]): ApiRoutes => ({
  [LIST]: () => ({ discounts: list }),
  'GET /api/admin/plans': () => ({
    plans: [
      { tier: 'basic', priceCents: 69900 },
      { tier: 'vip', priceCents: 100000 },
      { tier: 'pro', priceCents: 169900 },
      { tier: 'ultra', priceCents: 998000 },
    ],
  }),
  [SAVE]: ({ body }) => ({ discount: { ...body, id: body.id ?? 'd-new', usageCount: 0 } }),
  'DELETE /api/subscriptions/admin/subscriptions/discounts/{id}': () => ({ success: true }),
});

function setup(routes: ApiRoutes = {}, list: Discount[] = [spring, summer]) {
  const fetch = mockApi({ ...server(list), ...routes });
  return { ...render(<DiscountsPage />, { queryClient: createQueryClient() }), ...fetch };
}

const row = (code: string) => screen.getByRole('row', { name: new RegExp(`^${code} `) });
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const posts = (calls: ApiRecordedCall[]) => calls.filter((c) => c.method === 'POST');
const gets = (calls: ApiRecordedCall[]) => calls.filter((c) => c.route === LIST);

describe('DiscountsPage list', () => {
  it('lists code, plans, reduction, validity, usage and once per customer', async () => {
    setup({}, [spring, summer, twenty, everyPlan]);
    await screen.findByRole('table', { name: 'discount codes' });
    const first = row('SPRING');
    expect(first).toHaveTextContent('Pro');
    expect(first).toHaveTextContent('¥100.50 off');
    expect(first).not.toHaveTextContent('once per customer');
    expect(row('TWENTY')).toHaveTextContent('Basic, Pro');
    expect(row('TWENTY')).toHaveTextContent('20% off');
    expect(row('TWENTY')).toHaveTextContent('once per customer');
    expect(row('EVERY')).toHaveTextContent('all plans');
    expect(first).toHaveTextContent('long-term valid');
    expect(first).toHaveTextContent('2/10');
    const second = row('SUMMER');
    expect(second).toHaveTextContent('Max');
    expect(second).toHaveTextContent('¥500.00');
    expect(second).toHaveTextContent(/June 1, 2026.* - no end/);
    expect(second).toHaveTextContent('0/∞');
  });

  it('reads in Chinese in zh-CN: title, columns, plans, reduction, validity and usage', async () => {
    await setTestLanguage('zh-CN');
    setup({}, [spring, summer, twenty, everyPlan]);
    expect(screen.getByRole('heading', { level: 1, name: '折扣码' })).toBeInTheDocument();
    await screen.findByRole('table', { name: '折扣码' });
    expect(screen.getByRole('columnheader', { name: '有效期' })).toBeInTheDocument();
    expect(row('SPRING')).toHaveTextContent('长期有效');
    expect(row('SPRING')).toHaveTextContent('减免 ¥100.50');
    expect(row('TWENTY')).toHaveTextContent('Basic、Pro');
    expect(row('TWENTY')).toHaveTextContent('减免 20%');
    expect(row('TWENTY')).toHaveTextContent('每位客户限用一次');
    expect(row('EVERY')).toHaveTextContent('全部套餐');
    expect(row('SUMMER')).toHaveTextContent('2026年6月1日 09:00 - 不设结束时间');
    expect(within(row('SPRING')).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '新建折扣' })).toBeInTheDocument();
  });

  it.each(['en', 'zh-CN'] as const)('shows an empty state (%s)', async (language) => {
    await setTestLanguage(language);
    setup({}, []);
    expect(await screen.findByText(tr(language, 'adminDiscounts:list.empty'))).toBeInTheDocument();
  });

  it.each([
    ['zh-CN', '请求失败'],
    ['en', 'Request failed'],
  ] as const)(
    "falls back to '请求失败' (%s) when the list cannot be loaded",
    async (language, text) => {
      await setTestLanguage(language);
      setup({ [LIST]: () => raw(() => new Response('<html>oops</html>', { status: 502 })) });
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
  it('offers all plans, or basic, pro and ultra (no vip), Basic ticked at first', async () => {
    setup();
    const plans = screen.getByRole('group', { name: /^plans/ });
    const boxes = within(plans).getAllByRole('checkbox');
    expect(
      boxes.map((b) => [
        b.getAttribute('value'),
        b.getAttribute('aria-checked') ?? String((b as HTMLInputElement).checked),
      ]),
    ).toEqual([
      ['all', 'false'],
      ['basic', 'true'],
      ['pro', 'false'],
      ['ultra', 'false'],
    ]);
    expect(within(plans).getByLabelText('Max')).toBeInTheDocument();
    expect(within(plans).getByLabelText('all plans')).toBeInTheDocument();
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
    await user.click(screen.getByRole('checkbox', { name: 'Max' }));
    await user.click(screen.getByRole('checkbox', { name: 'Basic' }));
    await user.type(field('code'), '  WINTER  ');
    await user.type(field('reduction amount'), '19.99');
    fireEvent.change(field('expires at'), { target: { value: '2026-12-31T23:59' } });
    await user.click(screen.getByRole('button', { name: 'save' }));

    expect(await screen.findByText('Discount saved')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      tier: 'ultra',
      tiers: ['ultra'],
      code: 'WINTER',
      kind: 'amount',
      discountAmount: 1999,
      percentOff: null,
      startsAt: null,
      expiresAt: new Date(2026, 11, 31, 23, 59).toISOString(),
      usageLimit: null,
      oncePerCustomer: false,
    });
    // The form starts over, and the list is fetched again.
    await waitFor(() => expect(field('code')).toHaveValue(''));
    expect(gets(calls)).toHaveLength(2);
  });

  it("loads a discount into the form for editing, and 'new discount' resets it", async () => {
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.click(within(row('SUMMER')).getByRole('button', { name: 'edit' }));
    expect(screen.getByRole('heading', { name: 'edit discount SUMMER' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Max' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Basic' })).not.toBeChecked();
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
      tiers: ['ultra'],
      code: 'SUMMER',
      kind: 'amount',
      discountAmount: 50000,
      percentOff: null,
      startsAt: summer.startsAt,
      expiresAt: null,
      usageLimit: 5,
      oncePerCustomer: false,
    });

    await user.click(within(row('SPRING')).getByRole('button', { name: 'edit' }));
    expect(field('code')).toHaveValue('SPRING');
    await user.click(screen.getByRole('button', { name: 'new discount' }));
    expect(screen.getByRole('heading', { name: 'new discount' })).toBeInTheDocument();
    expect(field('code')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Basic' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Max' })).not.toBeChecked();
    expect(field('reduction amount')).toHaveValue('');
  });

  it("toasts the server's refusal, else '请求失败' ('Request failed' in en)", async () => {
    let answer = status(400, {
      statusCode: 400,
      error: 'Discount code already exists',
      message: 'Discount code already exists',
    });
    const { user } = setup({ [SAVE]: () => answer });
    await screen.findByRole('table');
    await user.type(field('code'), 'SPRING');
    await user.type(field('reduction amount'), '1');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Discount code already exists')).toBeInTheDocument();
    expect(field('code')).toHaveValue('SPRING');

    answer = raw(() => new Response(null, { status: 500 }));
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Request failed')).toBeInTheDocument();
  });

  it('loads a percentage code for several plans, once per customer, into the form', async () => {
    const { user } = setup({}, [twenty]);
    await screen.findByRole('table');
    await user.click(within(row('TWENTY')).getByRole('button', { name: 'edit' }));
    expect(screen.getByRole('radio', { name: 'percentage' })).toBeChecked();
    expect(field('percentage off')).toHaveValue('20%');
    expect(screen.queryByLabelText(/^reduction amount/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Basic' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Pro' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'all plans' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /^once per customer/ })).toBeChecked();
  });
});

describe.each([
  {
    language: 'en' as const,
    code: /^code/,
    kind: 'percentage',
    percent: 'percentage off',
    amount: 'reduction amount',
    save: 'save',
    once: /^once per customer/,
    all: 'all plans',
    saved: 'Discount saved',
    percentInvalid: 'The percentage must be a whole number from 1 to 100',
    plansRequired: 'choose at least one plan, or all plans',
    warning: 'This code gives plans away',
    warningText:
      'With GIFT, customers get Basic free: the code takes the whole price away. Save it anyway?',
    warningAll:
      'With HUNDRED, customers get Basic, Pro, Max free: the code takes the whole price away. Save it anyway?',
    listed: 'Basic, list price ¥699.00',
    back: 'back to the form',
    confirm: 'save anyway',
  },
  {
    language: 'zh-CN' as const,
    code: /^折扣码/,
    kind: '百分比',
    percent: '折扣比例',
    amount: '减免金额',
    save: '保存',
    once: /^每位客户限用一次/,
    all: '全部套餐',
    saved: '折扣已保存',
    percentInvalid: '折扣比例需为 1 到 100 的整数',
    plansRequired: '请至少选择一个套餐，或选择全部套餐',
    warning: '此折扣码会让套餐免费',
    warningText: '使用 GIFT 的客户可免费获得 Basic：折扣抵扣了全部价格。仍要保存吗？',
    warningAll: '使用 HUNDRED 的客户可免费获得 Basic、Pro、Max：折扣抵扣了全部价格。仍要保存吗？',
    listed: 'Basic，原价 ¥699.00',
    back: '返回修改',
    confirm: '仍然保存',
  },
])('the discount form ($language)', (texts) => {
  const codeField = () => screen.getByRole('textbox', { name: texts.code });

  it('wants a whole percentage from 1 to 100 and at least one plan', async () => {
    await setTestLanguage(texts.language);
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.type(codeField(), 'PCT');
    await user.click(screen.getByRole('radio', { name: texts.kind }));
    await user.type(field(texts.percent), '150');
    await user.click(screen.getByRole('checkbox', { name: 'Basic' }));
    await user.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(texts.percentInvalid)).toBeInTheDocument();
    expect(screen.getByText(texts.plansRequired)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await user.clear(field(texts.percent));
    await user.type(field(texts.percent), '0');
    await user.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(texts.percentInvalid)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('saves a 20% code for two plans, once per customer', async () => {
    await setTestLanguage(texts.language);
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.type(codeField(), 'TWENTY');
    await user.click(screen.getByRole('radio', { name: texts.kind }));
    await user.type(field(texts.percent), '20');
    await user.click(screen.getByRole('checkbox', { name: 'Max' }));
    await user.click(screen.getByRole('switch', { name: texts.once }));
    await user.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(texts.saved)).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({
      tier: 'basic',
      tiers: ['basic', 'ultra'],
      code: 'TWENTY',
      kind: 'percent',
      discountAmount: 0,
      percentOff: 20,
      startsAt: null,
      expiresAt: null,
      usageLimit: null,
      oncePerCustomer: true,
    });
    // No give-away warning for 20%.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("ticking 'all plans' clears the single plans and saves tiers null", async () => {
    await setTestLanguage(texts.language);
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.type(codeField(), 'EVERY');
    await user.type(field(texts.amount), '10');
    await user.click(screen.getByRole('checkbox', { name: 'Pro' }));
    await user.click(screen.getByRole('checkbox', { name: texts.all }));
    expect(screen.getByRole('checkbox', { name: 'Basic' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Pro' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(texts.saved)).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toMatchObject({ tiers: null, discountAmount: 1000 });
    expect(posts(calls)[0]?.body).not.toHaveProperty('tier');
  });

  it("asks before saving a code that reaches Basic's price, naming it; back saves nothing, confirm saves", async () => {
    await setTestLanguage(texts.language);
    const { user, calls } = setup();
    await screen.findByRole('table');
    await waitFor(() => expect(calls.some((c) => c.route === 'GET /api/admin/plans')).toBe(true));
    await user.type(codeField(), 'GIFT');
    await user.type(field(texts.amount), '699');
    await user.click(screen.getByRole('checkbox', { name: 'Pro' }));
    await user.click(screen.getByRole('button', { name: texts.save }));

    let dialog = await screen.findByRole('dialog', { name: texts.warning });
    expect(dialog).toHaveTextContent(texts.warningText);
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(texts.listed);
    await user.click(within(dialog).getByRole('button', { name: texts.back }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toHaveLength(0);
    expect(codeField()).toHaveValue('GIFT');

    await user.click(screen.getByRole('button', { name: texts.save }));
    dialog = await screen.findByRole('dialog', { name: texts.warning });
    await user.click(within(dialog).getByRole('button', { name: texts.confirm }));
    expect(await screen.findByText(texts.saved)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]?.body).toMatchObject({
      code: 'GIFT',
      tiers: ['basic', 'pro'],
      discountAmount: 69900,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before saving a 100% code for all plans, naming every plan', async () => {
    await setTestLanguage(texts.language);
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.type(codeField(), 'HUNDRED');
    await user.click(screen.getByRole('radio', { name: texts.kind }));
    await user.type(field(texts.percent), '100');
    await user.click(screen.getByRole('checkbox', { name: texts.all }));
    await user.click(screen.getByRole('button', { name: texts.save }));
    const dialog = await screen.findByRole('dialog', { name: texts.warning });
    expect(dialog).toHaveTextContent(texts.warningAll);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    expect(posts(calls)).toHaveLength(0);
  });
});
