import { describe, expect, it } from 'vitest';
import { setTestLanguage } from '../test/i18n';
import { planBind, startsWithHttp } from './bind-plan';

/** The spec's text (docs/product.md#validation), in `en`. */
const FULL_URL_REQUIRED = 'please enter full URL (including http:// or https://)';

describe('startsWithHttp', () => {
  it('accepts values starting with http in any case, after trimming', () => {
    expect(startsWithHttp('https://example.com')).toBe(true);
    expect(startsWithHttp('  HTTP://example.com')).toBe(true);
    expect(startsWithHttp('example.com')).toBe(false);
    expect(startsWithHttp('www.example.com')).toBe(false);
    expect(startsWithHttp('ftp://example.com')).toBe(false);
  });
});

describe('planBind, the admin overview (an empty domain unbinds)', () => {
  const admin = { emptyUnbinds: true };

  it('unbinds a bound seat when the input is empty', () => {
    expect(planBind('https://a.example', '', admin)).toEqual({ kind: 'unbind' });
    expect(planBind('https://a.example', '   ', admin)).toEqual({ kind: 'unbind' });
    expect(planBind(null, '', admin)).toEqual({ kind: 'unchanged' });
  });

  it('normalises the URL like the console: protocol + host, www and path dropped', () => {
    expect(planBind('https://a.example', ' https://www.B.example/blog?x=1 ', admin)).toEqual({
      kind: 'set',
      websiteUrl: 'https://b.example',
    });
    expect(planBind(null, 'http://b.example:8080/', admin)).toEqual({
      kind: 'set',
      websiteUrl: 'http://b.example:8080',
    });
  });

  it('changes nothing when the normalised URL is the current one', () => {
    expect(planBind('https://a.example', 'https://www.a.example/path', admin)).toEqual({
      kind: 'unchanged',
    });
  });

  it('takes a bare host as https (www and path dropped as for a URL)', () => {
    expect(planBind('https://a.example', 'b.example', admin)).toEqual({
      kind: 'set',
      websiteUrl: 'https://b.example',
    });
    expect(planBind(null, ' www.My-Blog.cn/blog ', admin)).toEqual({
      kind: 'set',
      websiteUrl: 'https://my-blog.cn',
    });
    expect(planBind('https://b.example', 'www.b.example', admin)).toEqual({ kind: 'unchanged' });
  });

  it('asks for an http(s) URL for another scheme, and for a website address for text that is no site', () => {
    expect(planBind('https://a.example', 'ftp://b.example', admin)).toEqual({
      kind: 'invalid',
      message: FULL_URL_REQUIRED,
    });
    expect(planBind(null, 'my blog', admin)).toEqual({
      kind: 'invalid',
      message: 'Enter a website address, such as my-blog.cn or https://my-blog.cn',
    });
  });

  it('asks for them in Chinese when the interface is Chinese', async () => {
    await setTestLanguage('zh-CN');
    expect(planBind(null, 'ftp://b.example', admin)).toEqual({
      kind: 'invalid',
      message: '请输入完整网址（包含 http:// 或 https://）',
    });
    expect(planBind(null, 'my blog', admin)).toEqual({
      kind: 'invalid',
      message: '请输入网站地址，例如 my-blog.cn 或 https://my-blog.cn',
    });
  });

  it('sends what it cannot read as typed, for the server to refuse', () => {
    expect(planBind(null, 'http://', admin)).toEqual({ kind: 'set', websiteUrl: 'http://' });
  });
});

describe("planBind, the customer's console (moving a seat spends a binding change)", () => {
  it('cancels on an empty input, even for a bound seat', () => {
    expect(planBind('https://a.example', ' ', { changesLeft: 2 })).toEqual({ kind: 'unchanged' });
  });

  it('binds a free seat without asking', () => {
    expect(planBind(null, 'https://www.a.example/x', { changesLeft: 2 })).toEqual({
      kind: 'set',
      websiteUrl: 'https://a.example',
    });
  });

  it('rewrites the same site in another spelling without asking', () => {
    expect(planBind('https://a.example', 'http://www.a.example', { changesLeft: 0 })).toEqual({
      kind: 'set',
      websiteUrl: 'http://a.example',
    });
  });

  it('asks before moving to a bare host on another site', () => {
    expect(planBind('https://a.example', 'my-blog.cn', { changesLeft: 2 })).toEqual({
      kind: 'confirm',
      websiteUrl: 'https://my-blog.cn',
    });
  });

  it('asks before moving to another site, and refuses with no changes left', () => {
    expect(planBind('https://a.example', 'https://b.example', { changesLeft: 1 })).toEqual({
      kind: 'confirm',
      websiteUrl: 'https://b.example',
    });
    expect(planBind('https://a.example', 'https://b.example', { changesLeft: 0 })).toEqual({
      kind: 'no-changes-left',
    });
  });

  it('sends an unreadable URL as typed, without asking', () => {
    expect(planBind('https://a.example', 'https://a_b.example', { changesLeft: 0 })).toEqual({
      kind: 'set',
      websiteUrl: 'https://a_b.example',
    });
  });
});
