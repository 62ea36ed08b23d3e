import { describe, expect, it } from 'vitest';
import { setTestLanguage } from '../test/i18n';
import { makeLicense } from '../test/licenses';
import type { License, SeatSummary } from './api/licenses';
import {
  canRebind,
  expiryBadge,
  heldSeats,
  isFull,
  isRevoked,
  rebindNotice,
  seatHint,
  visibleSeats,
} from './seat-rules';

const summary = (bound: number, seatTotal: number): SeatSummary => ({
  tier: 'pro',
  planName: 'Pro',
  bound,
  seatTotal,
});

const seats = (...urls: (string | null)[]) =>
  urls.map((websiteUrl, i) => makeLicense({ seatIndex: i + 1, websiteUrl }));

const indexes = (list: License[]) => list.map((l) => l.seatIndex);

const REVOKED = '2026-03-01T00:00:00.000Z';

describe('visibleSeats', () => {
  it('lists bound seats first, then the first unbound one', () => {
    const list = seats(null, 'https://b.com', null, 'https://d.com', null);
    expect(indexes(visibleSeats(list, summary(2, 5)))).toEqual([2, 4, 1]);
  });

  it('shows one unbound seat when nothing is bound', () => {
    expect(indexes(visibleSeats(seats(null, null, null), summary(0, 3)))).toEqual([1]);
  });

  it('shows no unbound seat when the plan is full', () => {
    const list = [...seats('https://a.com', 'https://b.com'), makeLicense({ seatIndex: 3 })];
    expect(indexes(visibleSeats(list, summary(2, 2)))).toEqual([1, 2]);
  });

  it('orders by seat number whatever the answer order', () => {
    const list = [
      makeLicense({ seatIndex: 3, websiteUrl: 'https://c.com' }),
      makeLicense({ seatIndex: 1, websiteUrl: 'https://a.com' }),
      makeLicense({ seatIndex: 2 }),
    ];
    expect(indexes(visibleSeats(list, summary(2, 5)))).toEqual([1, 3, 2]);
  });

  it('skips expired unbound seats when choosing the free one', () => {
    const list = [
      makeLicense({ seatIndex: 1, status: 'expired', licenseType: 'yearly' }),
      makeLicense({ seatIndex: 2 }),
    ];
    expect(indexes(visibleSeats(list, summary(0, 2)))).toEqual([2]);
  });

  it('shows nothing for no licences', () => {
    expect(visibleSeats([], summary(0, 0))).toEqual([]);
  });

  it('leaves out revoked seats, bound or not: never listed, never offered to bind', () => {
    const list = [
      makeLicense({ seatIndex: 1, status: 'revoked', revokedAt: REVOKED }),
      makeLicense({ seatIndex: 2, status: 'revoked', websiteUrl: 'https://gone.com' }),
      makeLicense({ seatIndex: 3, websiteUrl: 'https://kept.com' }),
      makeLicense({ seatIndex: 4 }),
    ];
    expect(indexes(visibleSeats(list, summary(1, 2)))).toEqual([3, 4]);
  });
});

describe('revoked seats', () => {
  it('are revoked by their status, or by revokedAt', () => {
    expect(isRevoked(makeLicense({ status: 'revoked', revokedAt: REVOKED }))).toBe(true);
    expect(isRevoked(makeLicense({ status: 'revoked' }))).toBe(true);
    expect(isRevoked(makeLicense({ revokedAt: REVOKED }))).toBe(true);
    expect(isRevoked(makeLicense())).toBe(false);
    expect(isRevoked(makeLicense({ status: 'expired' }))).toBe(false);
  });

  it('are not held: the seats left are the active and expired ones', () => {
    const list = [
      makeLicense({ seatIndex: 1, status: 'revoked', revokedAt: REVOKED }),
      makeLicense({ seatIndex: 2, status: 'expired', licenseType: 'yearly' }),
      makeLicense({ seatIndex: 3 }),
    ];
    expect(indexes(heldSeats(list))).toEqual([2, 3]);
  });

  it('give no hint: a customer whose seats are all revoked has none to bind', () => {
    const list = [makeLicense({ seatIndex: 1, status: 'revoked', revokedAt: REVOKED })];
    expect(seatHint(list, summary(0, 0))).toBeNull();
  });
});

describe('seatHint', () => {
  it("says 'click to bind your site' when nothing is bound and seats are free", () => {
    expect(seatHint(seats(null, null), summary(0, 2))).toBe('bindFirst');
  });

  it("says 'seats used up, upgrade the plan' when full", () => {
    expect(seatHint(seats('https://a.com'), summary(1, 1))).toBe('full');
  });

  it('says nothing when some but not all seats are bound, or without licences', () => {
    expect(seatHint(seats('https://a.com', null), summary(1, 2))).toBeNull();
    expect(seatHint([], summary(0, 0))).toBeNull();
  });

  it('isFull needs at least one seat', () => {
    expect(isFull({ bound: 0, seatTotal: 0 })).toBe(false);
    expect(isFull({ bound: 5, seatTotal: 5 })).toBe(true);
  });
});

describe('rebindNotice and canRebind', () => {
  it('says nothing for a first bind', () => {
    expect(rebindNotice({ websiteUrl: null, bindingChangesLeft: 2 })).toBeNull();
    expect(canRebind({ websiteUrl: null, bindingChangesLeft: 0 })).toBe(true);
  });

  it('shows the remaining count with two or more changes left', () => {
    expect(rebindNotice({ websiteUrl: 'https://a.com', bindingChangesLeft: 2 })).toEqual({
      tone: 'blue',
      text: '2 rebinding chances left',
    });
  });

  it("warns 'last rebinding chance' with one left", () => {
    expect(rebindNotice({ websiteUrl: 'https://a.com', bindingChangesLeft: 1 })).toEqual({
      tone: 'orange',
      text: 'last rebinding chance',
    });
  });

  it('refuses a rebind when no binding changes are left', () => {
    expect(rebindNotice({ websiteUrl: 'https://a.com', bindingChangesLeft: 0 })?.text).toBe(
      'you have used all rebinding chances',
    );
    expect(canRebind({ websiteUrl: 'https://a.com', bindingChangesLeft: 0 })).toBe(false);
    expect(canRebind({ websiteUrl: 'https://a.com', bindingChangesLeft: 1 })).toBe(true);
  });

  it('words the notices in Chinese when the interface is Chinese', async () => {
    await setTestLanguage('zh-CN');
    expect(rebindNotice({ websiteUrl: 'https://a.com', bindingChangesLeft: 2 })?.text).toBe(
      '还剩 2 次更换绑定的机会',
    );
    expect(rebindNotice({ websiteUrl: 'https://a.com', bindingChangesLeft: 1 })?.text).toBe(
      '最后一次更换绑定的机会',
    );
    expect(rebindNotice({ websiteUrl: 'https://a.com', bindingChangesLeft: 0 })?.text).toBe(
      '你已用完所有更换绑定的机会',
    );
  });
});

describe('expiryBadge', () => {
  const now = new Date(2026, 5, 15, 12);

  it('shows a green expiry date for a yearly licence in the future', () => {
    expect(
      expiryBadge(
        { licenseType: 'yearly', expiresAt: new Date(2027, 2, 7, 12).toISOString() },
        now,
      ),
    ).toEqual({ color: 'green', label: 'expires: 2027-03-07' });
  });

  it("shows a red 'expired' after the date", () => {
    expect(
      expiryBadge({ licenseType: 'yearly', expiresAt: new Date(2026, 0, 1).toISOString() }, now),
    ).toEqual({ color: 'red', label: 'expired' });
  });

  it('shows nothing for permanent licences or without a date', () => {
    expect(expiryBadge({ licenseType: 'permanent', expiresAt: null }, now)).toBeNull();
    expect(expiryBadge({ licenseType: 'yearly', expiresAt: null }, now)).toBeNull();
  });

  it('words the badge in Chinese when the interface is Chinese', async () => {
    await setTestLanguage('zh-CN');
    const future = {
      licenseType: 'yearly' as const,
      expiresAt: new Date(2027, 2, 7, 12).toISOString(),
    };
    expect(expiryBadge(future, now)?.label).toBe('到期：2027-03-07');
    expect(expiryBadge({ licenseType: 'yearly', expiresAt: '2026-01-01' }, now)?.label).toBe(
      '已过期',
    );
  });
});
