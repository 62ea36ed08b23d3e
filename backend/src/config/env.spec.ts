import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './env';

const dir = () => mkdtempSync(join(tmpdir(), 'seatkeeper-env-'));
const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
const alipay = { ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: 'k', ALIPAY_PUBLIC_KEY: 'p', PUBLIC_URL: 'https://shop.example' };
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
    const c = loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, ...google, ...alipay });
    expect(c.devIdpEnabled).toBe(false);
    expect(c.payments.gateway).toBe('alipay');
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

  it('refuses the sandbox gateway in production and incomplete Alipay settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, ...google })).toThrow(
      /PAYMENT_GATEWAY=sandbox is refused in production/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), PAYMENT_GATEWAY: 'alipay' })).toThrow(
      /ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY are required.*PUBLIC_URL is required/,
    );
    expect(loadConfig({ DATA_DIR: dir() }).payments).toEqual({ gateway: 'sandbox', alipay: undefined, qrLifetimeSeconds: 1800 });
  });

  it('lists every bad variable by name', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dir(), PORT: 'abc', DATABASE_URL: 'mysql://x', GOOGLE_CLIENT_ID: 'only-id', PUBLIC_URL: 'https://x.com/app' }),
    ).toThrow(/PORT .*PUBLIC_URL .*DATABASE_URL .*GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together/);
  });

  it('normalises role e-mail lists and the brand name', () => {
    const c = loadConfig({ DATA_DIR: dir(), ADMIN_EMAILS: ' A@X.com, b@y.org ,', QUIZ_MANAGER_EMAILS: 'Q@z.io', BRAND_NAME: 'SeatKeeper' });
    expect(c.adminEmails).toEqual(['a@x.com', 'b@y.org']);
    expect(c.quizManagerEmails).toEqual(['q@z.io']);
    expect(c.brandName).toBe('seatkeeper');
  });

  it('parses TRUST_PROXY like Express does', () => {
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });
});
