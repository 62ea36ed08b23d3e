import {
  centsToYuan,
  formatDateTime,
  fromDateTimeLocal,
  toDateTimeLocal,
  yuanToCents,
} from '../../lib/format';
import { i18n } from '../../lib/i18n';
import type { Discount, DiscountTier } from './api/get-discounts';
import type { SaveDiscountBody } from './api/save-discount';

/** docs/product.md#validation: every tier except vip. */
export const DISCOUNT_TIERS: DiscountTier[] = ['basic', 'pro', 'ultra'];

/*
 * The texts are the adminDiscounts catalogue's, in the active language, read at call time
 * (docs/architecture.md#language); the spec's '折扣金额需为非负数字' is kept in zh-CN.
 */
export const amountInvalid = () => i18n.t('adminDiscounts:validation.amountInvalid');
export const codeRequired = () => i18n.t('adminDiscounts:validation.codeRequired');
export const usageLimitInvalid = () => i18n.t('adminDiscounts:validation.usageLimitInvalid');

/** The discount form's fields: yuan as typed, datetime-local strings, '' for blank. */
export interface DiscountFormValues {
  id: string | null;
  tier: DiscountTier;
  code: string;
  amountYuan: number | string;
  startsAt: string;
  expiresAt: string;
  usageLimit: number | string;
}

export const EMPTY_DISCOUNT_FORM: DiscountFormValues = {
  id: null,
  tier: 'basic',
  code: '',
  amountYuan: '',
  startsAt: '',
  expiresAt: '',
  usageLimit: '',
};

/** Editing: a saved discount loaded into the form. */
export function formValuesOf(discount: Discount): DiscountFormValues {
  return {
    id: discount.id,
    tier: discount.tier,
    code: discount.code,
    amountYuan: centsToYuan(discount.discountAmount),
    startsAt: toDateTimeLocal(discount.startsAt),
    expiresAt: toDateTimeLocal(discount.expiresAt),
    usageLimit: discount.usageLimit ?? '',
  };
}

const isBlank = (value: number | string) => typeof value === 'string' && value.trim() === '';

const asNumber = (value: number | string): number =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

/** @mantine/form rules (docs/product.md#validation discount form). */
export const discountFormRules = {
  code: (value: string) => (value.trim() ? null : codeRequired()),
  amountYuan: (value: number | string) => {
    const n = asNumber(value);
    return Number.isFinite(n) && n >= 0 ? null : amountInvalid();
  },
  usageLimit: (value: number | string) => {
    if (isBlank(value)) return null;
    const n = asNumber(value);
    return Number.isInteger(n) && n >= 1 ? null : usageLimitInvalid();
  },
};

/** The request body: code trimmed, yuan → cents (×100, rounded), blanks → null (unlimited, no dates). */
export function discountBody(values: DiscountFormValues): SaveDiscountBody {
  return {
    ...(values.id ? { id: values.id } : {}),
    tier: values.tier,
    code: values.code.trim(),
    discountAmount: yuanToCents(values.amountYuan),
    startsAt: fromDateTimeLocal(values.startsAt),
    expiresAt: fromDateTimeLocal(values.expiresAt),
    usageLimit: isBlank(values.usageLimit) ? null : asNumber(values.usageLimit),
  };
}

/** docs/product.md#screens: 'long-term valid', or 'start - end' with 'effective immediately' / 'no end'. */
export function validityLabel(discount: Pick<Discount, 'startsAt' | 'expiresAt'>): string {
  if (!discount.startsAt && !discount.expiresAt) return i18n.t('adminDiscounts:validity.longTerm');
  const start = discount.startsAt
    ? formatDateTime(discount.startsAt)
    : i18n.t('adminDiscounts:validity.immediately');
  const end = discount.expiresAt
    ? formatDateTime(discount.expiresAt)
    : i18n.t('adminDiscounts:validity.noEnd');
  return i18n.t('adminDiscounts:validity.range', { start, end });
}

/** 'used/limit', with '∞' for no limit. */
export const usageLabel = (discount: Pick<Discount, 'usageCount' | 'usageLimit'>): string =>
  `${discount.usageCount}/${discount.usageLimit ?? '∞'}`;
