import type { EndpointKind } from '@seatkeeper/domain';
import type { WebhookChannel } from './channel';
import { dingtalkChannel } from './dingtalk';
import { feishuChannel } from './feishu';
import { standardChannel } from './standard';
import { wecomChannel } from './wecom';

/**
 * The channel of each kind of endpoint (docs/webhooks.md). A kind without a channel here cannot be chosen
 * yet (creating one answers 400 WEBHOOK_KIND_UNAVAILABLE). One line per kind.
 */
const CHANNELS: Partial<Record<EndpointKind, WebhookChannel>> = {
  standard: standardChannel,
  wecom: wecomChannel,
  dingtalk: dingtalkChannel,
  feishu: feishuChannel,
};

export function channelFor(kind: EndpointKind): WebhookChannel | undefined {
  return CHANNELS[kind];
}
