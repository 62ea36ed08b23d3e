import { seatStatus, seatSummary, type SeatLike } from './seat-rules';

const seat = (
  seatIndex: number,
  purchaseTier: SeatLike['purchaseTier'],
  websiteUrl: string | null = null,
): SeatLike => ({
  seatIndex,
  purchaseTier,
  websiteUrl,
  licenseType: 'permanent',
});

describe('seatSummary', () => {
  it('shows the plan seat count of the highest tier', () => {
    expect(seatSummary([seat(1, 'basic', 'https://a.com'), seat(2, 'pro')])).toEqual({
      tier: 'pro',
      planName: 'Pro',
      bound: 1,
      seatTotal: 5,
    });
    expect(seatSummary([seat(1, 'ultra')]).seatTotal).toBe(100);
    expect(seatSummary([seat(1, 'vip'), seat(2, 'vip')])).toMatchObject({
      tier: 'vip',
      planName: 'VIP',
      seatTotal: 2,
    });
  });

  it('has no tier and no seats without licences', () => {
    expect(seatSummary([])).toEqual({ tier: null, planName: null, bound: 0, seatTotal: 0 });
  });
});

describe('seatStatus', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('expires yearly licences after their expiry only', () => {
    expect(
      seatStatus({ licenseType: 'yearly', expiresAt: new Date('2026-05-31T23:59:59Z') }, now),
    ).toBe('expired');
    expect(
      seatStatus({ licenseType: 'yearly', expiresAt: new Date('2026-06-02T00:00:00Z') }, now),
    ).toBe('active');
    expect(seatStatus({ licenseType: 'permanent', expiresAt: new Date('2020-01-01') }, now)).toBe(
      'active',
    );
    expect(seatStatus({ licenseType: 'yearly', expiresAt: null }, now)).toBe('active');
  });
});
