import { describe, expect, it } from 'vitest';
import { startsWithHttp } from './domain';

describe('startsWithHttp', () => {
  it('accepts values starting with http in any case, after trimming', () => {
    expect(startsWithHttp('https://example.com')).toBe(true);
    expect(startsWithHttp('  HTTP://example.com')).toBe(true);
    expect(startsWithHttp('example.com')).toBe(false);
    expect(startsWithHttp('www.example.com')).toBe(false);
    expect(startsWithHttp('ftp://example.com')).toBe(false);
  });
});
