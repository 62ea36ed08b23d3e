/** @seatkeeper/domain: the product rules both the backend and the frontend need, in one place. */
export * from './catalogues';
export * from './cookies';
export * from './discounts';
export * from './google-link';
export * from './language';
export * from './local-time';
export * from './money';
export * from './orders';
export * from './releases';
export * from './seats';
export * from './tiers';
export * from './webhooks';
export * from './website-url';
