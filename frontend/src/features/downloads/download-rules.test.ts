import { describe, expect, it } from 'vitest';
import { downloadAccess } from './download-rules';

const active = { status: 'active', revokedAt: null } as const;
const expired = { status: 'expired', revokedAt: null } as const;
const revoked = { status: 'revoked', revokedAt: '2026-11-02T00:00:00.000Z' } as const;

describe('downloadAccess', () => {
  it('offers the downloads with one active seat, whatever else is held', () => {
    expect(downloadAccess([revoked, expired, active])).toBe('active');
  });

  it('says the licence expired when every held seat has expired', () => {
    expect(downloadAccess([expired, revoked])).toBe('expired');
  });

  it('says the seats were revoked when nothing is held any more (a refunded order)', () => {
    expect(downloadAccess([revoked, revoked])).toBe('revoked');
    // revokedAt alone is the same fact
    expect(downloadAccess([{ status: 'active', revokedAt: '2026-11-02T00:00:00.000Z' }])).toBe(
      'revoked',
    );
  });

  it('asks a new customer without seats to buy', () => {
    expect(downloadAccess([])).toBe('none');
  });
});
