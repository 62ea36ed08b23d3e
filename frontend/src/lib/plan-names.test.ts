import { describe, expect, it } from 'vitest';
import { planNameIn, productNameIn, type PlanNames } from './plan-names';

const PLANS: PlanNames[] = [
  { key: 'basic', names: { 'zh-CN': '入门版', en: 'Starter' } },
  { key: 'pro', names: { 'zh-CN': 'Pro', en: '  ' } },
];
const plan = (name: string) => `${name} plan`;

describe('planNameIn', () => {
  it("is the seller's name for the tier in the language", () => {
    expect(planNameIn('basic', 'en', PLANS)).toBe('Starter');
    expect(planNameIn('basic', 'zh-CN', PLANS)).toBe('入门版');
  });

  it("falls back to the tier's own name: no plans yet, a blank name, a tier not listed", () => {
    expect(planNameIn('ultra', 'en', undefined)).toBe('Max');
    expect(planNameIn('pro', 'en', PLANS)).toBe('Pro');
    expect(planNameIn('ultra', 'zh-CN', PLANS)).toBe('Max');
    expect(planNameIn('gold', 'en', PLANS)).toBe('gold');
    expect(planNameIn(null, 'en', PLANS)).toBe('');
  });
});

describe('productNameIn', () => {
  const sold = { productName: 'Basic 套餐', tier: 'basic' };

  it('is the plan in English with the catalogue wording, never the stored Chinese', () => {
    expect(productNameIn(sold, 'en', undefined, plan)).toBe('Basic plan');
    expect(productNameIn(sold, 'en', PLANS, plan)).toBe('Starter plan');
  });

  it('is the stored name in Chinese (as sold, even after a rename), else the plan', () => {
    expect(productNameIn(sold, 'zh-CN', PLANS, (name) => `${name} 套餐`)).toBe('Basic 套餐');
    expect(
      productNameIn({ productName: ' ', tier: 'basic' }, 'zh-CN', PLANS, (name) => `${name} 套餐`),
    ).toBe('入门版 套餐');
  });
});
