import {
  checkState,
  failureOfErrcode,
  identityKey,
  isWechatPhoneBrowser,
  newState,
  parseWechatAnswer,
  qrConnectUrl,
  WechatApiError,
  WECHAT_STATE_TTL_SECONDS,
} from './wechat-sign-in-rules';

describe('WeChat sign-in rules', () => {
  it('builds the documented qrconnect address, the fragment last', () => {
    const url = qrConnectUrl(
      'https://open.weixin.qq.com',
      'wxabc',
      'https://s.example.com/cb?x=1',
      'abc123',
    );
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/qrconnect?appid=wxabc&redirect_uri=https%3A%2F%2Fs.example.com%2Fcb%3Fx%3D1&response_type=code&scope=snsapi_login&state=abc123#wechat_redirect',
    );
  });

  it('a state works once in its 10 minutes, only with its own value', () => {
    const now = 1_000_000;
    const { value, saved } = newState('sign-in', '/orders', now);
    expect(value).toMatch(/^[0-9a-f]{32}$/);
    expect(saved).not.toHaveProperty('value');
    expect(JSON.stringify(saved)).not.toContain(value);
    expect(checkState(saved, value, now)).toBe('ok');
    expect(checkState(saved, value, now + WECHAT_STATE_TTL_SECONDS * 1000)).toBe('ok');
    expect(checkState(saved, value, now + WECHAT_STATE_TTL_SECONDS * 1000 + 1)).toBe('expired');
    expect(checkState(saved, 'f'.repeat(32), now)).toBe('mismatch');
    expect(checkState(saved, ['a'], now)).toBe('mismatch');
    expect(checkState(saved, 'a-b', now)).toBe('mismatch');
    expect(checkState(undefined, value, now)).toBe('missing');
  });

  it('keys by unionid when given, else openid (never the nickname)', () => {
    expect(identityKey({ openid: 'o1', unionid: 'u1' })).toBe('unionid:u1');
    expect(identityKey({ openid: 'o1' })).toBe('openid:o1');
    expect(identityKey({ openid: 'o1', unionid: '' })).toBe('openid:o1');
  });

  it("maps WeChat's errcodes: a bad or used code, else a general failure", () => {
    expect(failureOfErrcode(40029)).toBe('WechatCode');
    expect(failureOfErrcode(40163)).toBe('WechatCode');
    expect(failureOfErrcode(45011)).toBe('WechatFailed');
    expect(failureOfErrcode(-1)).toBe('WechatFailed');
  });

  it('reads answers: errcode non-zero is an error, non-JSON too', () => {
    expect(parseWechatAnswer('{"openid":"o","access_token":"t"}')).toEqual({
      openid: 'o',
      access_token: 't',
    });
    expect(() => parseWechatAnswer('{"errcode":40029,"errmsg":"invalid code"}')).toThrow(
      new WechatApiError(40029, 'invalid code'),
    );
    expect(() => parseWechatAnswer('<html>')).toThrow(WechatApiError);
    expect(() => parseWechatAnswer('[1]')).toThrow(WechatApiError);
  });

  it("knows WeChat's own browser on a phone", () => {
    const iphoneWechat =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
    expect(isWechatPhoneBrowser(iphoneWechat)).toBe(true);
    expect(
      isWechatPhoneBrowser('Mozilla/5.0 (Windows NT 10.0) MicroMessenger/3.9 WindowsWechat'),
    ).toBe(false);
    expect(isWechatPhoneBrowser('Mozilla/5.0 (iPhone) Mobile Safari')).toBe(false);
    expect(isWechatPhoneBrowser(undefined)).toBe(false);
  });
});
