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

  it.each([{ code: '23505' }, new Error('boom'), null, undefined])('ignores %p', (e) => expect(isDatabaseUnavailable(e)).toBe(false));
});
