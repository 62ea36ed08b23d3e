import { actorOf, auditWindow, TARGET_FILTER, targetFilterOf, targetOf } from './audit-rules';

describe('audit rules', () => {
  it('tells admins, customers, gateways and the system apart', () => {
    expect(actorOf('admin@shop.test')).toEqual({
      kind: 'admin',
      email: 'admin@shop.test',
      userId: null,
    });
    expect(actorOf('user:7f0c8f52-7b3b-4a4e-9d7e-2f1c0b9a1234')).toEqual({
      kind: 'customer',
      email: null,
      userId: '7f0c8f52-7b3b-4a4e-9d7e-2f1c0b9a1234',
    });
    expect(actorOf('gateway:alipay')).toMatchObject({ kind: 'gateway', email: null });
    expect(actorOf('system')).toMatchObject({ kind: 'system', email: null });
    // A customer's bind records the customer's e-mail (seat-history.ts bindRecord).
    expect(actorOf('buyer@shop.test', 'license.bind')).toEqual({
      kind: 'customer',
      email: 'buyer@shop.test',
      userId: null,
    });
    expect(actorOf('admin@shop.test', 'license.domain')).toMatchObject({ kind: 'admin' });
  });

  it("reads the list's target filter: an order number, a seat id or a customer's e-mail, else nothing", () => {
    const id = '7F0C8F52-7B3B-4A4E-9D7E-2F1C0B9A1234';
    expect(targetFilterOf('sk20261126120000123456789012')).toEqual({
      kind: 'order',
      orderNumber: 'SK20261126120000123456789012',
    });
    expect(targetFilterOf(id)).toEqual({ kind: 'seat', licenseId: id.toLowerCase() });
    expect(targetFilterOf(' Buyer@Example.com ')).toEqual({
      kind: 'customer',
      email: 'buyer@example.com',
    });
    for (const bad of ['SAVE10', 'SK123', `${id} (seat 2)`, "x' or 1=1 --", ''])
      expect(targetFilterOf(bad)).toBeNull();
    for (const bad of ['SAVE10', 'SK123', `${id} (seat 2)`, 'a b@c.d'])
      expect(TARGET_FILTER.test(bad)).toBe(false);
    expect(TARGET_FILTER.test(id) && TARGET_FILTER.test('a@b.c') && TARGET_FILTER.test('')).toBe(
      true,
    );
  });

  it('reads order numbers, e-mails and seats from targets', () => {
    expect(targetOf('SK20261126120000123456789012')).toEqual({
      orderNumber: 'SK20261126120000123456789012',
      email: null,
      licenseId: null,
    });
    expect(targetOf('Buyer@Example.com')).toMatchObject({ email: 'buyer@example.com' });
    expect(targetOf('7f0c8f52-7b3b-4a4e-9d7e-2f1c0b9a1234 (seat 2)')).toMatchObject({
      licenseId: '7f0c8f52-7b3b-4a4e-9d7e-2f1c0b9a1234',
    });
    expect(targetOf('SAVE10')).toEqual({ orderNumber: null, email: null, licenseId: null });
    expect(targetOf('12 addresses')).toEqual({ orderNumber: null, email: null, licenseId: null });
  });

  it("windows dates: from inclusive, to exclusive, a date alone is its whole day in the seller's time zone; an inverted range is refused", () => {
    expect(auditWindow('2026-01-01', '2026-01-31')).toEqual({
      from: new Date('2026-01-01T00:00:00Z'),
      to: new Date('2026-02-01T00:00:00Z'),
    });
    expect(auditWindow(undefined, '2026-01-01T08:00:00+08:00')).toEqual({
      from: null,
      to: new Date('2026-01-01T00:00:00Z'),
    });
    expect(auditWindow('2026-01-02', '2026-01-01')).toBeNull();
    expect(auditWindow('2026-01-01', '2026-01-01')).not.toBeNull(); // the whole day
    expect(auditWindow('2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z')).toBeNull();
    // Days of the seller's time zone (the dashboard's and the orders list's).
    expect(auditWindow('2026-01-01', '2026-01-01', 'Asia/Shanghai')).toEqual({
      from: new Date('2025-12-31T16:00:00Z'),
      to: new Date('2026-01-01T16:00:00Z'),
    });
  });
});
