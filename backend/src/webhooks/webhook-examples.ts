import type { WebhookEventType } from '@seatkeeper/domain';

/** The example customer and order the events below share. */
const CUSTOMER = {
  id: '3f2b8c1e-0d5a-4a57-9a43-1c2d3e4f5a6b',
  email: 'zhang@example.com',
  name: '张三',
};
const ORDER = {
  orderId: 'SK20261220143005123456',
  product: 'Seatkeeper Pro',
  tier: 'pro',
  seatCount: 3,
  amount: 169900,
  currency: 'CNY',
  paymentMethod: 'alipay',
  gateway: 'alipay',
  paidAt: '2026-12-20T06:30:12.000Z',
  needsRefund: false,
  customer: CUSTOMER,
};

/**
 * One example `data` per event (docs/webhooks.md shows the same), also what "Send a test event" sends,
 * with `"test": true`.
 */
export const EXAMPLE_DATA: Record<WebhookEventType, Record<string, unknown>> = {
  'order.paid': ORDER,
  'order.refunded': {
    ...ORDER,
    refundNo: 'RF20261221090000654321',
    refundedAt: '2026-12-21T01:00:03.000Z',
    revokedSeats: [{ seatIndex: 2, websiteUrl: 'https://blog.example.com' }],
  },
  'order.refund_failed': {
    ...ORDER,
    refundNo: 'RF20261221090000654321',
    error: 'ACQ.TRADE_HAS_FINISHED: the trade is closed',
  },
  'seat.bound': {
    seatId: '9b1e7c52-6a1f-4d7e-8c3b-2a4f6e8d0c1b',
    seatIndex: 1,
    tier: 'pro',
    websiteUrl: 'https://shop.example.com',
    customer: { id: CUSTOMER.id, email: CUSTOMER.email },
    previousWebsiteUrl: null,
    by: 'customer',
  },
  'seat.rebound': {
    seatId: '9b1e7c52-6a1f-4d7e-8c3b-2a4f6e8d0c1b',
    seatIndex: 1,
    tier: 'pro',
    websiteUrl: 'https://new-shop.example.com',
    customer: { id: CUSTOMER.id, email: CUSTOMER.email },
    previousWebsiteUrl: 'https://shop.example.com',
    by: 'customer',
  },
  'seat.revoked': {
    seatId: '9b1e7c52-6a1f-4d7e-8c3b-2a4f6e8d0c1b',
    seatIndex: 2,
    websiteUrl: 'https://blog.example.com',
    reason: 'refund',
    orderId: ORDER.orderId,
    customer: { id: CUSTOMER.id, email: CUSTOMER.email },
  },
  'customer.created': {
    customer: {
      ...CUSTOMER,
      language: 'zh-CN',
      createdAt: '2026-12-20T06:20:00.000Z',
    },
  },
  'release.published': {
    releaseId: '5d0c2a8e-1b3f-4e6a-9c7d-8e0f1a2b3c4d',
    product: 'plugin',
    version: '2.4.0',
    publishedAt: '2026-12-20T08:00:00.000Z',
  },
  'mail.failed': {
    mailId: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
    kind: 'order-paid',
    recipient: 'zhang@example.com',
    attempts: 5,
    error: '550 5.1.1 mailbox unavailable',
  },
  'backup.failed': {
    backupId: '1c9e8d7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f',
    error: 'ENOSPC: no space left on device',
    trigger: 'schedule',
    at: '2026-12-20T03:00:00.000Z',
  },
};
