import { describe, expect, it } from 'vitest';
import { isDifferentSite, normalizeWebsiteUrl, siteOf, startsWithHttp } from './domain';

describe('normalizeWebsiteUrl', () => {
  it.each([
    ['https://www.example.com/blog/post?x=1#top', 'https://example.com'],
    ['https://example.com/', 'https://example.com'],
    ['http://Example.COM', 'http://example.com'],
    ['HTTPS://WWW.EXAMPLE.COM/Path', 'https://example.com'],
    ['https://example.com:8443/shop', 'https://example.com:8443'],
    ['https://www.example.com:8080', 'https://example.com:8080'],
    ['https://example.com:443/', 'https://example.com'],
    ['http://example.com:80', 'http://example.com'],
    ['http://example.com:443', 'http://example.com:443'],
    ['https://www.example.com.', 'https://example.com'],
    ['https://example.com../x', 'https://example.com'],
    ['https://bücher.de/shop', 'https://xn--bcher-kva.de'],
    ['https://WWW.Bücher.de', 'https://xn--bcher-kva.de'],
    ['  https://shop.example.co.uk  ', 'https://shop.example.co.uk'],
    ['https://wwwexample.com', 'https://wwwexample.com'],
    ['https://www2.example.com', 'https://www2.example.com'],
    ['https://sub.www.example.com', 'https://sub.www.example.com'],
    ['http://localhost:8080/wp-admin', 'http://localhost:8080'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeWebsiteUrl(input)).toBe(expected);
  });

  it.each([
    'example.com',
    'www.example.com',
    'ftp://example.com',
    'https://',
    'http://',
    'https://user:pw@example.com',
    'httpx://example.com',
    '',
    '   ',
    'javascript:alert(1)',
    null,
    undefined,
  ])('refuses %p', (input) => {
    expect(normalizeWebsiteUrl(input)).toBeNull();
  });
});

describe('startsWithHttp', () => {
  it('accepts values starting with http in any case, after trimming', () => {
    expect(startsWithHttp('https://example.com')).toBe(true);
    expect(startsWithHttp('  HTTP://example.com')).toBe(true);
    expect(startsWithHttp('example.com')).toBe(false);
    expect(startsWithHttp('www.example.com')).toBe(false);
    expect(startsWithHttp('ftp://example.com')).toBe(false);
  });
});

describe('siteOf and isDifferentSite', () => {
  it('keeps host and port only', () => {
    expect(siteOf('https://www.example.com:8080/x')).toBe('example.com:8080');
    expect(siteOf('not a url')).toBeNull();
  });

  it('treats the protocol and www as the same site', () => {
    expect(isDifferentSite('https://example.com', 'http://www.example.com/blog')).toBe(false);
    expect(isDifferentSite('https://example.com', 'https://EXAMPLE.com.')).toBe(false);
  });

  it('treats another host or another port as another site', () => {
    expect(isDifferentSite('https://example.com', 'https://example.org')).toBe(true);
    expect(isDifferentSite('https://example.com', 'https://shop.example.com')).toBe(true);
    expect(isDifferentSite('https://example.com', 'https://example.com:8443')).toBe(true);
  });

  it('is never a move for an unbound seat', () => {
    expect(isDifferentSite(null, 'https://example.com')).toBe(false);
    expect(isDifferentSite('', 'https://example.com')).toBe(false);
  });
});
