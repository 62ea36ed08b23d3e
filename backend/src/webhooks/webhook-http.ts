import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress } from '../ai/provider-client';
import type { ChannelRequest } from './channels/channel';
import type { AttemptResult } from './webhooks.repository';
import { keptResponse } from './webhook-rules';

/**
 * Connections kept open between deliveries to the same receiver (no TLS handshake per event). A socket
 * is made through the SSRF guard's lookup like any other; an idle one closes after a minute.
 */
const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: 16, timeout: 60_000 }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: 16, timeout: 60_000 }),
};

/** The most of an answer read (the log keeps 500 characters; a chat platform's JSON is small). */
const MAX_ANSWER = 64 * 1024;

export interface PostOptions {
  /** The whole attempt, from connecting to the end of the answer (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** The SSRF guard off (WEBHOOK_ALLOW_PRIVATE_HOSTS; outside production by default). */
  allowPrivate: boolean;
  /** Extra trusted certificate authorities (WEBHOOK_CA_FILE), beside the system's. */
  extraCa?: string;
}

/**
 * One POST of a delivery, through the AI providers' SSRF guard (a literal private address refused before
 * connecting, a name checked when it resolves), never following redirects. Never throws: a failure is an
 * AttemptResult with no status and the reason.
 */
export function postDelivery(req: ChannelRequest, options: PostOptions): Promise<AttemptResult> {
  const started = Date.now();
  const failed = (error: string): AttemptResult => ({
    status: null,
    response: null,
    error: error.slice(0, 500),
    durationMs: Date.now() - started,
  });
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return Promise.resolve(failed('not a valid URL'));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return Promise.resolve(failed('the URL must use http or https'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.resolve(failed(`refusing to connect to ${host}: private or local address`));
  const body = Buffer.from(req.body, 'utf8');
  const https = url.protocol === 'https:';
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const request = (https ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: {
          ...req.headers,
          'user-agent': 'seatkeeper-webhooks/1',
          'content-length': body.length,
        },
        lookup: guardedLookup(options.allowPrivate),
        agent: https ? agents.https : agents.http,
        ...(https && options.extraCa ? { ca: [...rootCertificates, options.extraCa] } : {}),
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < MAX_ANSWER) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          finish({
            status: res.statusCode ?? 0,
            response: keptResponse(Buffer.concat(chunks).subarray(0, MAX_ANSWER).toString('utf8')),
            error: null,
            durationMs: Date.now() - started,
          }),
        );
        res.on('error', (e) => finish(failed(`the answer broke off: ${e.message}`)));
      },
    );
    const timer = setTimeout(() => {
      finish(failed(`no answer within ${Math.round(options.timeoutMs / 100) / 10} s`));
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (e: NodeJS.ErrnoException) =>
      finish(failed(e.code ? `${e.code}: ${e.message}` : e.message)),
    );
    request.end(body);
  });
}
