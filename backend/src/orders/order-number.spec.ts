import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { newOrderNumber, retryOnTakenOrderNumber } from './order-number';

const duplicate = (constraint: string) =>
  new UniqueConstraintViolationException(
    new Error(
      `insert into "orders" ... - duplicate key value violates unique constraint "${constraint}"`,
    ),
  );

describe('newOrderNumber', () => {
  it('is SK, the UTC time to the millisecond and 9 random digits', () => {
    expect(newOrderNumber(new Date('2026-11-26T06:23:06.971Z'))).toMatch(
      /^SK20261126062306971\d{9}$/,
    );
  });

  it('draws its 9 digits at random within one millisecond', () => {
    // 1,000 numbers in the same millisecond: a repeat has odds of 1 in 2,000 with 9 random digits (it
    // was certain with the former 6 digits per second at this count).
    const now = new Date();
    const numbers = new Set(Array.from({ length: 1000 }, () => newOrderNumber(now)));
    expect(numbers.size).toBeGreaterThanOrEqual(999);
  });
});

describe('retryOnTakenOrderNumber', () => {
  it('repeats the transaction when the order number was taken, up to 3 times', async () => {
    let runs = 0;
    const answer = await retryOnTakenOrderNumber(async () => {
      if (++runs < 3) throw duplicate('orders_order_id_unique');
      return 'created';
    });
    expect([answer, runs]).toEqual(['created', 3]);
    runs = 0;
    await expect(
      retryOnTakenOrderNumber(async () => {
        runs++;
        throw duplicate('orders_order_id_unique');
      }),
    ).rejects.toBeInstanceOf(UniqueConstraintViolationException);
    expect(runs).toBe(3);
  });

  it('does not repeat other failures', async () => {
    let runs = 0;
    const other = duplicate('licenses_user_domain_unique');
    await expect(
      retryOnTakenOrderNumber(async () => {
        runs++;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(runs).toBe(1);
  });
});
