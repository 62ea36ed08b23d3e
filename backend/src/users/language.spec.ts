import { languageFromCookie, requestUserLanguage } from './language';

describe('languageFromCookie', () => {
  it('reads the lang cookie the frontend writes', () => {
    expect(languageFromCookie('lang=en')).toBe('en');
    expect(languageFromCookie('seatkeeper.sid=abc; lang=zh-CN; other=1')).toBe('zh-CN');
    expect(languageFromCookie('lang=zh-CN%20')).toBeUndefined();
  });

  it('ignores anything that is not one of our languages', () => {
    expect(languageFromCookie(undefined)).toBeUndefined();
    expect(languageFromCookie('')).toBeUndefined();
    expect(languageFromCookie('lang=fr')).toBeUndefined();
    expect(languageFromCookie('lang=%E0%A4%A')).toBeUndefined();
    expect(languageFromCookie('xlang=en')).toBeUndefined();
    expect(languageFromCookie('lang=EN')).toBeUndefined();
  });
});

describe('requestUserLanguage', () => {
  it('takes the saved choice first, then the first of the browser languages that is ours', () => {
    expect(requestUserLanguage('lang=zh-CN', 'en-US,en;q=0.9')).toBe('zh-CN');
    expect(requestUserLanguage(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(requestUserLanguage('', 'fr-FR, zh-TW;q=0.8, en;q=0.5')).toBe('zh-CN');
    expect(requestUserLanguage('lang=fr', 'en;q=0.2, zh;q=0.9')).toBe('zh-CN');
  });

  it('says nothing when neither names one of ours (a known language is not overwritten by the default)', () => {
    expect(requestUserLanguage(undefined, undefined)).toBeUndefined();
    expect(requestUserLanguage('', 'fr-FR, de;q=0.5')).toBeUndefined();
    expect(requestUserLanguage('lang=en', 'en;q=0')).toBe('en');
    expect(requestUserLanguage(undefined, 'en;q=0')).toBeUndefined();
  });
});
