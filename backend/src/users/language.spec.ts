import { languageFromCookie } from './language';

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
