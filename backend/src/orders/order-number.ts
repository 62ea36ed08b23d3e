import { randomInt } from 'node:crypto';

/** Public order number: SK + UTC yyyyMMddHHmmss + 6 random digits (unique constraint as the backstop). */
export function newOrderNumber(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `SK${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
