import { describe, expect, it } from 'vitest';
import { auditChanges, compactValue, NONE } from './audit-format';

describe('auditChanges', () => {
  it('shows a changed field as from → to', () => {
    expect(
      auditChanges({ websiteUrl: 'https://a.example' }, { websiteUrl: 'https://b.example' }),
    ).toEqual([{ key: 'websiteUrl', from: 'https://a.example', to: 'https://b.example' }]);
  });

  it('leaves out fields that did not change', () => {
    expect(auditChanges({ tier: 'basic', seats: 1 }, { tier: 'vip', seats: 1 })).toEqual([
      { key: 'tier', from: 'basic', to: 'vip' },
    ]);
  });

  it('marks a missing side with a dash (additions and removals)', () => {
    expect(auditChanges(null, { email: 'a@x.com' })).toEqual([
      { key: 'email', from: NONE, to: 'a@x.com' },
    ]);
    expect(auditChanges({ email: 'a@x.com' }, null)).toEqual([
      { key: 'email', from: 'a@x.com', to: NONE },
    ]);
    expect(auditChanges({ tier: null }, { tier: 'vip', orderId: 'o-1' })).toEqual([
      { key: 'tier', from: 'null', to: 'vip' },
      { key: 'orderId', from: NONE, to: 'o-1' },
    ]);
  });

  it('gives nothing when there is nothing to compare', () => {
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('compares non-object values as a whole', () => {
    expect(auditChanges('x', 'y')).toEqual([{ key: '', from: 'x', to: 'y' }]);
  });
});

describe('compactValue', () => {
  it('shortens long strings and lists', () => {
    expect(compactValue('a'.repeat(100))).toHaveLength(60);
    expect(compactValue('a'.repeat(100)).endsWith('…')).toBe(true);
    expect(compactValue(['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com', 'e@x.com'])).toBe(
      '[a@x.com, b@x.com, c@x.com] +2 more',
    );
    expect(compactValue([])).toBe('[]');
  });

  it('writes other values plainly', () => {
    expect(compactValue(2)).toBe('2');
    expect(compactValue(false)).toBe('false');
    expect(compactValue(null)).toBe('null');
    expect(compactValue({ email: 'a@x.com', reason: 'bad' })).toBe(
      '{"email":"a@x.com","reason":"bad"}',
    );
  });
});
