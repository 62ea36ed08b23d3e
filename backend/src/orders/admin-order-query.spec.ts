import {
  ADMIN_ORDER_SORTS,
  createdWindow,
  keysetAfter,
  orderByOf,
  tradeNoOf,
} from './admin-order-query';

describe('admin orders list rules', () => {
  it('sorts by time (newest first by default) or amount, ties broken by id', () => {
    expect(orderByOf('time_desc')).toBe('o.created_at desc, o.id desc');
    expect(orderByOf('time_asc')).toBe('o.created_at asc, o.id asc');
    expect(orderByOf('amount_desc')).toMatch(/^o\.amount desc, .*o\.id desc$/);
    expect(orderByOf('amount_asc')).toMatch(/^o\.amount asc, .*o\.id desc$/);
    expect(new Set(ADMIN_ORDER_SORTS.map(orderByOf)).size).toBe(ADMIN_ORDER_SORTS.length);
  });

  it("reads a date range: from inclusive, to exclusive, a date alone is the seller's whole day", () => {
    expect(createdWindow(undefined, undefined, 'Asia/Shanghai')).toEqual({ from: null, to: null });
    // Shanghai is UTC+8: its 1 March begins at 16:00 UTC on 28 February.
    expect(createdWindow('2026-03-01', '2026-03-31', 'Asia/Shanghai')).toEqual({
      from: new Date('2026-02-28T16:00:00Z'),
      to: new Date('2026-03-31T16:00:00Z'),
    });
    expect(createdWindow('2026-03-01', '2026-03-31', 'UTC')).toEqual({
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-04-01T00:00:00Z'),
    });
    expect(createdWindow('2026-03-01T16:00:00Z', '2026-03-02T16:00:00Z', 'Asia/Shanghai')).toEqual({
      from: new Date('2026-03-01T16:00:00Z'),
      to: new Date('2026-03-02T16:00:00Z'),
    });
    expect(createdWindow(undefined, '2026-12-31', 'Asia/Shanghai').to).toEqual(
      new Date('2026-12-31T16:00:00Z'),
    );
    // New York's summer time: 8 March 2026 has 23 hours.
    expect(createdWindow('2026-03-08', '2026-03-08', 'America/New_York')).toEqual({
      from: new Date('2026-03-08T05:00:00Z'),
      to: new Date('2026-03-09T04:00:00Z'),
    });
  });

  it("reads the gateway's trade number from an order's metadata", () => {
    expect(tradeNoOf(JSON.stringify({ tradeNo: '2026T1' }))).toBe('2026T1');
    expect(tradeNoOf(JSON.stringify({ tradeNo: null }))).toBeNull();
    expect(tradeNoOf(null)).toBeNull();
    expect(tradeNoOf('not json')).toBeNull();
  });
});

describe('the export keyset', () => {
  const c = { createdAt: '2026-01-10 10:00:00.123456+00', amount: 500, id: 'id-1' };
  it('continues after the last row in each sort’s order, with the cursor as parameters', () => {
    expect(keysetAfter('time_desc', c)).toEqual({
      sql: 'o.created_at <= ?::timestamptz and (o.created_at, o.id) < (?::timestamptz, ?::uuid)',
      params: [c.createdAt, c.createdAt, 'id-1'],
    });
    expect(keysetAfter('time_asc', c).sql).toContain('(o.created_at, o.id) > (');
    expect(keysetAfter('amount_desc', c)).toEqual({
      sql: 'o.amount <= ? and (o.amount, o.created_at, o.id) < (?, ?::timestamptz, ?::uuid)',
      params: [500, 500, c.createdAt, 'id-1'],
    });
    expect(keysetAfter('amount_asc', c)).toEqual({
      sql: '(o.amount > ? or (o.amount = ? and (o.created_at, o.id) < (?::timestamptz, ?::uuid)))',
      params: [500, 500, c.createdAt, 'id-1'],
    });
  });
});
