import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './env';

const dir = () => mkdtempSync(join(tmpdir(), 'seatkeeper-env-'));

describe('WECHAT_LOGIN_*', () => {
  it('is off without an AppID and AppSecret', () => {
    expect(loadConfig({ DATA_DIR: dir() }).wechatLogin).toBeUndefined();
  });

  it("takes both, with WeChat's own hosts by default", () => {
    const config = loadConfig({
      DATA_DIR: dir(),
      WECHAT_LOGIN_APP_ID: 'wx0123456789abcdef',
      WECHAT_LOGIN_APP_SECRET: 'secret',
    });
    expect(config.wechatLogin).toEqual({
      appId: 'wx0123456789abcdef',
      appSecret: 'secret',
      loginBase: 'https://open.weixin.qq.com',
      apiBase: 'https://api.weixin.qq.com',
    });
  });

  it('points at another server (the development one), trailing slashes dropped', () => {
    const config = loadConfig({
      DATA_DIR: dir(),
      WECHAT_LOGIN_APP_ID: 'wxdev',
      WECHAT_LOGIN_APP_SECRET: 'secret',
      WECHAT_LOGIN_BASE: 'http://localhost:3000/dev-wechat/',
      WECHAT_API_BASE: 'http://127.0.0.1:3000/dev-wechat',
    });
    expect(config.wechatLogin?.loginBase).toBe('http://localhost:3000/dev-wechat');
    expect(config.wechatLogin?.apiBase).toBe('http://127.0.0.1:3000/dev-wechat');
  });

  it('refuses one without the other, a bad AppID and a base with a query or another scheme', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), WECHAT_LOGIN_APP_ID: 'wx1' })).toThrow(
      /WECHAT_LOGIN_APP_ID and WECHAT_LOGIN_APP_SECRET must be set together/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dir(), WECHAT_LOGIN_APP_ID: 'wx 1', WECHAT_LOGIN_APP_SECRET: 's' }),
    ).toThrow(/WECHAT_LOGIN_APP_ID must be/);
    expect(() =>
      loadConfig({
        DATA_DIR: dir(),
        WECHAT_LOGIN_APP_ID: 'wx1',
        WECHAT_LOGIN_APP_SECRET: 's',
        WECHAT_API_BASE: 'https://api.example.com/?x=1',
      }),
    ).toThrow(/WECHAT_API_BASE must be an http\(s\) address/);
    expect(() =>
      loadConfig({
        DATA_DIR: dir(),
        WECHAT_LOGIN_APP_ID: 'wx1',
        WECHAT_LOGIN_APP_SECRET: 's',
        WECHAT_LOGIN_BASE: 'ftp://open.example.com',
      }),
    ).toThrow(/WECHAT_LOGIN_BASE must be an http\(s\) address/);
  });
});
