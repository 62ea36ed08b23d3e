import { describe, expect, it } from 'vitest';
import { planChanges, type PlanFieldValues } from './plan-changes';

const stored: PlanFieldValues = {
  price: 69900,
  nameZh: '旗舰版',
  nameEn: 'Max',
  descriptionZh: '三个座位',
  descriptionEn: 'three seats',
  badgeZh: '限时',
  badgeEn: 'Limited',
  badgeEndsAt: null,
  sortOrder: 3,
  shown: true,
};

describe('planChanges', () => {
  it('lists nothing when nothing changes (an empty badge equals none)', () => {
    expect(planChanges({ ...stored, badgeZh: null }, { ...stored, badgeZh: '' })).toEqual([]);
  });

  it('lists every changed field in the form order, old → new', () => {
    const after: PlanFieldValues = {
      ...stored,
      price: 59950,
      badgeEn: 'Sale',
      badgeZh: '',
      badgeEndsAt: '2026-12-31T16:00:00.000Z',
      shown: false,
      nameEn: 'Maximum',
    };
    expect(planChanges(stored, after)).toEqual([
      { field: 'price', from: 69900, to: 59950 },
      { field: 'nameEn', from: 'Max', to: 'Maximum' },
      { field: 'badgeZh', from: '限时', to: '' },
      { field: 'badgeEn', from: 'Limited', to: 'Sale' },
      { field: 'badgeEndsAt', from: null, to: '2026-12-31T16:00:00.000Z' },
      { field: 'shown', from: true, to: false },
    ]);
  });
});
