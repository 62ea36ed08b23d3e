import { describe, expect, it } from 'vitest';
import { SHELL_NAMESPACES, detectLanguage, languageFromCookie, toLanguage } from './i18n';

describe('the language', () => {
  it('maps any zh* to zh-CN and any en* to en, nothing else', () => {
    expect(toLanguage('zh')).toBe('zh-CN');
    expect(toLanguage('zh-TW')).toBe('zh-CN');
    expect(toLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(toLanguage('en-GB')).toBe('en');
    expect(toLanguage('EN')).toBe('en');
    expect(toLanguage('fr-FR')).toBeUndefined();
    expect(toLanguage('')).toBeUndefined();
  });

  it('reads the saved choice from the lang cookie, ignoring other values', () => {
    expect(languageFromCookie('a=1; lang=en; b=2')).toBe('en');
    expect(languageFromCookie('lang=zh-CN')).toBe('zh-CN');
    expect(languageFromCookie('lang=fr')).toBeUndefined();
    expect(languageFromCookie('xlang=en')).toBeUndefined();
  });

  it('prefers the saved choice, then the browser languages in order, then zh-CN', () => {
    expect(detectLanguage('lang=zh-CN', ['en-US'])).toBe('zh-CN');
    expect(detectLanguage('', ['fr-FR', 'en-GB', 'zh-CN'])).toBe('en');
    expect(detectLanguage('', ['de', 'zh-TW'])).toBe('zh-CN');
    expect(detectLanguage('', ['fr'])).toBe('zh-CN');
    expect(detectLanguage('lang=xx', [])).toBe('zh-CN');
  });

  it("loads the server's refusals with the shell, so even a page's first one reads in the language", () => {
    expect(SHELL_NAMESPACES).toEqual(['common', 'errors']);
  });
});
