import { readEnv } from './env-schema';
import { mailConfig } from './mail-config';

/** The environment read as loadConfig reads it: the schema's problems (each variable's own), then mail's. */
const read = (env: Record<string, string>, isProduction = false) => {
  const { values, problems } = readEnv(env)!;
  const mail = mailConfig(values, { isProduction, sellerName: 'Seat Shop' });
  return { ...mail, problems: [...problems, ...mail.problems] };
};

describe('mailConfig', () => {
  it('without SMTP_URL: nothing sent, the development mailbox outside production, a warning in production', () => {
    const dev = read({});
    expect(dev.problems).toEqual([]);
    expect(dev.mail).toMatchObject({
      smtpUrl: undefined,
      devMailbox: true,
      from: 'Seat Shop <no-reply@localhost.localdomain>',
      retryDelaysSeconds: [60, 300, 1800, 7200],
      leaseSeconds: 120,
    });
    const prod = read({}, true);
    expect(prod.problems).toEqual([]);
    expect(prod.mail.devMailbox).toBe(false);
    expect(prod.warnings).toEqual([expect.stringContaining('SMTP_URL is not set')]);
  });

  it('takes an smtp(s) URL with MAIL_FROM, and never echoes the URL in a problem', () => {
    const ok = read({
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      MAIL_FROM: 'Shop <r@example.com>',
    });
    expect(ok.problems).toEqual([]);
    expect(ok.mail.devMailbox).toBe(false);
    const bad = read({ SMTP_URL: 'http://u:secret@example.com', MAIL_FROM: 'r@example.com' });
    expect(bad.problems).toEqual([expect.stringMatching(/^SMTP_URL must be an smtp:\/\//)]);
    expect(bad.problems.join()).not.toContain('secret');
    expect(read({ SMTP_URL: 'smtp://smtp.example.com' }).problems).toEqual([
      expect.stringMatching(/^MAIL_FROM is required with SMTP_URL/),
    ]);
    expect(read({ MAIL_FROM: 'not an address' }).problems).toEqual([
      expect.stringMatching(/^MAIL_FROM must be an address/),
    ]);
  });

  it('refuses timings that could send twice or make no sense', () => {
    expect(read({ MAIL_LEASE_SECONDS: '10', MAIL_SEND_TIMEOUT_MS: '10000' }).problems).toEqual([
      expect.stringMatching(/^MAIL_SEND_TIMEOUT_MS must be shorter than MAIL_LEASE_SECONDS/),
    ]);
    expect(read({ MAIL_RETRY_DELAYS: '60,x' }).problems).toEqual([
      expect.stringMatching(/^MAIL_RETRY_DELAYS must be/),
    ]);
    expect(read({ MAIL_RETRY_DELAYS: '' }).mail.retryDelaysSeconds).toEqual([]);
    expect(read({ MAIL_POLL_MS: '0' }).problems).toEqual(['MAIL_POLL_MS must be a number >= 50']);
  });
});
