import { mkdtempSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './env';

const dir = () => mkdtempSync(join(tmpdir(), 'seatkeeper-env-'));
const production = {
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: 'x'.repeat(40),
  GOOGLE_CLIENT_ID: 'id',
  GOOGLE_CLIENT_SECRET: 'secret',
  PUBLIC_URL: 'https://shop.example',
  DATABASE_URL: 'postgres://localhost/x',
  LICENSE_SIGNING_KEY: generateKeyPairSync('ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  ALIPAY_APP_ID: '2021',
  ALIPAY_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  ALIPAY_PUBLIC_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString(),
};

describe('EMAIL_SIGN_IN', () => {
  it('is off by default, on with true or 1', () => {
    expect(loadConfig({ DATA_DIR: dir() }).emailSignIn).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), EMAIL_SIGN_IN: 'false' }).emailSignIn).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), EMAIL_SIGN_IN: 'true' }).emailSignIn).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), EMAIL_SIGN_IN: '1' }).emailSignIn).toBe(true);
  });

  it('refuses anything else', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), EMAIL_SIGN_IN: 'yes' })).toThrow(
      'EMAIL_SIGN_IN must be true or false (got "yes")',
    );
  });

  it('warns in production when the codes could not be sent', () => {
    const c = loadConfig({ ...production, DATA_DIR: dir(), EMAIL_SIGN_IN: 'true' });
    expect(c.warnings.join('\n')).toContain('EMAIL_SIGN_IN=true but SMTP_URL is not set');
    const sending = loadConfig({
      ...production,
      DATA_DIR: dir(),
      EMAIL_SIGN_IN: 'true',
      SMTP_URL: 'smtps://u:p@smtp.example.com',
      MAIL_FROM: 'a@example.com',
    });
    expect(sending.warnings.join('\n')).not.toContain('EMAIL_SIGN_IN');
  });
});
