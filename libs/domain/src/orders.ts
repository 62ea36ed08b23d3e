/**
 * Seconds an order's payment QR code (and so the pending order) lives: the server expires the order
 * after it, and the payment window counts down from it.
 */
export const ORDER_LIFETIME_SECONDS = 1800;
