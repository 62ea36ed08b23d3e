import { metricsAccess } from './metrics-access';

const local = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => ({
  headers: { host: '127.0.0.1:3000', ...headers },
  socket: { remoteAddress },
});

describe('metricsAccess (docs/monitoring.md, Access)', () => {
  const token = 'metrics-token-0123456789abcdef';

  it('with a token, allows exactly that bearer token, from anywhere', () => {
    expect(metricsAccess(local({ authorization: `Bearer ${token}` }, '203.0.113.9'), token)).toBe(
      'allowed',
    );
    expect(metricsAccess(local({ authorization: `bearer ${token}` }), token)).toBe('allowed');
  });

  it('with a token, refuses a missing, wrong or differently sized token, even from loopback', () => {
    expect(metricsAccess(local(), token)).toBe('unauthorized');
    expect(metricsAccess(local({ authorization: `Bearer ${token}x` }), token)).toBe('unauthorized');
    expect(metricsAccess(local({ authorization: 'Bearer short' }), token)).toBe('unauthorized');
    expect(metricsAccess(local({ authorization: `Basic ${token}` }), token)).toBe('unauthorized');
  });

  it('without a token, allows a loopback request with a loopback Host', () => {
    expect(metricsAccess(local(), undefined)).toBe('allowed');
    expect(metricsAccess(local({ host: 'localhost:3000' }, '::1'), undefined)).toBe('allowed');
    expect(metricsAccess(local({}, '::ffff:127.0.0.1'), undefined)).toBe('allowed');
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
    ['Forwarded', { forwarded: 'for=203.0.113.9' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.9' }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'shop.example' }],
  ])('without a token, refuses a loopback request carrying %s', (_name, headers) => {
    expect(metricsAccess(local(headers), undefined)).toBe('not-found');
  });

  it('without a token, refuses a request from another address or to a public Host', () => {
    expect(metricsAccess(local({}, '10.0.0.7'), undefined)).toBe('not-found');
    expect(metricsAccess(local({ host: 'shop.example' }), undefined)).toBe('not-found');
  });
});
