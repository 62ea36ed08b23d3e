import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './env';
import { isImageHostEntry, readEnv } from './env-schema';
import { securityConfig } from './security-config';

/** The environment read as loadConfig reads it: the schema's problems, then the exposure settings. */
const read = (env: Record<string, string>, isProduction: boolean) => {
  const { values, problems } = readEnv(env)!;
  return { security: securityConfig(values, { isProduction }), problems };
};
const dev = (env: Record<string, string> = {}) => read(env, false);
const prod = (env: Record<string, string> = {}) => read(env, true);
const dir = () => mkdtempSync(join(tmpdir(), 'seatkeeper-env-'));

describe('securityConfig (docs/security.md, "Exposure")', () => {
  it('listens on 127.0.0.1 outside production and on every interface in production, unless HOST says', () => {
    expect(dev().security.host).toBe('127.0.0.1');
    expect(prod().security.host).toBeUndefined();
    expect(dev({ HOST: '0.0.0.0' }).security.host).toBe('0.0.0.0');
    expect(prod({ HOST: '10.0.0.5' }).security.host).toBe('10.0.0.5');
    expect(dev({ HOST: '::' }).security.host).toBe('::');
    expect(dev({ HOST: 'localhost' }).security.host).toBe('localhost');
    for (const bad of ['http://0.0.0.0', '127.0.0.1:3000', '*.example.com', 'a b'])
      expect(dev({ HOST: bad }).problems).toEqual([
        expect.stringMatching(/^HOST must be an address to listen on/),
      ]);
  });

  it('serves the API document outside production, in production only with API_DOCS=true', () => {
    expect(dev().security.apiDocs).toBe(true);
    expect(prod().security.apiDocs).toBe(false);
    expect(prod({ API_DOCS: 'true' }).security.apiDocs).toBe(true);
    expect(dev({ API_DOCS: 'false' }).security.apiDocs).toBe(false);
    expect(dev({ API_DOCS: 'yes' }).problems).toEqual([
      'API_DOCS must be true or false (got "yes")',
    ]);
  });

  it('keeps admins off e-mail codes unless ADMIN_EMAIL_SIGN_IN=true, and allows 10 wrong codes a day by default', () => {
    expect(dev().security).toMatchObject({ adminEmailSignIn: false, emailCodeFailuresPerDay: 10 });
    expect(dev({ ADMIN_EMAIL_SIGN_IN: 'true' }).security.adminEmailSignIn).toBe(true);
    expect(dev({ EMAIL_CODE_FAILURES_PER_DAY: '3' }).security.emailCodeFailuresPerDay).toBe(3);
    for (const bad of ['0', '-1', '2.5', 'ten'])
      expect(dev({ EMAIL_CODE_FAILURES_PER_DAY: bad }).problems).toEqual([
        'EMAIL_CODE_FAILURES_PER_DAY must be a whole number from 1 to 1000',
      ]);
  });

  it('reads DOCS_IMAGE_HOSTS as host names (lower-case, no scheme, no path)', () => {
    expect(dev().security.docsImageHosts).toEqual([]);
    expect(
      dev({ DOCS_IMAGE_HOSTS: ' Images.Example.com,*.cdn.example.net:8443,,images.example.com' })
        .security.docsImageHosts,
    ).toEqual(['images.example.com', '*.cdn.example.net:8443']);
    for (const bad of ['https://images.example.com', 'images.example.com/x', '*', "'self'", 'a b'])
      expect([bad, isImageHostEntry(bad)]).toEqual([bad, false]);
    expect(isImageHostEntry('[2001:db8::1]:8080')).toBe(true);
    expect(dev({ DOCS_IMAGE_HOSTS: 'https://x.example' }).problems).toEqual([
      expect.stringMatching(/^DOCS_IMAGE_HOSTS must list host names/),
    ]);
  });
});

describe('the development mailbox in loadConfig', () => {
  it('is served exactly where the development sign-in is: not with Google, not behind a public PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: dir() }).mail.devMailbox).toBe(true);
    expect(
      loadConfig({ DATA_DIR: dir(), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).mail
        .devMailbox,
    ).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dir(), PUBLIC_URL: 'https://shop.example' }).mail.devMailbox,
    ).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dir(), PUBLIC_URL: 'https://shop.example', DEV_SIGN_IN: '1' }).mail
        .devMailbox,
    ).toBe(true);
  });
});
