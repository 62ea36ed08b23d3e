import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  languageFromCookie,
  preferredLanguages,
  requestLanguage,
  statedLanguage,
  toLanguage,
} from './language';

describe('language', () => {
  it('reads any zh* tag as zh-CN and any en* as en, nothing else', () => {
    expect(toLanguage('zh')).toBe('zh-CN');
    expect(toLanguage('zh-TW')).toBe('zh-CN');
    expect(toLanguage(' EN-gb ')).toBe('en');
    expect(toLanguage('fr-FR')).toBeUndefined();
    expect(toLanguage('english')).toBeUndefined();
    expect(toLanguage('')).toBeUndefined();
    expect(toLanguage(undefined)).toBeUndefined();
  });

  it('reads the lang cookie among others, only when it names one of ours', () => {
    expect(languageFromCookie('sid=abc; lang=en; x=1')).toBe('en');
    expect(languageFromCookie('lang=zh-CN')).toBe('zh-CN');
    expect(languageFromCookie('lang=fr')).toBeUndefined();
    expect(languageFromCookie('lang=zh')).toBeUndefined();
    expect(languageFromCookie('xlang=en')).toBeUndefined();
    expect(languageFromCookie('lang=%E0%A4%A')).toBeUndefined();
    expect(languageFromCookie('')).toBeUndefined();
    expect(languageFromCookie(undefined)).toBeUndefined();
  });

  it('orders Accept-Language by weight, then by position, leaving out q=0 and bad weights', () => {
    expect(preferredLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
      '*',
    ]);
    expect(preferredLanguages('en;q=0.5, zh-CN')).toEqual(['zh-CN', 'en']);
    expect(preferredLanguages('zh;q=0, en;q=abc, de')).toEqual(['de']);
    expect(preferredLanguages('')).toEqual([]);
    expect(preferredLanguages(undefined)).toEqual([]);
  });

  it('chooses the cookie, else the first preferred language of ours, else zh-CN', () => {
    expect(chooseLanguage('lang=en', ['zh-CN'])).toBe('en');
    expect(chooseLanguage('lang=xx', ['fr', 'en-US', 'zh'])).toBe('en');
    expect(chooseLanguage('', ['fr', 'de'])).toBe('zh-CN');
    expect(requestLanguage(undefined, 'fr-FR, en-US;q=0.8, zh;q=0.9')).toBe('zh-CN');
    expect(requestLanguage(undefined, 'fr-FR, en-US;q=0.9, zh;q=0.8')).toBe('en');
    expect(requestLanguage('lang=zh-CN', 'en-US')).toBe('zh-CN');
    expect(requestLanguage(undefined, undefined)).toBe('zh-CN');
  });

  it('states nothing when neither the cookie nor the preferred languages name one of ours', () => {
    expect(statedLanguage('', ['fr', 'de'])).toBeUndefined();
    expect(statedLanguage('lang=xx', [])).toBeUndefined();
    expect(statedLanguage('lang=xx', ['fr', 'en-US'])).toBe('en');
    expect(statedLanguage('lang=en', ['zh'])).toBe('en');
  });
});
