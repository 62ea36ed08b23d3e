import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AI_ERRORS, AiErrorCode } from './ai-errors';

/** Addresses a user-supplied URL must not reach in production: loopback, private, link-local (metadata), etc. */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
// IPv6 ranges, including every prefix that embeds an IPv4 address a gateway may translate to (so a private
// IPv4 cannot be reached through it): IPv4-compatible ::/96 (:: and ::1 included), NAT64 64:ff9b::/96 and
// the local-use 64:ff9b:1::/48, 6to4 2002::/16, Teredo 2001::/32, IPv4-translated ::ffff:0:0:0/96.
for (const [net, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 32],
  ['::ffff:0:0:0', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}
// IPv4-mapped ::ffff:0:0/96, all of it. Kept apart: in the list above, Node's BlockList would also match
// every plain IPv4 address against it.
const mapped = new BlockList();
mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return blocked.check(address, 'ipv4');
  return mapped.check(address, 'ipv6') || blocked.check(address, 'ipv6');
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    /** The answer was an OpenAI-style error body (`{"error": ...}`), not an HTML page or plain text. */
    readonly openAiShaped = false,
  ) {
    super(message);
  }
}

/** An answer of HTTP 2xx that is not JSON (a web page, say): not an OpenAI-compatible API. */
export const NOT_JSON = 'ENOTJSON';

/**
 * Checked when the socket connects (after DNS), so a name that re-resolves to a private address is caught.
 * Also the webhooks' guard (webhooks/webhook-http.ts): one SSRF rule for every address a user supplies.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const bad = !allowPrivate && list.find((a) => isPrivateAddress(a.address));
      if (bad) {
        const e = Object.assign(
          new Error(
            `Refusing to connect to ${hostname} (${bad.address}): private or local address`,
          ),
          { code: 'EPRIVATE' },
        );
        return callback(e, '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

export interface ProviderCall {
  baseUrl: string;
  apiKey: string;
  path: '/models' | '/chat/completions';
  body?: unknown;
  /** The whole call, from connecting to the last byte of the answer. */
  timeoutMs: number;
  allowPrivate: boolean;
  /** Name resolution and TCP connection (default 5 s). */
  connectTimeoutMs?: number;
  /** From the connection to the answer's first byte (default 30 s, never more than timeoutMs). */
  firstByteTimeoutMs?: number;
}

export const CONNECT_TIMEOUT_MS = 5_000;
export const FIRST_BYTE_TIMEOUT_MS = 30_000;
const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

const MAX_BODY = 2 * 1024 * 1024;

/** The message in an OpenAI-style error body, or the status and the first part of the text. */
export function providerMessage(status: number, text: string): string {
  try {
    const json = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    const msg = typeof json.error === 'string' ? json.error : (json.error?.message ?? json.message);
    if (msg) return String(msg);
  } catch {
    /* not JSON */
  }
  return `HTTP ${status}: ${text.replace(/\s+/g, ' ').trim().slice(0, 200) || '(empty answer)'}`;
}

export const INVALID_KEY_MESSAGE = AI_ERRORS[AiErrorCode.AI_KEY_INVALID].text;
/** An API key that can go in an Authorization header as it is: printable ASCII, no spaces. */
export const isSendableKey = (key: string) => /^[\x21-\x7e]+$/.test(key);

/** The call's URL, or why it is refused before connecting (a bad URL, a private address, an unsendable key). */
function providerUrl(
  baseUrl: string,
  path: ProviderCall['path'],
  apiKey: string,
  allowPrivate: boolean,
): URL | ProviderError {
  let url: URL;
  try {
    url = new URL(baseUrl.replace(/\/+$/, '') + path);
  } catch {
    return new ProviderError('The API URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return new ProviderError('The API URL must use http or https');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(hostname) && isPrivateAddress(hostname)) {
    return new ProviderError(
      `Refusing to connect to ${hostname}: private or local address`,
      undefined,
      'EPRIVATE',
    );
  }
  // Header values are Latin-1 at most; Node throws on anything else (a key pasted with odd characters).
  if (!isSendableKey(apiKey))
    return new ProviderError(INVALID_KEY_MESSAGE, undefined, 'EINVALIDKEY');
  return url;
}

/** A whole answer: its JSON when 2xx, else the provider's error (its message, code and shape). */
function answerOf<T>(status: number, text: string): { value: T } | { error: ProviderError } {
  if (status < 200 || status >= 300) {
    let code: string | undefined;
    let shaped = false;
    try {
      const json = JSON.parse(text) as { error?: { code?: unknown } | string } | null;
      shaped = !!json && typeof json === 'object' && !!json.error;
      const raw = typeof json?.error === 'object' ? json.error.code : undefined;
      code = typeof raw === 'string' ? raw : undefined;
    } catch {
      /* not JSON */
    }
    return { error: new ProviderError(providerMessage(status, text), status, code, shaped) };
  }
  try {
    return { value: JSON.parse(text) as T };
  } catch {
    return {
      error: new ProviderError(
        `The AI provider answered HTTP ${status} with non-JSON: ${text.slice(0, 120)}`,
        status,
        NOT_JSON,
      ),
    };
  }
}

/** A request's error (no answer at all) in the provider's terms: unreachable, refused address, TLS... */
function requestFailure(e: NodeJS.ErrnoException, host: string): ProviderError {
  if (e instanceof ProviderError) return e;
  if (e.code === 'EPRIVATE') return new ProviderError(e.message, undefined, 'EPRIVATE');
  if (
    e.code === 'ECONNREFUSED' ||
    e.code === 'ENOTFOUND' ||
    e.code === 'EAI_AGAIN' ||
    e.code === 'EHOSTUNREACH' ||
    e.code === 'ECONNRESET'
  ) {
    return new ProviderError(
      `Cannot reach the AI provider at ${host} (${e.code})`,
      undefined,
      e.code,
    );
  }
  if (/CERT|SSL|TLS/i.test(e.code ?? '') || /certificate|ssl|tls/i.test(e.message)) {
    return new ProviderError(
      `TLS error talking to the AI provider at ${host}: ${e.message}`,
      undefined,
      e.code,
    );
  }
  return new ProviderError(`Connection to the AI provider failed: ${e.message}`, undefined, e.code);
}

/**
 * One call to an OpenAI-compatible provider, with the SSRF guard, clear errors and three limits: connecting
 * (5 s), the first byte of the answer (30 s) and the whole call (timeoutMs). A host that accepts and then
 * never answers holds a worker for 30 s at most.
 */
export function callProvider<T>({
  baseUrl,
  apiKey,
  path,
  body,
  timeoutMs,
  allowPrivate,
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
  firstByteTimeoutMs = FIRST_BYTE_TIMEOUT_MS,
}: ProviderCall): Promise<T> {
  const url = providerUrl(baseUrl, path, apiKey, allowPrivate);
  if (url instanceof ProviderError) return Promise.reject(url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const requestFn = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const notAnswered = (ms: number) =>
    new ProviderError(
      `The AI provider did not answer within ${seconds(ms)} s`,
      undefined,
      'ETIMEDOUT',
    );
  const firstByte = Math.min(firstByteTimeoutMs, timeoutMs);
  return new Promise<T>((resolvePromise, rejectPromise) => {
    let answerTimer: NodeJS.Timeout | undefined;
    let failure: ProviderError | undefined;
    const clear = () => [connectTimer, answerTimer, callTimer].forEach(clearTimeout);
    const resolve = (value: T) => {
      clear();
      resolvePromise(value);
    };
    const reject = (e: ProviderError) => {
      clear();
      rejectPromise(e);
    };
    const fail = (e: ProviderError) => {
      failure = e;
      req.destroy(e);
    };
    const req = requestFn(
      url,
      {
        method: payload ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
        lookup: guardedLookup(allowPrivate),
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BODY) fail(new ProviderError('The AI provider answered more than 2 MB'));
          else chunks.push(c);
        });
        res.on('end', () => {
          const answer = answerOf<T>(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'));
          if ('error' in answer) reject(answer.error);
          else resolve(answer.value);
        });
        res.on('error', (e) =>
          reject(
            failure ?? new ProviderError(`Connection to the AI provider failed: ${e.message}`),
          ),
        );
        res.on('close', () => {
          if (!res.complete)
            reject(
              failure ??
                new ProviderError(
                  'The AI provider closed the connection before the end of its answer',
                ),
            );
        });
      },
    );
    // Callbacks that clear these run only after this point.
    const callTimer = setTimeout(() => fail(notAnswered(timeoutMs)), timeoutMs);
    const connectTimer = setTimeout(
      () =>
        fail(
          new ProviderError(
            `Cannot reach the AI provider at ${url.host} (no connection within ${seconds(connectTimeoutMs)} s)`,
            undefined,
            'ECONNTIMEOUT',
          ),
        ),
      connectTimeoutMs,
    );
    req.on('socket', (socket) => {
      const connected = () => {
        clearTimeout(connectTimer);
        answerTimer = setTimeout(() => fail(notAnswered(firstByte)), firstByte);
      };
      if (socket.connecting) socket.once('connect', connected);
      else connected();
    });
    req.on('response', () => clearTimeout(answerTimer));
    req.on('error', (e: NodeJS.ErrnoException) => reject(requestFailure(e, url.host)));
    if (payload) req.write(payload);
    req.end();
  });
}
