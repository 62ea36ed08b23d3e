import { describe, expect, it } from 'vitest';
import { sitesUsingCode } from './token-rules';

type Seat = Parameters<typeof sitesUsingCode>[0][number];
const seat = (seatIndex: number, websiteUrl: string | null, extra: Partial<Seat> = {}): Seat => ({
  seatIndex,
  websiteUrl,
  status: 'active',
  revokedAt: null,
  ...extra,
});

describe('sitesUsingCode', () => {
  it('lists the sites of the active bound seats, in seat order, each once', () => {
    expect(
      sitesUsingCode([
        seat(3, 'https://c.example'),
        seat(1, 'https://a.example'),
        seat(2, null),
        seat(4, 'https://a.example'),
      ]),
    ).toEqual(['https://a.example', 'https://c.example']);
  });

  it('leaves out revoked and expired seats, whose sites the code no longer licenses', () => {
    expect(
      sitesUsingCode([
        seat(1, 'https://revoked.example', { status: 'revoked', revokedAt: '2026-01-01' }),
        seat(2, 'https://old.example', { status: 'expired' }),
        seat(3, 'https://live.example'),
      ]),
    ).toEqual(['https://live.example']);
  });

  it('is empty without seats', () => {
    expect(sitesUsingCode([])).toEqual([]);
  });
});
