import type { EndpointKind, WebhookEventType } from '@seatkeeper/domain';

/**
 * One event as the outbox stored it (docs/webhooks.md): the Standard Webhooks envelope. `id` is the
 * stable message id (`msg_…`), the same on every retry; `data` is the event's JSON payload.
 */
export interface WebhookEnvelope {
  id: string;
  type: WebhookEventType;
  /** ISO 8601, when the event happened. */
  timestamp: string;
  data: Record<string, unknown>;
}

/** What a channel asks the delivery worker to POST. */
export interface ChannelRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface ChannelInput {
  /** The endpoint's URL as the seller entered or pasted it. */
  url: string;
  /**
   * The endpoint's secrets, decrypted, newest first: a Standard Webhooks endpoint signs with each (the
   * previous one for 24 h after a rotation); a DingTalk or Feishu robot signs with the first; none for WeCom.
   */
  secrets: string[];
  envelope: WebhookEnvelope;
  /** The language the seller chose for the endpoint's notices. */
  language: 'zh-CN' | 'en';
  /** The moment of this attempt (signature timestamps). */
  now: Date;
}

/**
 * One kind of endpoint (backend/src/webhooks/channels/<kind>.ts): how an event becomes a request, and which
 * answers mean "delivered". A pure module: no I/O, no clock of its own.
 */
export interface WebhookChannel {
  kind: EndpointKind;
  /** 'generated': the store makes a `whsec_` secret; 'pasted': the seller pastes the robot's; 'none'. */
  secret: 'generated' | 'pasted' | 'optional' | 'none';
  prepare(input: ChannelInput): ChannelRequest;
  /**
   * Whether the receiver took it. A Standard Webhooks receiver answers 2xx; DingTalk and Feishu answer 200
   * with an error code in the body when they refuse (a bad signature, a keyword rule, a rate limit).
   */
  delivered(status: number, body: string): boolean;
}
