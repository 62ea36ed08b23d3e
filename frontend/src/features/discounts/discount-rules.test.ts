import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { setTestLanguage } from '../../test/i18n';
import {
  ALL_PLANS,
  amountInvalid,
  discountBody,
  discountFormRules,
  EMPTY_DISCOUNT_FORM,
  formValuesOf,
  nextPlans,
  percentInvalid,
  plansGivenAway,
  plansLabel,
  plansRequired,
  reductionLabel,
  usageLabel,
  usageLimitInvalid,
  validityLabel,
} from './discount-rules';

describe('discount form rules', () => {
  it('requires a code that is not blank', () => {
    expect(discountFormRules.code('')).toBe('code is required');
    expect(discountFormRules.code('   ')).toBe('code is required');
    expect(discountFormRules.code(' SAVE ')).toBeNull();
  });

  it('wants a non-negative amount', () => {
    expect(discountFormRules.amountYuan('')).toBe(amountInvalid());
    expect(discountFormRules.amountYuan(-1)).toBe(
      'The discount amount must be a non-negative number',
    );
    expect(discountFormRules.amountYuan('abc')).toBe(amountInvalid());
    expect(discountFormRules.amountYuan(0)).toBeNull();
    expect(discountFormRules.amountYuan(19.99)).toBeNull();
    expect(discountFormRules.amountYuan('100')).toBeNull();
  });

  it("words the refusals in Chinese in zh-CN, the spec's '折扣金额需为非负数字' included", async () => {
    await setTestLanguage('zh-CN');
    expect(discountFormRules.amountYuan(-1)).toBe('折扣金额需为非负数字');
    expect(discountFormRules.code('')).toBe('请输入折扣码');
    expect(discountFormRules.usageLimit(0)).toBe('使用次数上限至少为 1');
  });

  it('takes a blank usage limit as unlimited, else a whole number from 1', () => {
    expect(discountFormRules.usageLimit('')).toBeNull();
    expect(discountFormRules.usageLimit(1)).toBeNull();
    expect(discountFormRules.usageLimit(0)).toBe(usageLimitInvalid());
    expect(discountFormRules.usageLimit(-3)).toBe(usageLimitInvalid());
    expect(discountFormRules.usageLimit(1.5)).toBe(usageLimitInvalid());
  });
});

describe('discountBody', () => {
  it('trims the code, stores yuan as rounded cents and blanks as null', () => {
    expect(
      discountBody({
        ...EMPTY_DISCOUNT_FORM,
        plans: ['pro'],
        code: '  SPRING  ',
        amountYuan: 19.999,
      }),
    ).toEqual({
      tier: 'pro',
      tiers: ['pro'],
      code: 'SPRING',
      kind: 'amount',
      discountAmount: 2000,
      percentOff: null,
      startsAt: null,
      expiresAt: null,
      usageLimit: null,
      oncePerCustomer: false,
    });
  });

  it('sends the id when editing, the dates as ISO and the usage limit', () => {
    expect(
      discountBody({
        ...EMPTY_DISCOUNT_FORM,
        id: 'd-1',
        plans: ['ultra'],
        code: 'MAX',
        amountYuan: '100.5',
        startsAt: '2026-11-25T09:00',
        expiresAt: '2026-12-31T23:59',
        usageLimit: 3,
      }),
    ).toEqual({
      id: 'd-1',
      tier: 'ultra',
      tiers: ['ultra'],
      code: 'MAX',
      kind: 'amount',
      discountAmount: 10050,
      percentOff: null,
      startsAt: new Date(2026, 10, 25, 9, 0).toISOString(),
      expiresAt: new Date(2026, 11, 31, 23, 59).toISOString(),
      usageLimit: 3,
      oncePerCustomer: false,
    });
  });

  it('sends a percentage code for several plans, once per customer', () => {
    expect(
      discountBody({
        ...EMPTY_DISCOUNT_FORM,
        code: 'TWENTY',
        kind: 'percent',
        amountYuan: '5',
        percentOff: 20,
        plans: ['ultra', 'basic'],
        oncePerCustomer: true,
      }),
    ).toMatchObject({
      tier: 'basic',
      tiers: ['basic', 'ultra'],
      kind: 'percent',
      discountAmount: 0,
      percentOff: 20,
      oncePerCustomer: true,
    });
  });

  it('sends tiers null and no single tier for all plans', () => {
    const body = discountBody({
      ...EMPTY_DISCOUNT_FORM,
      code: 'ALL',
      amountYuan: 1,
      plans: ['all'],
    });
    expect(body.tiers).toBeNull();
    expect(body).not.toHaveProperty('tier');
  });

  it('round-trips a saved discount through the form', () => {
    const saved = {
      id: 'd-2',
      tier: 'basic' as const,
      tiers: ['basic' as const],
      code: 'B',
      kind: 'amount' as const,
      discountAmount: 1999,
      percentOff: null,
      startsAt: new Date(2026, 0, 1, 8, 0).toISOString(),
      expiresAt: null,
      usageLimit: null,
      usageCount: 4,
      oncePerCustomer: false,
    };
    const values = formValuesOf(saved);
    expect(values).toEqual({
      id: 'd-2',
      code: 'B',
      kind: 'amount',
      amountYuan: 19.99,
      percentOff: '',
      plans: ['basic'],
      startsAt: '2026-01-01T08:00',
      expiresAt: '',
      usageLimit: '',
      oncePerCustomer: false,
    });
    const { usageCount: _ignored, ...rest } = saved;
    expect(discountBody(values)).toEqual(rest);
  });

  it('loads a percentage code for every plan', () => {
    const values = formValuesOf({
      id: 'd-3',
      tier: 'basic',
      tiers: null,
      code: 'P',
      kind: 'percent',
      discountAmount: 0,
      percentOff: 15,
      startsAt: null,
      expiresAt: null,
      usageLimit: 5,
      usageCount: 0,
      oncePerCustomer: true,
    });
    expect(values).toMatchObject({
      kind: 'percent',
      percentOff: 15,
      amountYuan: '',
      plans: [ALL_PLANS],
      oncePerCustomer: true,
    });
  });
});

describe('the percentage and the plans', () => {
  const percent = { kind: 'percent' as const };
  it('wants a whole percentage from 1 to 100 for a percentage code', () => {
    for (const bad of ['', 0, 101, 12.5, -3, 'abc'])
      expect(discountFormRules.percentOff(bad, percent)).toBe(percentInvalid());
    for (const good of [1, 20, '55', 100])
      expect(discountFormRules.percentOff(good, percent)).toBeNull();
    // An amount code ignores the percentage, a percentage code the amount.
    expect(discountFormRules.percentOff('', { kind: 'amount' })).toBeNull();
    expect(discountFormRules.amountYuan('', percent)).toBeNull();
  });

  it('words the percentage and plans refusals in both languages', async () => {
    expect(percentInvalid()).toBe('The percentage must be a whole number from 1 to 100');
    expect(discountFormRules.plans([])).toBe(plansRequired());
    await setTestLanguage('zh-CN');
    expect(discountFormRules.percentOff(0, percent)).toBe('折扣比例需为 1 到 100 的整数');
    expect(discountFormRules.plans([])).toBe('请至少选择一个套餐，或选择全部套餐');
  });

  it("keeps 'all plans' and single plans apart", () => {
    expect(nextPlans(['basic'], ['basic', 'pro'])).toEqual(['basic', 'pro']);
    expect(nextPlans(['basic', 'pro'], ['basic', 'pro', ALL_PLANS])).toEqual([ALL_PLANS]);
    expect(nextPlans([ALL_PLANS], [ALL_PLANS, 'ultra'])).toEqual(['ultra']);
    expect(nextPlans([ALL_PLANS], [])).toEqual([]);
    expect(nextPlans(['pro'], ['ultra', 'pro', 'basic'])).toEqual(['basic', 'pro', 'ultra']);
  });
});

describe('plansGivenAway', () => {
  const prices = { basic: 69900, pro: 169900, ultra: 998000 };
  const body = (over: object) => ({
    tiers: null,
    kind: 'amount' as const,
    discountAmount: 0,
    percentOff: null,
    ...over,
  });

  it('names the plans whose whole price a fixed amount takes away', () => {
    expect(plansGivenAway(body({ discountAmount: 69900 }), prices)).toEqual([
      { tier: 'basic', priceCents: 69900 },
    ]);
    expect(plansGivenAway(body({ discountAmount: 69899 }), prices)).toEqual([]);
    expect(plansGivenAway(body({ discountAmount: 9999999 }), prices).map((p) => p.tier)).toEqual([
      'basic',
      'pro',
      'ultra',
    ]);
    // Only among the code's plans.
    expect(plansGivenAway(body({ tiers: ['pro'], discountAmount: 9999999 }), prices)).toEqual([
      { tier: 'pro', priceCents: 169900 },
    ]);
  });

  it('names every plan of a 100% code, none of a 99% one, even without prices', () => {
    expect(
      plansGivenAway(body({ tiers: ['basic', 'ultra'], kind: 'percent', percentOff: 100 }), prices),
    ).toHaveLength(2);
    expect(plansGivenAway(body({ kind: 'percent', percentOff: 99 }), prices)).toEqual([]);
    expect(plansGivenAway(body({ kind: 'percent', percentOff: 100 }), {})).toHaveLength(3);
  });
});

describe('list labels', () => {
  it("says the plans, or 'all plans', and the reduction in both languages", async () => {
    expect(plansLabel({ tier: 'basic', tiers: ['basic', 'ultra'] })).toBe('Basic, Max');
    expect(plansLabel({ tier: 'basic', tiers: null })).toBe('all plans');
    expect(plansLabel({ tier: 'pro' })).toBe('Pro');
    expect(reductionLabel({ kind: 'amount', discountAmount: 10050, percentOff: null })).toBe(
      '¥100.50 off',
    );
    expect(reductionLabel({ kind: 'percent', discountAmount: 0, percentOff: 20 })).toBe('20% off');
    await setTestLanguage('zh-CN');
    expect(plansLabel({ tier: 'basic', tiers: ['basic', 'pro'] })).toBe('Basic、Pro');
    expect(plansLabel({ tier: 'basic', tiers: null })).toBe('全部套餐');
    expect(reductionLabel({ kind: 'percent', discountAmount: 0, percentOff: 20 })).toBe('减免 20%');
    expect(reductionLabel({ kind: 'amount', discountAmount: 500, percentOff: null })).toBe(
      '减免 ¥5.00',
    );
  });
});

describe('labels', () => {
  it("says 'long-term valid' without dates, else start - end with defaults", () => {
    const start = new Date(2026, 10, 25, 9, 0).toISOString();
    const end = new Date(2026, 11, 31, 23, 59).toISOString();
    expect(validityLabel({ startsAt: null, expiresAt: null })).toBe('long-term valid');
    expect(validityLabel({ startsAt: start, expiresAt: null })).toBe(
      `${formatDateTime(start)} - no end`,
    );
    expect(validityLabel({ startsAt: null, expiresAt: end })).toBe(
      `effective immediately - ${formatDateTime(end)}`,
    );
    expect(validityLabel({ startsAt: start, expiresAt: end })).toMatch(
      /^November 25, 2026.* - December 31, 2026/,
    );
  });

  it('says them in Chinese in zh-CN', async () => {
    await setTestLanguage('zh-CN');
    const start = new Date(2026, 10, 25, 9, 0).toISOString();
    expect(validityLabel({ startsAt: null, expiresAt: null })).toBe('长期有效');
    expect(validityLabel({ startsAt: start, expiresAt: null })).toBe(
      '2026年11月25日 09:00 - 不设结束时间',
    );
    expect(validityLabel({ startsAt: null, expiresAt: start })).toBe(
      '立即生效 - 2026年11月25日 09:00',
    );
  });

  it("shows usage as used/limit, '∞' without a limit", () => {
    expect(usageLabel({ usageCount: 2, usageLimit: 10 })).toBe('2/10');
    expect(usageLabel({ usageCount: 0, usageLimit: null })).toBe('0/∞');
  });
});
