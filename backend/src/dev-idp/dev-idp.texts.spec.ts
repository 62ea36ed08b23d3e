import { authorizePage } from './dev-idp.page';
import { DEV_SIGN_IN_TEXTS, pageLanguage } from './dev-idp.texts';

describe('the development sign-in page language', () => {
  it('takes the saved lang cookie first', () => {
    expect(pageLanguage('a=1; lang=en', 'zh-CN')).toBe('en');
    expect(pageLanguage('lang=zh-CN', 'en-US,en;q=0.9')).toBe('zh-CN');
  });

  it('else the preferred Accept-Language (any zh* or en*), else zh-CN', () => {
    expect(pageLanguage(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(pageLanguage('lang=fr', 'fr-FR, zh-TW;q=0.8, en;q=0.5')).toBe('zh-CN');
    expect(pageLanguage(undefined, 'zh;q=0.2, en-GB;q=0.7')).toBe('en');
    expect(pageLanguage(undefined, 'de')).toBe('zh-CN');
    expect(pageLanguage()).toBe('zh-CN');
  });

  it('has the same texts in both languages, none empty', () => {
    const keys = (language: 'en' | 'zh-CN') => Object.keys(DEV_SIGN_IN_TEXTS[language]).sort();
    expect(keys('zh-CN')).toEqual(keys('en'));
    for (const texts of Object.values(DEV_SIGN_IN_TEXTS))
      for (const value of Object.values(texts))
        if (typeof value === 'string') expect(value.trim()).not.toBe('');
  });

  it('renders the form in the language asked, with <html lang>', () => {
    const zh = authorizePage({ email: 'a@example.com' }, 'Seatkeeper', undefined, 'zh-CN');
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('<h1>开发环境登录</h1>');
    expect(zh).toContain('<label for="email">邮箱</label>');
    expect(zh).toContain('在 Seatkeeper 未配置 Google 凭据时代替 Google 登录。');
    const en = authorizePage({}, 'Seatkeeper', 'Enter a valid e-mail address.', 'en');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<label for="email">E-mail</label>');
    expect(en).toContain('role="alert">Enter a valid e-mail address.</p>');
  });
});
