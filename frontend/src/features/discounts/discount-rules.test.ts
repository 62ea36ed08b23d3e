import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { setTestLanguage } from '../../test/i18n';
import {
  amountInvalid,
  discountBody,
  discountFormRules,
  EMPTY_DISCOUNT_FORM,
  formValuesOf,
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
      discountBody({ ...EMPTY_DISCOUNT_FORM, tier: 'pro', code: '  SPRING  ', amountYuan: 19.999 }),
    ).toEqual({
      tier: 'pro',
      code: 'SPRING',
      discountAmount: 2000,
      startsAt: null,
      expiresAt: null,
      usageLimit: null,
    });
  });

  it('sends the id when editing, the dates as ISO and the usage limit', () => {
    expect(
      discountBody({
        id: 'd-1',
        tier: 'ultra',
        code: 'MAX',
        amountYuan: '100.5',
        startsAt: '2026-11-25T09:00',
        expiresAt: '2026-12-31T23:59',
        usageLimit: 3,
      }),
    ).toEqual({
      id: 'd-1',
      tier: 'ultra',
      code: 'MAX',
      discountAmount: 10050,
      startsAt: new Date(2026, 10, 25, 9, 0).toISOString(),
      expiresAt: new Date(2026, 11, 31, 23, 59).toISOString(),
      usageLimit: 3,
    });
  });

  it('round-trips a saved discount through the form', () => {
    const saved = {
      id: 'd-2',
      tier: 'basic' as const,
      code: 'B',
      discountAmount: 1999,
      startsAt: new Date(2026, 0, 1, 8, 0).toISOString(),
      expiresAt: null,
      usageLimit: null,
      usageCount: 4,
    };
    const values = formValuesOf(saved);
    expect(values).toEqual({
      id: 'd-2',
      tier: 'basic',
      code: 'B',
      amountYuan: 19.99,
      startsAt: '2026-01-01T08:00',
      expiresAt: '',
      usageLimit: '',
    });
    const { usageCount: _ignored, ...rest } = saved;
    expect(discountBody(values)).toEqual(rest);
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
