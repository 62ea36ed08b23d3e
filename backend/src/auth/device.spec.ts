import { deviceOf, MAX_USER_AGENT } from './device';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230504 MicroMessenger/8.0.37.2380(0x2800253D) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  harmony:
    'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 Mobile Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
};

describe('deviceOf (the sessions list: a browser on a system)', () => {
  it.each([
    ['chromeWindows', 'Chrome', 'Windows'],
    ['edgeWindows', 'Edge', 'Windows'],
    ['safariMac', 'Safari', 'macOS'],
    ['safariIphone', 'Safari', 'iPhone'],
    ['chromeIpad', 'Chrome', 'iPad'],
    ['firefoxLinux', 'Firefox', 'Linux'],
    ['chromeAndroid', 'Chrome', 'Android'],
    ['samsung', 'Samsung Internet', 'Android'],
    ['wechatAndroid', 'WeChat', 'Android'],
    ['operaMac', 'Opera', 'macOS'],
    ['chromeOs', 'Chrome', 'ChromeOS'],
    ['harmony', 'Chrome', 'HarmonyOS'],
    ['headless', 'Chrome', 'Linux'],
  ] as const)('%s: %s on %s', (name, browser, os) => {
    expect(deviceOf(UA[name])).toEqual({ browser, os });
  });

  it('says nothing it cannot tell', () => {
    expect(deviceOf(undefined)).toEqual({ browser: null, os: null });
    expect(deviceOf('')).toEqual({ browser: null, os: null });
    expect(deviceOf('curl/8.5.0')).toEqual({ browser: null, os: null });
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0) something/1')).toEqual({
      browser: null,
      os: 'Windows',
    });
  });

  it('reads only the first MAX_USER_AGENT characters', () => {
    expect(deviceOf(`${'x'.repeat(MAX_USER_AGENT)} Firefox/125.0 Windows`)).toEqual({
      browser: null,
      os: null,
    });
  });
});
