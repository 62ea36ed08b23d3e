import { describe, expect, it } from 'vitest';
import {
  addDays,
  localDateOf,
  localDateTimeText,
  startOfLocalDay,
  utcOffsetLabel,
} from './local-time';

describe('the seller’s clock', () => {
  const at = new Date('2026-11-28T16:05:09Z');

  it('writes an instant as the zone’s wall clock', () => {
    expect(localDateTimeText(at, 'Asia/Shanghai')).toBe('2026-11-29 00:05:09');
    expect(localDateTimeText(at, 'Asia/Shanghai', { seconds: false })).toBe('2026-11-29 00:05');
    expect(localDateTimeText(at, 'UTC')).toBe('2026-11-28 16:05:09');
    expect(localDateTimeText(at, 'America/New_York')).toBe('2026-11-28 11:05:09');
  });

  it('names the offset, with minutes only when there are some', () => {
    expect(utcOffsetLabel(at, 'Asia/Shanghai')).toBe('UTC+8');
    expect(utcOffsetLabel(at, 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(utcOffsetLabel(at, 'America/St_Johns')).toBe('UTC-3:30');
    expect(utcOffsetLabel(at, 'America/New_York')).toBe('UTC-5');
    expect(utcOffsetLabel(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe('UTC-4');
    expect(utcOffsetLabel(at, 'UTC')).toBe('UTC');
  });

  it('cuts days at the zone’s midnight', () => {
    expect(localDateOf(at, 'Asia/Shanghai')).toBe('2026-11-29');
    expect(startOfLocalDay('2026-11-29', 'Asia/Shanghai').toISOString()).toBe(
      '2026-11-28T16:00:00.000Z',
    );
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
