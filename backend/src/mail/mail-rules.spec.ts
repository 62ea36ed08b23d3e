import {
  afterFailure,
  describeSmtpFailure,
  isPermanentSmtpFailure,
  maxAttempts,
} from './mail-rules';

const DEFAULT = [60, 300, 1800, 7200];

describe('afterFailure', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, then gives up (five attempts)', () => {
    expect([1, 2, 3, 4, 5].map((n) => afterFailure(n, false, DEFAULT))).toEqual([
      { retry: true, delaySeconds: 60 },
      { retry: true, delaySeconds: 300 },
      { retry: true, delaySeconds: 1800 },
      { retry: true, delaySeconds: 7200 },
      { retry: false },
    ]);
    expect(maxAttempts(DEFAULT)).toBe(5);
  });

  it('gives up at once on a permanent failure, and with no delays configured', () => {
    expect(afterFailure(1, true, DEFAULT)).toEqual({ retry: false });
    expect(afterFailure(1, false, [])).toEqual({ retry: false });
    expect(maxAttempts([])).toBe(1);
  });
});

describe('isPermanentSmtpFailure', () => {
  it('is a 5xx answer or an envelope nodemailer refuses', () => {
    expect(isPermanentSmtpFailure({ responseCode: 550, code: 'EENVELOPE' })).toBe(true);
    expect(isPermanentSmtpFailure({ responseCode: 535, code: 'EAUTH' })).toBe(true);
    expect(isPermanentSmtpFailure({ code: 'EENVELOPE' })).toBe(true);
  });

  it('is not a 4xx answer, a refused connection or a timeout', () => {
    expect(isPermanentSmtpFailure({ responseCode: 421, code: 'EPROTOCOL' })).toBe(false);
    expect(isPermanentSmtpFailure({ responseCode: 451, code: 'EMESSAGE' })).toBe(false);
    expect(isPermanentSmtpFailure({ code: 'ECONNREFUSED' })).toBe(false);
    expect(isPermanentSmtpFailure({ code: 'ETIMEDOUT' })).toBe(false);
    expect(isPermanentSmtpFailure({})).toBe(false);
  });
});

describe('describeSmtpFailure', () => {
  it('keeps the answer on one line and never the password', () => {
    const url = 'smtps://user:s3cr%21t@smtp.example.com:465';
    expect(
      describeSmtpFailure(
        { responseCode: 535, response: '535 auth failed for\r\n user:s3cr!t', code: 'EAUTH' },
        url,
      ),
    ).toBe('535 auth failed for user:***');
    expect(describeSmtpFailure({ code: 'ECONNREFUSED', message: `connect ${url}` }, url)).toBe(
      'ECONNREFUSED connect [SMTP_URL]',
    );
    expect(describeSmtpFailure({ message: 'x'.repeat(600) })).toHaveLength(500);
  });
});
