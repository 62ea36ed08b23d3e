import { refundNumberOf } from './refund-number';

describe('refundNumberOf', () => {
  const order = 'SK20261127120000000123456789';

  it('numbers the first refund R + the order number', () => {
    expect(refundNumberOf(order)).toBe(`R${order}`);
    expect(refundNumberOf(order, { refundNo: null, refundId: null, failed: false })).toBe(
      `R${order}`,
    );
  });

  it('keeps the number after a failure the gateway did not record as a refund (no refund id)', () => {
    expect(refundNumberOf(order, { refundNo: `R${order}`, refundId: null, failed: true })).toBe(
      `R${order}`,
    );
    expect(refundNumberOf(order, { refundNo: `R${order}-2`, refundId: null, failed: true })).toBe(
      `R${order}-2`,
    );
  });

  it('takes the next number after a refund that ended at the gateway (failed with its refund id)', () => {
    expect(refundNumberOf(order, { refundNo: `R${order}`, refundId: '5030a', failed: true })).toBe(
      `R${order}-2`,
    );
    expect(
      refundNumberOf(order, { refundNo: `R${order}-2`, refundId: '5030b', failed: true }),
    ).toBe(`R${order}-3`);
    expect(
      refundNumberOf(order, { refundNo: `R${order}-9`, refundId: '5030c', failed: true }),
    ).toBe(`R${order}-10`);
  });

  it('keeps the number of a refund that did not fail', () => {
    expect(refundNumberOf(order, { refundNo: `R${order}`, refundId: '5030a', failed: false })).toBe(
      `R${order}`,
    );
  });
});
