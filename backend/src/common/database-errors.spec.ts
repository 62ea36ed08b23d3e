import { isDatabaseUnavailable } from './database-errors';

describe('isDatabaseUnavailable', () => {
  it.each([
    { code: 'ECONNREFUSED' },
    { code: '57P01', message: 'terminating connection due to administrator command' },
    { code: '57P03' },
    { code: '08006' },
    { message: 'Connection terminated unexpectedly' },
    { message: 'wrapped', cause: { code: 'ECONNREFUSED' } },
  ])('recognises %p', (e) => expect(isDatabaseUnavailable(e)).toBe(true));

  it.each([
    { code: '23505' },
    new Error('boom'),
    null,
    undefined,
    // protocol_violation: a NUL in a text parameter, not an outage
    { code: '08P01', message: 'invalid message format' },
    { message: 'wrapped', cause: { code: '08P01' } },
  ])('ignores %p', (e) => expect(isDatabaseUnavailable(e)).toBe(false));
});
