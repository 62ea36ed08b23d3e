import { updateEntitlement } from './update-rules';

const base = {
  boundSeatId: null,
  activeSeatId: null,
  host: 'shop.example',
  productName: 'Visual Editor',
  consoleUrl: 'https://store.example/dashboard',
};

describe('updateEntitlement', () => {
  it('gives the package to a valid code on a bound site, for that seat', () => {
    expect(updateEntitlement({ ...base, check: { code: 'VALID' }, boundSeatId: 'seat-1' })).toEqual(
      { code: 'VALID', seatId: 'seat-1', development: false, notice: null },
    );
  });

  it('gives a development host the package when the customer holds an active seat', () => {
    const dev = {
      ...base,
      host: 'localhost:8080',
      check: { code: 'VALID' as const, development: true },
    };
    expect(updateEntitlement({ ...dev, activeSeatId: 'seat-2' })).toEqual({
      code: 'VALID',
      seatId: 'seat-2',
      development: true,
      notice: null,
    });
    expect(updateEntitlement(dev)).toMatchObject({ code: 'NO_ACTIVE_LICENSE', seatId: null });
  });

  it('says what to do otherwise', () => {
    const notice = (
      check: Parameters<typeof updateEntitlement>[0]['check'],
      host = 'shop.example',
    ) => updateEntitlement({ ...base, activeSeatId: 'seat-elsewhere', host, check });
    expect(notice({ code: 'TOKEN_INVALID' })).toEqual({
      code: 'TOKEN_INVALID',
      seatId: null,
      development: false,
      notice: 'Enter a valid activation code in Settings → Visual Editor licence',
    });
    expect(notice({ code: 'DOMAIN_NOT_BOUND' }).notice).toBe(
      'Bind shop.example to a seat in the console: https://store.example/dashboard',
    );
    expect(
      updateEntitlement({ ...base, activeSeatId: null, check: { code: 'DOMAIN_NOT_BOUND' } }),
    ).toEqual({
      code: 'NO_ACTIVE_LICENSE',
      seatId: null,
      development: false,
      notice:
        'No active licence: buy a plan in the console to get updates: https://store.example/dashboard',
    });
    expect(
      updateEntitlement({ ...base, activeSeatId: null, host: null, check: { code: 'VALID' } }).code,
    ).toBe('NO_ACTIVE_LICENSE');
    expect(notice({ code: 'LICENSE_REVOKED' })).toMatchObject({
      code: 'LICENSE_REVOKED',
      seatId: null,
    });
    expect(notice({ code: 'LICENSE_EXPIRED' }).notice).toContain('renew it in the console');
    expect(
      updateEntitlement({ ...base, activeSeatId: 'seat-9', host: null, check: { code: 'VALID' } }),
    ).toMatchObject({
      code: 'DOMAIN_NOT_BOUND',
      seatId: null,
      notice: 'Bind this site to a seat in the console: https://store.example/dashboard',
    });
  });
});
