import { randomInt } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';

/**
 * Public order number: SK + UTC yyyyMMddHHmmssSSS + 9 random digits (28 characters; Alipay allows 64).
 * A billion numbers per millisecond: two orders colliding needs ~40,000 orders in one millisecond for
 * even odds, where 6 digits per second collided about every 8 s at 500 orders/s (bench:orders found it).
 * The unique constraint stays as the backstop.
 */
export function newOrderNumber(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T.Z]/g, '');
  return `SK${stamp}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/**
 * Runs a transaction that creates an order again, with a new number, in the (astronomically unlikely)
 * case its number was taken: the transaction rolled back whole, so repeating it is safe.
 */
export async function retryOnTakenOrderNumber<T>(
  transaction: () => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (e) {
      const taken =
        e instanceof UniqueConstraintViolationException &&
        e.message.includes('orders_order_id_unique');
      if (!taken || attempt >= attempts) throw e;
    }
  }
}
