import {
  discountReachesPrice,
  discountTiers,
  DISCOUNT_TIERS as DOMAIN_DISCOUNT_TIERS,
  tierName,
  type DiscountKind,
} from '@seatkeeper/domain';
import {
  centsToYuan,
  formatDateTime,
  formatYuan,
  fromDateTimeLocal,
  toDateTimeLocal,
  yuanToCents,
} from '../../lib/format';
import { i18n } from '../../lib/i18n';
import type { Discount, DiscountTier } from './api/get-discounts';
import type { SaveDiscountBody } from './api/save-discount';

/** docs/product.md#validation: every tier except vip. */
export const DISCOUNT_TIERS: DiscountTier[] = [...DOMAIN_DISCOUNT_TIERS];

/** The plans field's choice for "every plan" (docs/rules.md, "Discount codes": tiers null). */
export const ALL_PLANS = 'all';

/*
 * The texts are the adminDiscounts catalogue's, in the active language, read at call time
 * (docs/architecture.md#language); the spec's '折扣金额需为非负数字' is kept in zh-CN.
 */
export const amountInvalid = () => i18n.t('adminDiscounts:validation.amountInvalid');
export const codeRequired = () => i18n.t('adminDiscounts:validation.codeRequired');
export const usageLimitInvalid = () => i18n.t('adminDiscounts:validation.usageLimitInvalid');
export const percentInvalid = () => i18n.t('adminDiscounts:validation.percentInvalid');
export const plansRequired = () => i18n.t('adminDiscounts:validation.plansRequired');

/** The discount form's fields: yuan as typed, datetime-local strings, '' for blank. */
export interface DiscountFormValues {
  id: string | null;
  code: string;
  /** 'amount': yuan off; 'percent': a whole percentage 1–100 off. */
  kind: DiscountKind;
  amountYuan: number | string;
  percentOff: number | string;
  /** The plans ticked: [ALL_PLANS] for every plan, else some of basic, pro, ultra. */
  plans: string[];
  startsAt: string;
  expiresAt: string;
  usageLimit: number | string;
  oncePerCustomer: boolean;
}

export const EMPTY_DISCOUNT_FORM: DiscountFormValues = {
  id: null,
  code: '',
  kind: 'amount',
  amountYuan: '',
  percentOff: '',
  plans: ['basic'],
  startsAt: '',
  expiresAt: '',
  usageLimit: '',
  oncePerCustomer: false,
};

/** A saved code's plans: its `tiers` (null: every plan); a code saved before them, its one `tier`. */
export function plansOf(discount: Pick<Discount, 'tier'> & Partial<Pick<Discount, 'tiers'>>) {
  if (discount.tiers === null) return null;
  return discount.tiers ?? [discount.tier];
}

/** Editing: a saved discount loaded into the form. */
export function formValuesOf(discount: Discount): DiscountFormValues {
  const plans = plansOf(discount);
  const percent = discount.kind === 'percent';
  return {
    id: discount.id,
    code: discount.code,
    kind: percent ? 'percent' : 'amount',
    amountYuan: percent ? '' : centsToYuan(discount.discountAmount),
    percentOff: percent ? (discount.percentOff ?? '') : '',
    plans: plans === null ? [ALL_PLANS] : [...plans],
    startsAt: toDateTimeLocal(discount.startsAt),
    expiresAt: toDateTimeLocal(discount.expiresAt),
    usageLimit: discount.usageLimit ?? '',
    oncePerCustomer: discount.oncePerCustomer ?? false,
  };
}

/**
 * The plans field after a click: ticking "all plans" clears the single plans, ticking a plan clears
 * "all plans" (the two say different things).
 */
export function nextPlans(previous: readonly string[], next: readonly string[]): string[] {
  const allBefore = previous.includes(ALL_PLANS);
  if (!allBefore && next.includes(ALL_PLANS)) return [ALL_PLANS];
  const tiers: string[] = DISCOUNT_TIERS.filter((t) => next.includes(t));
  if (allBefore && tiers.length > 0) return tiers;
  return next.includes(ALL_PLANS) ? [ALL_PLANS] : tiers;
}

const isBlank = (value: number | string) => typeof value === 'string' && value.trim() === '';

const asNumber = (value: number | string): number =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

/** @mantine/form rules (docs/product.md#validation discount form). */
export const discountFormRules = {
  code: (value: string) => (value.trim() ? null : codeRequired()),
  amountYuan: (value: number | string, values?: Pick<DiscountFormValues, 'kind'>) => {
    if (values?.kind === 'percent') return null;
    const n = asNumber(value);
    return Number.isFinite(n) && n >= 0 ? null : amountInvalid();
  },
  percentOff: (value: number | string, values?: Pick<DiscountFormValues, 'kind'>) => {
    if (values?.kind !== 'percent') return null;
    const n = asNumber(value);
    return Number.isInteger(n) && n >= 1 && n <= 100 ? null : percentInvalid();
  },
  plans: (value: readonly string[]) => (value.length > 0 ? null : plansRequired()),
  usageLimit: (value: number | string) => {
    if (isBlank(value)) return null;
    const n = asNumber(value);
    return Number.isInteger(n) && n >= 1 ? null : usageLimitInvalid();
  },
};

/** The plans the values name: null for every plan. */
const tiersOf = (values: Pick<DiscountFormValues, 'plans'>): DiscountTier[] | null =>
  values.plans.includes(ALL_PLANS) ? null : DISCOUNT_TIERS.filter((t) => values.plans.includes(t));

/**
 * The request body: code trimmed, yuan → cents (×100, rounded), blanks → null (unlimited, no dates). The
 * spec's single `tier` goes along (the first plan ticked) for a code of some plans; `tiers` null is
 * every plan.
 */
export function discountBody(values: DiscountFormValues): SaveDiscountBody {
  const tiers = tiersOf(values);
  const percent = values.kind === 'percent';
  return {
    ...(values.id ? { id: values.id } : {}),
    ...(tiers ? { tier: tiers[0] } : {}),
    tiers,
    code: values.code.trim(),
    kind: values.kind,
    discountAmount: percent ? 0 : yuanToCents(values.amountYuan),
    percentOff: percent ? asNumber(values.percentOff) : null,
    startsAt: fromDateTimeLocal(values.startsAt),
    expiresAt: fromDateTimeLocal(values.expiresAt),
    usageLimit: isBlank(values.usageLimit) ? null : asNumber(values.usageLimit),
    oncePerCustomer: values.oncePerCustomer,
  };
}

/** A plan the code would give away: its reduction reaches the plan's whole price. */
export interface PlanGivenAway {
  tier: DiscountTier;
  priceCents: number;
}

/**
 * The plans a code about to be saved makes free (libs/domain discountReachesPrice: a fixed amount at
 * least the price, or 100%), among the plans it is for, at the prices the seller set. Without a price
 * (the plan list did not load) a 100% code still counts: it takes any price away.
 */
export function plansGivenAway(
  body: Pick<SaveDiscountBody, 'tiers' | 'kind' | 'discountAmount' | 'percentOff'>,
  prices: Partial<Record<string, number>>,
): PlanGivenAway[] {
  const terms = {
    kind: body.kind ?? 'amount',
    discountAmount: body.discountAmount ?? 0,
    percentOff: body.percentOff ?? null,
  };
  return discountTiers(body.tiers).flatMap((tier) => {
    const price = prices[tier];
    if (price === undefined)
      return terms.kind === 'percent' && terms.percentOff === 100 ? [{ tier, priceCents: 0 }] : [];
    return discountReachesPrice(terms, price) ? [{ tier, priceCents: price }] : [];
  });
}

/** The plans column: 'all plans' or the plans' display names ('Basic, Pro'). */
export function plansLabel(discount: Pick<Discount, 'tier'> & Partial<Pick<Discount, 'tiers'>>) {
  const plans = plansOf(discount);
  if (plans === null) return i18n.t('adminDiscounts:plans.all');
  return plans.map((tier) => tierName(tier)).join(i18n.t('adminDiscounts:plans.separator'));
}

/** The reduction column: '¥100.00 off' or '20% off'. */
export function reductionLabel(
  discount: Pick<Discount, 'discountAmount'> & Partial<Pick<Discount, 'kind' | 'percentOff'>>,
): string {
  if (discount.kind === 'percent')
    return i18n.t('adminDiscounts:list.percentOff', { percent: discount.percentOff ?? 0 });
  return i18n.t('adminDiscounts:list.amountOff', { amount: formatYuan(discount.discountAmount) });
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
