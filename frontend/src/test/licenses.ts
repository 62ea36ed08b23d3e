import type { License, LicenseList, SeatSummary } from '../lib/api/licenses';

/** A licence seat as the licence list returns it: seat 1, pro, permanent, unbound, 2 changes left. */
export function makeLicense(overrides: Partial<License> = {}): License {
  const seatIndex = overrides.seatIndex ?? 1;
  return {
    id: `lic-${seatIndex}`,
    userId: 'user-1',
    status: 'active',
    tier: 'pro',
    licenseType: 'permanent',
    purchaseTier: 'pro',
    seatIndex,
    websiteUrl: null,
    bindingChangesLeft: 2,
    expiresAt: null,
    purchasedAt: '2026-01-01T00:00:00.000Z',
    lastBindingChangeAt: null,
    orderId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T12:00:00.000Z',
    aiBaseUrl: null,
    aiConfigStatus: { configured: false, lastUpdated: null, maskedApiKey: null, baseUrl: null },
    revokedAt: null,
    lastCheckedAt: null,
    ...overrides,
  };
}

/** A licence list answer; the summary counts bound seats and takes the given seat total. */
export function makeLicenseList(
  licenses: License[],
  summary: Partial<SeatSummary> = {},
): LicenseList {
  return {
    licenses,
    summary: {
      tier: 'pro',
      planName: 'Pro',
      bound: licenses.filter((l) => l.websiteUrl).length,
      seatTotal: 5,
      ...summary,
    },
  };
}
