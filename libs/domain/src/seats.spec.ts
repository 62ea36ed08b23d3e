import { describe, expect, it } from 'vitest';
import { fallbackSeatTotal, initialSeats, seatStatus, seatSummary, type SeatLike } from './seats';

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

describe('fallbackSeatTotal', () => {
  it('is the larger of the highest seat index and the number of seats', () => {
    expect(fallbackSeatTotal([{ seatIndex: 1 }, { seatIndex: 4 }])).toBe(4);
    expect(fallbackSeatTotal([{ seatIndex: 1 }, { seatIndex: 1 }, { seatIndex: 1 }])).toBe(3);
    expect(fallbackSeatTotal([])).toBe(0);
  });
});

describe('initialSeats', () => {
  it('starts Max with 10 seats and other plans with their seat count', () => {
    expect([
      initialSeats('basic'),
      initialSeats('vip'),
      initialSeats('pro'),
      initialSeats('ultra'),
    ]).toEqual([1, 2, 5, 10]);
  });
});
