import type { EndpointKind } from '@seatkeeper/domain';
import type { WebhookChannel } from './channel';
import { standardChannel } from './standard';

/**
 * The channel of each kind of endpoint (docs/webhooks.md). A kind without a channel here cannot be chosen
 * yet (creating one answers 400 WEBHOOK_KIND_UNAVAILABLE). One line per kind.
 */
const CHANNELS: Partial<Record<EndpointKind, WebhookChannel>> = {
  standard: standardChannel,
};

export function channelFor(kind: EndpointKind): WebhookChannel | undefined {
  return CHANNELS[kind];
}
