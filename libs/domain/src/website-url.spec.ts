import { describe, expect, it } from 'vitest';
import {
  websiteUrlFromInput,
  bindingCandidates,
  hostOf,
  isDevelopmentHost,
  isDifferentSite,
  normalizeWebsiteUrl,
  parseHost,
  siteOf,
} from './website-url';

describe('normalizeWebsiteUrl', () => {
  it.each([
    ['https://www.example.com/blog/post?x=1#top', 'https://example.com'],
    ['http://Example.COM', 'http://example.com'],
    ['https://example.com:8443/', 'https://example.com:8443'],
    ['https://example.com:443/', 'https://example.com'],
    ['http://example.com:80', 'http://example.com'],
    ['https://www.example.com.', 'https://example.com'],
    ['https://example.com../', 'https://example.com'],
    ['https://bücher.de/shop', 'https://xn--bcher-kva.de'],
    ['  https://shop.example.co.uk  ', 'https://shop.example.co.uk'],
    ['HTTPS://WWW.EXAMPLE.COM', 'https://example.com'],
    ['https://wwwexample.com', 'https://wwwexample.com'],
    ['http://localhost:8080/wp-admin', 'http://localhost:8080'],
    ['https://a-b.xn--p1ai', 'https://a-b.xn--p1ai'],
    ['http://203.0.113.7:8080', 'http://203.0.113.7:8080'],
    ['http://[2001:db8::1]/', 'http://[2001:db8::1]'],
    ['https://example.com/', 'https://example.com'],
    ['HTTPS://WWW.EXAMPLE.COM/Path', 'https://example.com'],
    ['https://www.example.com:8080', 'https://example.com:8080'],
    ['http://example.com:443', 'http://example.com:443'],
    ['https://WWW.Bücher.de', 'https://xn--bcher-kva.de'],
    ['https://www2.example.com', 'https://www2.example.com'],
    ['https://sub.www.example.com', 'https://sub.www.example.com'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeWebsiteUrl(input)).toBe(expected);
  });

  it.each([
    'example.com',
    'ftp://example.com',
    'https://',
    'https://user:pw@example.com',
    '',
    'javascript:alert(1)',
    42,
    null,
    'https://shop.com;',
    'https://a;b.com',
    "https://o'brien.com",
    'https://x$1.com',
    'https://a_b.com',
    'https://-a.com',
    'https://a-.com',
    `https://${'a'.repeat(64)}.com`,
    'https://a!b.com',
    'www.example.com',
    'http://',
    'httpx://example.com',
    '   ',
    undefined,
  ])('refuses %p', (input) => {
    expect(normalizeWebsiteUrl(input)).toBeNull();
  });
});

describe('websiteUrlFromInput (what a person types)', () => {
  it('takes a bare host as https, keeping its path and port for the normalisation to judge', () => {
    expect(websiteUrlFromInput('my-blog.cn')).toBe('https://my-blog.cn');
    expect(websiteUrlFromInput('  www.My-Blog.cn/blog?x=1 ')).toBe(
      'https://www.My-Blog.cn/blog?x=1',
    );
    expect(websiteUrlFromInput('shop.example:8080')).toBe('https://shop.example:8080');
    expect(normalizeWebsiteUrl(websiteUrlFromInput('www.My-Blog.cn/blog'))).toBe(
      'https://my-blog.cn',
    );
  });

  it('keeps an http(s) URL as typed, refuses another scheme and leaves empty input empty', () => {
    expect(websiteUrlFromInput('http://my-blog.cn')).toBe('http://my-blog.cn');
    expect(websiteUrlFromInput(' HTTPS://my-blog.cn ')).toBe('HTTPS://my-blog.cn');
    expect(websiteUrlFromInput('ftp://my-blog.cn')).toBeNull();
    expect(websiteUrlFromInput('  ')).toBe('');
  });

  it('leaves what is not a site for the normalisation to refuse', () => {
    for (const input of ['my blog', 'mailto:a@b.cn', 'a_b.cn', 'localhost:99999'])
      expect([input, normalizeWebsiteUrl(websiteUrlFromInput(input))]).toEqual([input, null]);
  });
});

describe('plugin host helpers', () => {
  it('reads the host from a bare domain or a URL', () => {
    expect(hostOf('www.Example.com')).toBe('example.com');
    expect(hostOf('https://example.com:8080/x')).toBe('example.com:8080');
    expect(hostOf('not a host')).toBeNull();
    expect(hostOf('shop.com;')).toBeNull();
    expect(parseHost('shop.com;')).toEqual({ host: 'shop.com;', dns: false });
    expect(parseHost('Shop.com:8080')).toEqual({ host: 'shop.com:8080', dns: true });
    expect(parseHost('[::1]:8080')).toEqual({ host: '[::1]:8080', dns: true });
    expect(parseHost('not a host')).toBeNull();
    expect(bindingCandidates('example.com')).toEqual(['https://example.com', 'http://example.com']);
  });

  it.each(['localhost', 'localhost:8080', '127.0.0.1', 'site.local', 'shop.test', 'app.localhost'])(
    '%s is a development host',
    (h) => {
      expect(isDevelopmentHost(h)).toBe(true);
    },
  );

  it.each(['example.com', 'localhost.example.com', 'test.com', 'mylocal'])('%s is not', (h) => {
    expect(isDevelopmentHost(h)).toBe(false);
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
