import { CustomerErrorCode } from './customer-errors';
import {
  customerTargets,
  grantableTiers,
  grantMetadata,
  grantOf,
  grantRefusal,
  providerOf,
  reasonOf,
  resetRefusal,
  revokeRefusal,
} from './customer-rules';

describe('customer rules (docs/rules.md, "Customer support")', () => {
  it('grants only a tier above the current one', () => {
    expect(grantableTiers(null)).toEqual(['basic', 'vip', 'pro', 'ultra']);
    expect(grantableTiers('basic')).toEqual(['vip', 'pro', 'ultra']);
    expect(grantableTiers('pro')).toEqual(['ultra']);
    expect(grantableTiers('ultra')).toEqual([]);
    expect(grantRefusal(null, 'basic')).toBeNull();
    expect(grantRefusal('basic', 'pro')).toBeNull();
    expect(grantRefusal('pro', 'pro')).toBe(CustomerErrorCode.TIER_NOT_ABOVE_CURRENT);
    expect(grantRefusal('pro', 'vip')).toBe(CustomerErrorCode.TIER_NOT_ABOVE_CURRENT);
    expect(grantRefusal('ultra', 'basic')).toBe(CustomerErrorCode.TIER_NOT_ABOVE_CURRENT);
  });

  it('revokes a held seat once', () => {
    expect(revokeRefusal({ bindingChangesLeft: 0, revokedAt: null })).toBeNull();
    expect(revokeRefusal({ bindingChangesLeft: 2, revokedAt: new Date() })).toBe(
      CustomerErrorCode.SEAT_ALREADY_REVOKED,
    );
  });

  it('resets the binding changes of a held seat that spent some', () => {
    expect(resetRefusal({ bindingChangesLeft: 0, revokedAt: null })).toBeNull();
    expect(resetRefusal({ bindingChangesLeft: 1, revokedAt: null })).toBeNull();
    expect(resetRefusal({ bindingChangesLeft: 2, revokedAt: null })).toBe(
      CustomerErrorCode.BINDING_CHANGES_NOT_SPENT,
    );
    expect(resetRefusal({ bindingChangesLeft: 0, revokedAt: new Date() })).toBe(
      CustomerErrorCode.SEAT_REVOKED,
    );
  });

  it('records the reason trimmed and reads a grant back from its order', () => {
    expect(reasonOf('  partner deal \n')).toBe('partner deal');
    const metadata = grantMetadata('admin@shop.test', 'partner deal');
    expect(grantOf('admin-grant', metadata)).toEqual({
      grantedBy: 'admin@shop.test',
      reason: 'partner deal',
    });
    expect(grantOf('sandbox', metadata)).toBeNull();
    expect(grantOf('vip-grant', null)).toBeNull();
    expect(grantOf('admin-grant', 'not json')).toEqual({ grantedBy: null, reason: null });
    expect(grantOf('admin-grant', '{"grantedBy":3}')).toEqual({ grantedBy: null, reason: null });
  });

  it("names a seat's AI provider by its base URL's host, never more", () => {
    expect(providerOf('https://api.deepseek.com/v1')).toBe('api.deepseek.com');
    expect(providerOf('http://10.0.0.5:8080/v1')).toBe('10.0.0.5:8080');
    expect(providerOf(null)).toBeNull();
    expect(providerOf('not a url')).toBeNull();
  });

  it('collects the audit targets about a customer, each once', () => {
    expect(
      customerTargets({
        email: 'a@b.test',
        userId: 'u1',
        orderNumbers: ['O1', 'O2', 'O1'],
        seats: [{ id: 's1', seatIndex: 1 }],
      }),
    ).toEqual(['a@b.test', 'u1', 'O1', 'O2', 's1', 's1 (seat 1)']);
  });
});
