import { endReasonOf, endReasonText } from './order-end-reason';

describe('why an order ended: stored as a code, read back with its parameter', () => {
  it('writes a code alone or with its parameter', () => {
    expect(endReasonText('cancelled_by_customer')).toBe('cancelled_by_customer');
    expect(endReasonText('replaced_by_order', 'SK20260101ABC')).toBe(
      'replaced_by_order:SK20260101ABC',
    );
    expect(endReasonText('gateway_refused', 'x'.repeat(600))).toHaveLength(500);
  });

  it('reads a stored code back, its parameter in its place', () => {
    expect(endReasonOf('replaced_by_order:SK1')).toEqual({
      code: 'replaced_by_order',
      orderId: 'SK1',
      detail: null,
    });
    expect(endReasonOf('gateway_refused:timeout: no answer')).toEqual({
      code: 'gateway_refused',
      orderId: null,
      detail: 'timeout: no answer',
    });
    expect(endReasonOf('qr_expired')).toEqual({ code: 'qr_expired', orderId: null, detail: null });
    expect(endReasonOf(null)).toBeNull();
    expect(endReasonOf('')).toBeNull();
  });

  it('keeps a text that is no code as it is (other)', () => {
    expect(endReasonOf('paid twice, see ticket 12')).toEqual({
      code: 'other',
      orderId: null,
      detail: 'paid twice, see ticket 12',
    });
    expect(endReasonOf('other:x')).toMatchObject({ code: 'other', detail: 'other:x' });
  });
});
