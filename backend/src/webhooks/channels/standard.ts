import { Webhook } from 'standardwebhooks';
import type { ChannelInput, ChannelRequest, WebhookChannel } from './channel';

/**
 * Standard Webhooks (https://www.standardwebhooks.com, docs/webhooks.md): the envelope as the JSON body,
 * signed by the `standardwebhooks` package with HMAC-SHA256 over `id.timestamp.body`. Every secret signs
 * (after a rotation the previous one too, for 24 h): the spec's space-separated list of `v1,<base64>`
 * signatures, any one of which a receiver accepts.
 */
export const standardChannel: WebhookChannel = {
  kind: 'standard',
  secret: 'generated',
  prepare({ url, secrets, envelope, now }: ChannelInput): ChannelRequest {
    const body = JSON.stringify({
      type: envelope.type,
      timestamp: envelope.timestamp,
      data: envelope.data,
    });
    const signature = secrets.map((s) => new Webhook(s).sign(envelope.id, now, body)).join(' ');
    return {
      url,
      headers: {
        'content-type': 'application/json',
        'webhook-id': envelope.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
    };
  },
  delivered: (status) => status >= 200 && status < 300,
};
