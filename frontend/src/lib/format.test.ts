import { describe, expect, it } from 'vitest';
import { setTestLanguage } from '../test/i18n';
import {
  formatDate,
  formatDateTime,
  formatIsoDay,
  formatMinutesSeconds,
  formatPercent,
  formatPlanPrice,
  formatTimer,
  formatYuan,
  fromDateTimeLocal,
  centsToYuan,
  maskEmail,
  maskKey,
  maskToken,
  toDate,
  toDateTimeLocal,
  yuanToCents,
} from './format';

describe('formatYuan', () => {
  it('shows cents as yuan with two decimals', () => {
    expect(formatYuan(69900)).toBe('¥699.00');
    expect(formatYuan(1)).toBe('¥0.01');
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(998000)).toBe('¥9980.00');
    expect(formatYuan(-5050)).toBe('-¥50.50');
  });
});

describe('formatPlanPrice', () => {
  it('drops the decimals of whole prices', () => {
    expect(formatPlanPrice(69900)).toBe('¥699');
    expect(formatPlanPrice(998000)).toBe('¥9980');
    expect(formatPlanPrice(0)).toBe('¥0');
  });
  it('keeps two decimals otherwise', () => {
    expect(formatPlanPrice(69950)).toBe('¥699.50');
  });
});

describe('yuanToCents', () => {
  it('multiplies by 100 and rounds', () => {
    expect(yuanToCents(19.99)).toBe(1999);
    expect(yuanToCents(0.1 + 0.2)).toBe(30);
    // 12.345 × 100 is 1234.4999999999998 in floating point; the digits say 1234.5, rounded up.
    expect(yuanToCents(12.345)).toBe(1235);
    expect(yuanToCents('12.345')).toBe(1235);
  });
});

describe('centsToYuan', () => {
  it('divides by 100 for form fields, and round-trips with yuanToCents', () => {
    expect(centsToYuan(69950)).toBe(699.5);
    expect(centsToYuan(1999)).toBe(19.99);
    expect(centsToYuan(0)).toBe(0);
    for (const cents of [1, 10, 1999, 10001, 998000])
      expect(yuanToCents(centsToYuan(cents))).toBe(cents);
  });
  it('rounds sub-cent yuan to the nearest cent', () => {
    expect(yuanToCents(100)).toBe(10000);
    expect(yuanToCents(0.005)).toBe(1);
    expect(yuanToCents(12.344)).toBe(1234);
    expect(yuanToCents(0)).toBe(0);
  });
});

describe('datetime-local values', () => {
  it('shows a timestamp as the local YYYY-MM-DDTHH:mm of a datetime-local input', () => {
    expect(toDateTimeLocal(new Date(2026, 10, 25, 9, 5))).toBe('2026-11-25T09:05');
    expect(toDateTimeLocal(new Date(2026, 0, 5, 23, 59).toISOString())).toBe('2026-01-05T23:59');
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal('garbage')).toBe('');
  });
  it('reads a datetime-local value as local time into ISO, or null', () => {
    expect(fromDateTimeLocal('2026-11-25T09:05')).toBe(new Date(2026, 10, 25, 9, 5).toISOString());
    expect(fromDateTimeLocal('2026-11-25T09:05:30')).toBe(
      new Date(2026, 10, 25, 9, 5, 30).toISOString(),
    );
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('  ')).toBeNull();
    expect(fromDateTimeLocal(undefined)).toBeNull();
    expect(fromDateTimeLocal('25/11/2026')).toBeNull();
  });
  it('round-trips', () => {
    const iso = fromDateTimeLocal('2026-03-07T14:30')!;
    expect(toDateTimeLocal(iso)).toBe('2026-03-07T14:30');
  });
});

describe('toDate', () => {
  it('treats numbers as seconds unless they are above 1e12', () => {
    expect(toDate(1_764_000_000)?.getTime()).toBe(1_764_000_000_000);
    expect(toDate(1_764_000_000_000)?.getTime()).toBe(1_764_000_000_000);
    expect(toDate('1764000000')?.getTime()).toBe(1_764_000_000_000);
  });
  it('parses ISO strings and rejects empty or invalid values', () => {
    expect(toDate('2026-11-25T12:00:00.000Z')?.toISOString()).toBe('2026-11-25T12:00:00.000Z');
    expect(toDate(null)).toBeNull();
    expect(toDate('')).toBeNull();
    expect(toDate('not a date')).toBeNull();
  });
});

describe('formatDate', () => {
  it('uses the US-English long format', () => {
    expect(formatDate(new Date(2026, 10, 25, 12))).toBe('November 25, 2026');
    expect(formatDate(new Date(2026, 0, 5, 12).toISOString())).toBe('January 5, 2026');
  });
  it('reads second and millisecond timestamps', () => {
    const ms = new Date(2026, 10, 25, 12).getTime();
    expect(formatDate(ms)).toBe('November 25, 2026');
    expect(formatDate(ms / 1000)).toBe('November 25, 2026');
  });
  it('gives the fallback for missing values', () => {
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('garbage', 'never')).toBe('never');
  });
  it('formats date and time', () => {
    expect(formatDateTime(new Date(2026, 10, 25, 23, 5))).toMatch(/^November 25, 2026.*11:05\sPM$/);
  });
  it('uses 2026年11月26日 08:19 in zh-CN, and ¥699.00 as in English', async () => {
    await setTestLanguage('zh-CN');
    expect(formatDate(new Date(2026, 10, 26, 8, 19))).toBe('2026年11月26日');
    expect(formatDateTime(new Date(2026, 10, 26, 8, 19))).toBe('2026年11月26日 08:19');
    expect(formatDateTime(new Date(2026, 10, 26, 23, 5))).toBe('2026年11月26日 23:05');
    expect(formatDate(undefined)).toBe('-');
    expect(formatYuan(69900)).toBe('¥699.00');
    expect(formatPlanPrice(69900)).toBe('¥699');
  });
  it('formats total time in the active language', async () => {
    expect(formatMinutesSeconds(125)).toBe('2 min 5 s');
    await setTestLanguage('zh-CN');
    expect(formatMinutesSeconds(125)).toBe('2 分 5 秒');
  });
  it('formats a local YYYY-MM-DD day', () => {
    expect(formatIsoDay(new Date(2026, 2, 7, 12))).toBe('2026-03-07');
  });
});

describe('formatTimer', () => {
  it('shows mm:ss', () => {
    expect(formatTimer(0)).toBe('00:00');
    expect(formatTimer(5)).toBe('00:05');
    expect(formatTimer(65)).toBe('01:05');
    expect(formatTimer(4503)).toBe('75:03');
    expect(formatTimer(-3)).toBe('00:00');
    expect(formatTimer(59.9)).toBe('00:59');
  });
});

describe('formatPercent', () => {
  it('keeps one decimal', () => {
    expect(formatPercent(87.456)).toBe('87.5%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(Number.NaN)).toBe('0.0%');
  });
});

describe('masks', () => {
  const token = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0abcd';
  it('masks a token as first 4 ... last 4', () => {
    expect(maskToken(token)).toBe('a1b2...abcd');
    expect(maskToken('')).toBe('');
    expect(maskToken('short')).toBe('*****');
  });
  it('masks a key as first 4 **** last 4, or **** when shorter than 8', () => {
    expect(maskKey('sk-1234567890abcd')).toBe('sk-1****abcd');
    expect(maskKey('12345678')).toBe('1234****5678');
    expect(maskKey('1234567')).toBe('****');
    expect(maskKey(null)).toBe('****');
  });
  it('masks an e-mail as two characters, *** and the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('al***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('nobody')).toBe('no***');
    expect(maskEmail(undefined)).toBe('');
  });
});
