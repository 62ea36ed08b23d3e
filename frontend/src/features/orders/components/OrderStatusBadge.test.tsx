import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from './OrderStatusBadge';

describe('ORDER_STATUS', () => {
  it('labels and colours each status as the spec says', () => {
    expect(ORDER_STATUS).toEqual({
      paid: { label: 'Paid', color: 'green' },
      pending: { label: 'Pending', color: 'yellow' },
      failed: { label: 'Failed', color: 'red' },
      cancelled: { label: 'Cancelled', color: 'gray' },
      expired: { label: 'Expired', color: 'orange' },
      refunded: { label: 'Refunded', color: 'indigo' },
    });
  });
});
