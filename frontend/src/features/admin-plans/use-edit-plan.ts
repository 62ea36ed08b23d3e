import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromDateTimeLocal, toDateTimeLocal, yuanToCents, centsToYuan } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { useUpdatePlan, type AdminPlan } from './api/admin-plans';
import { planChanges, type PlanFieldValues } from './plan-changes';

/** The price ceiling the server takes (cents): ¥1,000,000.00. */
export const MAX_PRICE_CENTS = 100_000_000;

export interface PlanFormValues {
  price: number | string;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  badgeZh: string;
  badgeEn: string;
  badgeEndsAt: string;
  shown: boolean;
  sortOrder: number | string;
}

const formOf = (plan: AdminPlan): PlanFormValues => ({
  price: centsToYuan(plan.priceCents),
  nameZh: plan.names['zh-CN'],
  nameEn: plan.names.en,
  descriptionZh: plan.descriptions['zh-CN'],
  descriptionEn: plan.descriptions.en,
  badgeZh: plan.badge?.['zh-CN'] ?? '',
  badgeEn: plan.badge?.en ?? '',
  badgeEndsAt: toDateTimeLocal(plan.badgeEndsAt),
  shown: plan.shown,
  sortOrder: plan.sortOrder,
});

/** The price in cents the form says, or null when it is not a price the server takes. */
export function priceCentsOf(price: number | string): number | null {
  // NaN (blank, negative, not a number) fails both comparisons.
  const cents = yuanToCents(price);
  return cents >= 1 && cents <= MAX_PRICE_CENTS ? cents : null;
}

/** The stored plan as the form's fields (the badge's end at the form's minute precision). */
const storedValues = (plan: AdminPlan): PlanFieldValues => ({
  price: plan.priceCents,
  nameZh: plan.names['zh-CN'],
  nameEn: plan.names.en,
  descriptionZh: plan.descriptions['zh-CN'],
  descriptionEn: plan.descriptions.en,
  badgeZh: plan.badge?.['zh-CN'] ?? null,
  badgeEn: plan.badge?.en ?? null,
  badgeEndsAt: fromDateTimeLocal(toDateTimeLocal(plan.badgeEndsAt)),
  sortOrder: plan.sortOrder,
  shown: plan.shown,
});

/** The errors the form shows once it was sent, each null when the field is fine. */
export type PlanFormErrors = Record<'price' | 'nameZh' | 'nameEn' | 'sortOrder', string | null>;

/**
 * One plan's edit (docs/product.md, back office: plans and prices): the form's values and checks, the
 * review that lists every changed field, old → new (the price apart), and the save.
 */
export function useEditPlan(plan: AdminPlan, onClose: () => void) {
  const { t } = useTranslation('adminPlans');
  const language = useLanguage();
  const update = useUpdatePlan();
  const [values, setValues] = useState<PlanFormValues>(() => formOf(plan));
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const cents = priceCentsOf(values.price);
  const sortOrder = Number(values.sortOrder);
  const sortValid =
    String(values.sortOrder).trim() !== '' &&
    Number.isInteger(sortOrder) &&
    sortOrder >= 0 &&
    sortOrder <= 1000;
  const errors: PlanFormErrors = {
    price: cents === null ? t('invalid.price') : null,
    nameZh: values.nameZh.trim() ? null : t('invalid.name'),
    nameEn: values.nameEn.trim() ? null : t('invalid.name'),
    sortOrder: sortValid ? null : t('invalid.sortOrder'),
  };
  const valid = Object.values(errors).every((e) => e === null);
  const [touched, setTouched] = useState(false);
  const shownError = (key: keyof PlanFormErrors) => (touched ? errors[key] : null);
  const name = language === 'en' ? plan.names.en : plan.names['zh-CN'];

  const review = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) setConfirming(true);
  };
  const body = {
    priceCents: cents!,
    nameZh: values.nameZh.trim(),
    nameEn: values.nameEn.trim(),
    descriptionZh: values.descriptionZh.trim(),
    descriptionEn: values.descriptionEn.trim(),
    badgeZh: values.badgeZh.trim() || null,
    badgeEn: values.badgeEn.trim() || null,
    badgeEndsAt: fromDateTimeLocal(values.badgeEndsAt),
    shown: values.shown,
    sortOrder,
  };
  const save = () => update.mutate({ tier: plan.tier, body }, { onSuccess: onClose });
  // Every edited field but the price, which has its own line.
  const changes = planChanges(storedValues(plan), {
    ...body,
    price: body.priceCents,
  }).filter((change) => change.field !== 'price');

  return {
    update,
    values,
    set,
    shownError,
    name,
    cents,
    changes,
    confirming,
    back: () => setConfirming(false),
    review,
    save,
  };
}
