import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookies';

describe('cookieValue', () => {
  it('reads the first cookie of that exact name, as sent', () => {
    expect(cookieValue('lang=en; seatkeeper.sid=s%3Aa=b.c', 'seatkeeper.sid')).toBe('s%3Aa=b.c');
    expect(cookieValue('a=1;a=2', 'a')).toBe('1');
    expect(cookieValue('sid=', 'sid')).toBe('');
  });

  it('is undefined without one: another name, a longer one, no header', () => {
    expect(cookieValue('xsid=1; sidx=2', 'sid')).toBeUndefined();
    expect(cookieValue('', 'sid')).toBeUndefined();
    expect(cookieValue(undefined, 'sid')).toBeUndefined();
  });
});
