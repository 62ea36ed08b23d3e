import {
  hasStopped,
  kindOf,
  localeOf,
  minorVersion,
  productOf,
  seenWithin,
  siteHost,
  versionOf,
  wordPressAgent,
  DAY_MS,
} from './install-rules';
import { compareVersions, rollUp } from './install-rollups';

describe('install insights fields', () => {
  it('keeps versions as WordPress and PHP spell them and drops anything else', () => {
    expect(versionOf('6.5.2')).toBe('6.5.2');
    expect(versionOf(' 8.2.12-1+deb12u1 ')).toBe('8.2.12-1+deb12u1');
    expect(versionOf('1.0.0-beta.2')).toBe('1.0.0-beta.2');
    for (const bad of [
      '',
      'abc',
      '<script>',
      "6.5'; drop table",
      '6'.repeat(41),
      6.5,
      null,
      ['6.5'],
    ])
      expect(versionOf(bad)).toBeNull();
  });

  it('keeps WordPress locales only', () => {
    expect(localeOf('zh_CN')).toBe('zh_CN');
    expect(localeOf('de_DE_formal')).toBe('de_DE_formal');
    expect(localeOf('fr')).toBe('fr');
    for (const bad of ['zh-CN', 'EN_us', '<b>', 'en_US\u0000', 'a'.repeat(30), 1])
      expect(localeOf(bad)).toBeNull();
  });

  it('reads product slugs and kinds', () => {
    expect(productOf('visual-editor')).toBe('visual-editor');
    expect(productOf('Visual Editor')).toBeNull();
    expect(productOf('../x')).toBeNull();
    expect(kindOf(undefined)).toBe('plugins');
    expect(kindOf('theme')).toBe('themes');
    expect(kindOf('module')).toBeNull();
  });

  it("reads WordPress's User-Agent", () => {
    expect(wordPressAgent('WordPress/6.5.2; https://www.Example.com/blog')).toEqual({
      wpVersion: '6.5.2',
      host: 'example.com',
    });
    expect(wordPressAgent('WordPress/6.4')).toEqual({ wpVersion: '6.4', host: null });
    expect(wordPressAgent('curl/8.0')).toEqual({ wpVersion: null, host: null });
    expect(wordPressAgent('WordPress/<x>; javascript:alert(1)')).toEqual({
      wpVersion: null,
      host: null,
    });
    expect(wordPressAgent(undefined)).toEqual({ wpVersion: null, host: null });
  });

  it('identifies a site by its normalised host', () => {
    expect(siteHost('https://www.shop.example:8443/x')).toBe('shop.example:8443');
    expect(siteHost('shop.example')).toBe('shop.example');
    expect(siteHost('exa mple.com')).toBeNull();
  });

  it('groups WordPress and PHP versions by major.minor', () => {
    expect(minorVersion('6.5.2')).toBe('6.5');
    expect(minorVersion('8.2.12-1+deb12u1')).toBe('8.2');
    expect(minorVersion('7')).toBe('7');
    expect(minorVersion(null)).toBeNull();
  });

  it('counts a site active within 7 and 30 days, stopped after 30', () => {
    const now = Date.UTC(2026, 11, 22);
    expect(seenWithin(new Date(now - 7 * DAY_MS), now, 7)).toBe(true);
    expect(seenWithin(new Date(now - 7 * DAY_MS - 1), now, 7)).toBe(false);
    expect(hasStopped(new Date(now - 30 * DAY_MS), now)).toBe(false);
    expect(hasStopped(new Date(now - 30 * DAY_MS - 1), now)).toBe(true);
  });

  it('orders versions newest first, unknown last, and merges by group', () => {
    const sorted = ['1.9', null, '1.10', '1.10.1', '2.0-beta'].sort(compareVersions);
    expect(sorted).toEqual(['2.0-beta', '1.10.1', '1.10', '1.9', null]);
    const counts = [
      { kind: 'plugins', product: 'p', value: '6.5.2', active7: 1, active30: 2 },
      { kind: 'plugins', product: 'p', value: '6.5.3', active7: 3, active30: 3 },
      { kind: 'plugins', product: 'p', value: '6.4.1', active7: 0, active30: 1 },
      { kind: 'plugins', product: 'p', value: null, active7: 1, active30: 1 },
    ];
    expect(rollUp(counts, minorVersion)).toEqual([
      { value: '6.5', active7: 4, active30: 5 },
      { value: '6.4', active7: 0, active30: 1 },
      { value: null, active7: 1, active30: 1 },
    ]);
  });
});
