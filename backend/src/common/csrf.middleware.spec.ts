import type { Request, Response } from 'express';
import { csrfProtection } from './csrf.middleware';

const mw = csrfProtection({ publicUrl: '' });

/** `cookie: 'sk.sid=...'` in these cases stands for a request the session middleware signed in. */
function run(method: string, headers: Record<string, string>, session?: { userId?: string }) {
  let status = 0;
  let body: unknown;
  let passed = false;
  const signedIn =
    session ?? (/(^|; )sk\.sid=/.test(headers.cookie ?? '') ? { userId: 'u1' } : undefined);
  const req = {
    method,
    headers,
    session: signedIn,
    protocol: 'http',
    get: (h: string) => (h === 'host' ? 'shop.test' : undefined),
  } as unknown as Request;
  const res = {
    status: (s: number) => ((status = s), res),
    json: (b: unknown) => (body = b),
  } as unknown as Response;
  mw(req, res, () => (passed = true));
  return { status, body, passed };
}

describe('csrfProtection', () => {
  it('lets safe methods and requests without a signed-in session through', () => {
    expect(run('GET', { cookie: 'sk.sid=abc' }).passed).toBe(true);
    expect(run('POST', {}).passed).toBe(true);
    expect(run('POST', { cookie: 'other=1' }).passed).toBe(true);
    expect(run('POST', { cookie: 'sk.sid=abc', origin: 'http://evil.test' }, {}).passed).toBe(true);
  });

  it('decides from the session, whatever the Cookie header looks like', () => {
    // "sk.sid =…" is a cookie the session parser accepts (it trims names); a raw "sk.sid=" match missed it.
    const r = run(
      'POST',
      { cookie: 'x=sk.sid=; sk.sid =abc', origin: 'http://evil.test' },
      { userId: 'u1' },
    );
    expect([r.passed, r.status]).toEqual([false, 403]);
  });

  it('accepts our own Origin or Referer', () => {
    expect(run('POST', { cookie: 'sk.sid=abc', origin: 'http://shop.test' }).passed).toBe(true);
    expect(
      run('DELETE', { cookie: 'a=1; sk.sid=abc', referer: 'http://shop.test/x?y' }).passed,
    ).toBe(true);
  });

  it('accepts what the browser marks Sec-Fetch-Site: same-origin, even with Origin: null', () => {
    expect(
      run('POST', { cookie: 'sk.sid=abc', origin: 'null', 'sec-fetch-site': 'same-origin' }).passed,
    ).toBe(true);
    expect(
      run('POST', { cookie: 'sk.sid=abc', origin: 'null', 'sec-fetch-site': 'cross-site' }).passed,
    ).toBe(false);
    expect(run('POST', { cookie: 'sk.sid=abc', 'sec-fetch-site': 'same-site' }).passed).toBe(false);
  });

  it('refuses a foreign or missing origin with 403', () => {
    const cases: Record<string, string>[] = [
      { origin: 'http://evil.test' },
      { referer: 'http://shop.test.evil.test/' },
      {},
      { origin: 'null' },
    ];
    for (const headers of cases) {
      const r = run('POST', { cookie: 'sk.sid=abc', ...headers });
      expect(r.passed).toBe(false);
      expect(r.status).toBe(403);
      expect(r.body).toEqual({
        statusCode: 403,
        error: 'Cross-site request refused',
        message: 'Cross-site request refused',
        code: 'CROSS_SITE_REFUSED',
      });
    }
  });

  it('compares with PUBLIC_URL when configured', () => {
    const behindProxy = csrfProtection({ publicUrl: 'https://licences.example' });
    let passed = false;
    const req = {
      method: 'POST',
      headers: { origin: 'https://licences.example' },
      session: { userId: 'u1' },
      protocol: 'http',
      get: () => 'internal:3000',
    };
    behindProxy(req as unknown as Request, {} as Response, () => (passed = true));
    expect(passed).toBe(true);
  });
});
