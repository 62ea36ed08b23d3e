/**
 * Webhooks and chat notices (issue #31, docs/webhooks.md): the events the store sends and the kinds of
 * endpoint that receive them. Both the backend (outbox, delivery) and the back office (the endpoint form)
 * read these lists.
 */

/** Every event type, as it appears in an envelope's `type`. */
export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'order.refund_failed',
  'seat.bound',
  'seat.rebound',
  'seat.revoked',
  'customer.created',
  'release.published',
  'mail.failed',
  'backup.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Where an endpoint delivers: a Standard Webhooks receiver (signed with a generated `whsec_` secret), or a
 * chat group robot the seller pasted (WeCom has no secret; DingTalk and Feishu sign with the robot's own).
 */
export const ENDPOINT_KINDS = ['standard', 'wecom', 'dingtalk', 'feishu'] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

/** The events a chat robot may carry: short notices a seller wants in their group. */
export const CHAT_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'mail.failed',
  'backup.failed',
] as const satisfies readonly WebhookEventType[];

/** The events an endpoint of this kind may subscribe to. */
export function eventTypesFor(kind: EndpointKind): readonly WebhookEventType[] {
  return kind === 'standard' ? WEBHOOK_EVENT_TYPES : CHAT_EVENT_TYPES;
}

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

export function isEndpointKind(value: unknown): value is EndpointKind {
  return typeof value === 'string' && (ENDPOINT_KINDS as readonly string[]).includes(value);
}
