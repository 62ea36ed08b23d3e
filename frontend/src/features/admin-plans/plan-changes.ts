/**
 * The plan edit's confirmation (docs/product.md, back office: plans and prices): every field the form
 * edits whose value changes, old → new, as the form and the stored plan say them. Pure, so the list is
 * tested apart from the dialog.
 */

/** The fields of the edit form, in the form's order. */
export const PLAN_FIELDS = [
  'price',
  'nameZh',
  'nameEn',
  'descriptionZh',
  'descriptionEn',
  'badgeZh',
  'badgeEn',
  'badgeEndsAt',
  'sortOrder',
  'shown',
] as const;

export type PlanField = (typeof PLAN_FIELDS)[number];

/** A field's value as compared and shown: text (empty when none), cents, a number, a flag, an ISO time. */
export type PlanFieldValue = string | number | boolean | null;

export type PlanFieldValues = Record<PlanField, PlanFieldValue>;

export interface PlanChange {
  field: PlanField;
  from: PlanFieldValue;
  to: PlanFieldValue;
}

/** Empty text and null are the same value (no badge, no end). */
const same = (a: PlanFieldValue, b: PlanFieldValue) => (a ?? '') === (b ?? '');

/** The fields whose value differs, in the form's order. */
export function planChanges(before: PlanFieldValues, after: PlanFieldValues): PlanChange[] {
  return PLAN_FIELDS.filter((field) => !same(before[field], after[field])).map((field) => ({
    field,
    from: before[field],
    to: after[field],
  }));
}
