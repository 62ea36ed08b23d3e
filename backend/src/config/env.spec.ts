import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './env';

const dir = () => mkdtempSync(join(tmpdir(), 'seatkeeper-env-'));
const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
const alipay = {
  ALIPAY_APP_ID: '2021',
  ALIPAY_PRIVATE_KEY: 'k',
  ALIPAY_PUBLIC_KEY: 'p',
  PUBLIC_URL: 'https://shop.example',
};
const secret = 'x'.repeat(40);

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      databaseUrl: undefined,
      devIdpEnabled: true,
      brandName: 'seatkeeper',
      sellerName: 'seatkeeper',
      docsUrl: '/docs',
      adminEmails: [],
      trustProxy: false,
      sessionMaxAgeDays: 30,
    });
  });

  it('refuses to start in production without the secret, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...google })).toThrow(
      new ConfigError('BETTER_AUTH_SECRET is not configured'),
    );
  });

  it('refuses to start in production without Google credentials', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required in production/,
    );
  });

  it('never enables the development identity provider in production', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: secret,
      ...google,
      ...alipay,
    });
    expect(c.devIdpEnabled).toBe(false);
    expect(c.payments.gateways).toEqual(['alipay']);
    expect(c.google).toEqual({ clientId: 'id', clientSecret: 'secret' });
  });

  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const d = dir();
    const first = loadConfig({ DATA_DIR: d }).secret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: d }).secret).toBe(first);
    expect(readFileSync(join(d, 'secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(d, 'secret')).mode & 0o777).toBe(0o600);
  });

  it('refuses the sandbox gateway in production and incomplete Alipay or WeChat Pay settings', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, ...google }),
    ).toThrow(/the sandbox payment gateway is refused in production/);
    expect(() => loadConfig({ DATA_DIR: dir(), PAYMENT_GATEWAY: 'alipay' })).toThrow(
      /PUBLIC_URL is required for Alipay and WeChat Pay.*ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY are required/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dir(),
        PUBLIC_URL: 'https://shop.example',
        PAYMENT_GATEWAYS: 'wechat',
      }),
    ).toThrow(
      /WECHATPAY_APP_ID, WECHATPAY_MCH_ID, WECHATPAY_PRIVATE_KEY.* required for WeChat Pay/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dir(),
        PUBLIC_URL: 'https://shop.example',
        WECHATPAY_APP_ID: 'wx1',
        WECHATPAY_MCH_ID: 'abc',
        WECHATPAY_PRIVATE_KEY: 'not a key',
        WECHATPAY_CERT_SERIAL: 'S',
        WECHATPAY_API_V3_KEY: 'short',
        WECHATPAY_PLATFORM_PUBLIC_KEY: 'nope',
        WECHATPAY_PLATFORM_SERIAL: 'P',
      }),
    ).toThrow(
      /WECHATPAY_MCH_ID must be the merchant number.*WECHATPAY_API_V3_KEY must be 32 characters.*WECHATPAY_PRIVATE_KEY is not a PEM private key.*WECHATPAY_PLATFORM_PUBLIC_KEY is not a PEM public key/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), PAYMENT_GATEWAYS: 'paypal' })).toThrow(
      /PAYMENT_GATEWAYS may name only alipay, wechat, sandbox \(not paypal\)/,
    );
    expect(loadConfig({ DATA_DIR: dir() }).payments).toEqual({
      gateways: ['sandbox'],
      alipay: undefined,
      wechat: undefined,
      qrLifetimeSeconds: 1800,
      refundSweepSeconds: 60,
      // Quotes a minute (docs/payments.md, "Limits").
      quoteLimits: { customer: 30, address: 60 },
    });
  });

  it('lists every bad variable by name', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: dir(),
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        GOOGLE_CLIENT_ID: 'only-id',
        PUBLIC_URL: 'https://x.com/app',
      }),
    ).toThrow(
      /PORT .*PUBLIC_URL .*DATABASE_URL .*GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together/,
    );
  });

  it('reads AI_QUEUE_PER_CUSTOMER (default 5), refusing a value below 1 by name', () => {
    expect(loadConfig({ DATA_DIR: dir() }).ai.queuePerCustomer).toBe(5);
    expect(loadConfig({ DATA_DIR: dir(), AI_QUEUE_PER_CUSTOMER: '12' }).ai.queuePerCustomer).toBe(
      12,
    );
    for (const bad of ['0', 'many', '-3'])
      expect(() => loadConfig({ DATA_DIR: dir(), AI_QUEUE_PER_CUSTOMER: bad })).toThrow(
        'AI_QUEUE_PER_CUSTOMER must be a number >= 1',
      );
  });

  it('normalises role e-mail lists and the brand name', () => {
    const c = loadConfig({
      DATA_DIR: dir(),
      ADMIN_EMAILS: ' A@X.com, b@y.org ,',
      QUIZ_MANAGER_EMAILS: 'Q@z.io',
      BRAND_NAME: 'SeatKeeper',
    });
    expect(c.adminEmails).toEqual(['a@x.com', 'b@y.org']);
    expect(c.quizManagerEmails).toEqual(['q@z.io']);
    expect(c.brandName).toBe('seatkeeper');
  });

  it('keeps the seller name as written (trimmed), refusing an overlong one', () => {
    expect(loadConfig({ DATA_DIR: dir(), SELLER_NAME: '  Seat Keeper Ltd. ' }).sellerName).toBe(
      'Seat Keeper Ltd.',
    );
    expect(loadConfig({ DATA_DIR: dir(), SELLER_NAME: ' ' }).sellerName).toBe('seatkeeper');
    expect(() => loadConfig({ DATA_DIR: dir(), SELLER_NAME: 'x'.repeat(201) })).toThrow(
      /SELLER_NAME must be at most 200 characters/,
    );
  });

  it('reads the seller time zone (default Asia/Shanghai), refusing a name Intl does not know', () => {
    expect(loadConfig({ DATA_DIR: dir() }).sellerTimeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ DATA_DIR: dir(), SELLER_TIME_ZONE: ' Europe/Paris ' }).sellerTimeZone).toBe(
      'Europe/Paris',
    );
    for (const bad of ['Mars/Olympus', 'Asia/Shanghai; drop table', '+08:00'])
      expect(() => loadConfig({ DATA_DIR: dir(), SELLER_TIME_ZONE: bad })).toThrow(
        /SELLER_TIME_ZONE must be an IANA time zone/,
      );
  });

  it('reads the support contact (an e-mail or an http(s) address; default none), refusing anything else', () => {
    expect(loadConfig({ DATA_DIR: dir() }).supportContact).toBe('');
    expect(
      loadConfig({ DATA_DIR: dir(), SUPPORT_CONTACT: ' help@shop.example ' }).supportContact,
    ).toBe('help@shop.example');
    expect(
      loadConfig({ DATA_DIR: dir(), SUPPORT_CONTACT: 'https://shop.example/contact' })
        .supportContact,
    ).toBe('https://shop.example/contact');
    for (const bad of [
      'javascript:alert(1)',
      'call us',
      'ftp://shop.example',
      'a@b',
      'x'.repeat(201),
    ])
      expect(() => loadConfig({ DATA_DIR: dir(), SUPPORT_CONTACT: bad })).toThrow(
        /SUPPORT_CONTACT must be an e-mail address or an http\(s\) address/,
      );
  });

  it('parses TRUST_PROXY like Express does', () => {
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8',
    );
  });

  it('refuses TRUST_PROXY=true (any client could spoof X-Forwarded-For), saying why', () => {
    for (const value of ['true', 'TRUE', ' true ']) {
      expect(() => loadConfig({ DATA_DIR: dir(), TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY=true is refused: it trusts every X-Forwarded-For entry, so any client could pick its own address .*number of proxies/,
      );
    }
    expect(() => loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY must be a hop count/,
    );
  });

  describe('development sign-in', () => {
    it('is on for an empty or loopback PUBLIC_URL without Google, with no warning', () => {
      for (const PUBLIC_URL of [
        '',
        'http://localhost:3000',
        'http://127.0.0.1:8080',
        'http://[::1]:3000',
        'http://shop.localhost',
      ]) {
        const c = loadConfig({ DATA_DIR: dir(), PUBLIC_URL });
        expect([PUBLIC_URL, c.devIdpEnabled, c.devIdpAnyHost, c.warnings]).toEqual([
          PUBLIC_URL,
          true,
          false,
          [],
        ]);
      }
    });

    it('is off on a public PUBLIC_URL without DEV_SIGN_IN=1, with one warning line', () => {
      const c = loadConfig({ DATA_DIR: dir(), PUBLIC_URL: 'https://licences.example.com' });
      expect(c.devIdpEnabled).toBe(false);
      expect(c.warnings).toHaveLength(1);
      expect(c.warnings[0]).not.toContain('\n');
      expect(c.warnings[0]).toMatch(
        /Google credentials are missing .*PUBLIC_URL https:\/\/licences\.example\.com is not a loopback origin .*DEV_SIGN_IN=1/,
      );
      expect(
        loadConfig({ DATA_DIR: dir(), PUBLIC_URL: 'http://127.0.0.1.nip.io' }).devIdpEnabled,
      ).toBe(false);
    });

    it('DEV_SIGN_IN=1 turns it on for any host, never in production nor with Google', () => {
      const c = loadConfig({
        DATA_DIR: dir(),
        PUBLIC_URL: 'https://staging.example.com',
        DEV_SIGN_IN: '1',
      });
      expect([c.devIdpEnabled, c.devIdpAnyHost, c.warnings]).toEqual([true, true, []]);
      expect(loadConfig({ DATA_DIR: dir(), DEV_SIGN_IN: '1', ...google })).toMatchObject({
        devIdpEnabled: false,
        devIdpAnyHost: false,
      });
      expect(
        loadConfig({ DATA_DIR: dir(), PUBLIC_URL: 'http://localhost', DEV_SIGN_IN: '0' })
          .devIdpAnyHost,
      ).toBe(false);
      expect(() =>
        loadConfig({
          NODE_ENV: 'production',
          BETTER_AUTH_SECRET: secret,
          ...google,
          ...alipay,
          DEV_SIGN_IN: '1',
        }),
      ).toThrow(/DEV_SIGN_IN=1 is refused in production/);
      expect(() => loadConfig({ DATA_DIR: dir(), DEV_SIGN_IN: 'yes' })).toThrow(
        /DEV_SIGN_IN must be 1 or 0/,
      );
    });
  });
});
