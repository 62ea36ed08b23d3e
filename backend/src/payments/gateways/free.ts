import { inEveryLanguage } from '../../i18n/server-i18n';
/**
 * The "gateway" of a free order (docs/payments.md, "Free orders"): an order whose amount is 0 after its
 * discount is paid at once by its code and recorded under `free`. It is no gateway: nothing creates, closes,
 * queries or refunds a payment there (a refund of a free order moves ¥0 and completes at once), and it is
 * not among GATEWAY_FACTORIES, so configuration cannot enable it and no notification can name it. Only its
 * name is known, for the screens.
 */
export const FREE_GATEWAY = {
  name: 'free',
  displayName: inEveryLanguage('payments', 'gateways.free.name'),
} as const;

/** How a free order is paid (orders.payment_method): by its discount code. */
export const FREE_ORDER_METHOD = 'discount';
