import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses a user-supplied URL must not reach in production: loopback, private, link-local (metadata), etc. */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && address.toLowerCase().startsWith('::ffff:')) {
    const v4 = address.slice(7);
    if (isIP(v4) === 4) return blocked.check(v4, 'ipv4');
  }
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Checked when the socket connects (after DNS), so a name that re-resolves to a private address is caught. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const bad = !allowPrivate && list.find((a) => isPrivateAddress(a.address));
      if (bad) {
        const e = Object.assign(new Error(`Refusing to connect to ${hostname} (${bad.address}): private or local address`), { code: 'EPRIVATE' });
        return callback(e, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

export interface ProviderCall {
  baseUrl: string;
  apiKey: string;
  path: '/models' | '/chat/completions';
  body?: unknown;
  timeoutMs: number;
  allowPrivate: boolean;
}

const MAX_BODY = 2 * 1024 * 1024;

/** The message in an OpenAI-style error body, or the status and the first part of the text. */
export function providerMessage(status: number, text: string): string {
  try {
    const json = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    const msg = typeof json.error === 'string' ? json.error : json.error?.message ?? json.message;
    if (msg) return String(msg);
  } catch {
    /* not JSON */
  }
  return `HTTP ${status}: ${text.replace(/\s+/g, ' ').trim().slice(0, 200) || '(empty answer)'}`;
}

/** One call to an OpenAI-compatible provider, with a timeout, the SSRF guard and clear errors. */
export function callProvider<T>({ baseUrl, apiKey, path, body, timeoutMs, allowPrivate }: ProviderCall): Promise<T> {
  let url: URL;
  try {
    url = new URL(baseUrl.replace(/\/+$/, '') + path);
  } catch {
    return Promise.reject(new ProviderError('The API URL is not a valid URL'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new ProviderError('The API URL must use http or https'));
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(hostname) && isPrivateAddress(hostname)) {
    return Promise.reject(new ProviderError(`Refusing to connect to ${hostname}: private or local address`, undefined, 'EPRIVATE'));
  }
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const requestFn = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<T>((resolve, reject) => {
    const req = requestFn(
      url,
      {
        method: payload ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
        lookup: guardedLookup(allowPrivate),
        timeout: timeoutMs,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BODY) req.destroy(new ProviderError('The AI provider answered more than 2 MB'));
          else chunks.push(c);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            let code: string | undefined;
            try {
              code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
            } catch {
              /* not JSON */
            }
            return reject(new ProviderError(providerMessage(status, text), status, code));
          }
          try {
            resolve(JSON.parse(text) as T);
          } catch {
            reject(new ProviderError(`The AI provider answered HTTP ${status} with non-JSON: ${text.slice(0, 120)}`, status));
          }
        });
        res.on('error', (e) => reject(new ProviderError(`Connection to the AI provider failed: ${e.message}`)));
      },
    );
    req.on('timeout', () => req.destroy(new ProviderError(`The AI provider did not answer within ${Math.round(timeoutMs / 1000)} s`, undefined, 'ETIMEDOUT')));
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e instanceof ProviderError) return reject(e);
      if (e.code === 'EPRIVATE') return reject(new ProviderError(e.message, undefined, 'EPRIVATE'));
      if (e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN' || e.code === 'EHOSTUNREACH' || e.code === 'ECONNRESET') {
        return reject(new ProviderError(`Cannot reach the AI provider at ${url.host} (${e.code})`, undefined, e.code));
      }
      if (/CERT|SSL|TLS/i.test(e.code ?? '') || /certificate|ssl|tls/i.test(e.message)) {
        return reject(new ProviderError(`TLS error talking to the AI provider at ${url.host}: ${e.message}`, undefined, e.code));
      }
      reject(new ProviderError(`Connection to the AI provider failed: ${e.message}`, undefined, e.code));
    });
    if (payload) req.write(payload);
    req.end();
  });
}
