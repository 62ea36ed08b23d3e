import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

/**
 * WeChat Pay API v3, the protocol in one file (docs/payments.md, "WeChat Pay"): signed requests
 * (WECHATPAY2-SHA256-RSA2048 with the merchant's private key), answers and notifications verified with
 * the platform public key (serial, signature, a 5-minute timestamp window), and the AEAD_AES_256_GCM
 * resource of a notification decrypted with the APIv3 key. node:crypto only: the npm v3 SDKs hard-code
 * the gateway's host or pull in an HTTP client we do not need.
 */
export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** The merchant's API private key (PEM) and its certificate's serial number. */
  privateKey: string;
  certSerial: string;
  /** The 32-byte APIv3 key that encrypts notification resources. */
  apiV3Key: string;
  /** The platform public key (PEM) and its id (the `Wechatpay-Serial` of answers and notifications). */
  platformPublicKey: string;
  platformSerial: string;
  baseUrl: string;
  timeoutMs?: number;
}

export const SIGNATURE_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
const MAX_SKEW_SECONDS = 300;

/** An answer WeChat Pay refused (4xx/5xx with `{code, message}`), or one we could not trust. */
export class WechatPayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

export interface Notification<T> {
  id: string;
  eventType: string;
  resource: T;
}

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const value = headers[name.toLowerCase()] ?? headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The message a request signature covers. */
export function requestMessage(
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The message an answer's or a notification's signature covers. */
export function answerMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function signWith(privateKey: string, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** The Authorization header of one request. */
export function authorization(
  config: Pick<WechatPayConfig, 'mchId' | 'privateKey' | 'certSerial'>,
  method: string,
  pathWithQuery: string,
  body: string,
  now = Date.now(),
): string {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = signWith(
    config.privateKey,
    requestMessage(method, pathWithQuery, timestamp, nonce, body),
  );
  return `${SIGNATURE_SCHEMA} mchid="${config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.certSerial}"`;
}

/**
 * Whether headers and raw body carry a valid platform signature: the configured platform key's serial, a
 * timestamp within 5 minutes, and SHA256withRSA over `timestamp\nnonce\nbody\n`.
 */
export function verifyPlatformSignature(
  config: Pick<WechatPayConfig, 'platformPublicKey' | 'platformSerial'>,
  headers: Headers,
  body: string,
  now = Date.now(),
): boolean {
  const timestamp = header(headers, 'Wechatpay-Timestamp');
  const nonce = header(headers, 'Wechatpay-Nonce');
  const signature = header(headers, 'Wechatpay-Signature');
  const serial = header(headers, 'Wechatpay-Serial');
  if (!timestamp || !nonce || !signature || !serial || !/^\d{1,12}$/.test(timestamp)) return false;
  if (serial !== config.platformSerial) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(answerMessage(timestamp, nonce, body), 'utf8')
      .verify(config.platformPublicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** Decrypts an AEAD_AES_256_GCM resource (the last 16 bytes of the ciphertext are the tag). */
export function decryptResource<T>(apiV3Key: string, resource: EncryptedResource): T {
  if (resource.algorithm !== 'AEAD_AES_256_GCM')
    throw new WechatPayError(`unsupported algorithm ${resource.algorithm}`, 400, 'PARAM_ERROR');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new WechatPayError('ciphertext too short', 400, 'PARAM_ERROR');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  const plain = Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(plain) as T;
}

/** A verified, decrypted notification, or null when its signature, timestamp or encryption does not hold. */
export function readNotification<T>(
  config: WechatPayConfig,
  headers: Headers,
  rawBody: string,
  now = Date.now(),
): Notification<T> | null {
  if (!verifyPlatformSignature(config, headers, rawBody, now)) return null;
  try {
    const body = JSON.parse(rawBody) as {
      id?: unknown;
      event_type?: unknown;
      resource?: EncryptedResource;
    };
    if (typeof body.id !== 'string' || typeof body.event_type !== 'string' || !body.resource)
      return null;
    return {
      id: body.id,
      eventType: body.event_type,
      resource: decryptResource<T>(config.apiV3Key, body.resource),
    };
  } catch {
    return null;
  }
}

/** A client for the merchant API: every request signed, every answer's signature checked. */
export class WechatPayClient {
  constructor(private readonly config: WechatPayConfig) {}

  async request<T>(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    body?: object,
  ): Promise<{ status: number; body: T | null }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(new URL(pathWithQuery, this.config.baseUrl), {
      method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'User-Agent': 'seatkeeper',
        Authorization: authorization(this.config, method, pathWithQuery, text),
      },
      body: method === 'GET' ? undefined : text,
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
    });
    const answer = await res.text();
    const headers = Object.fromEntries(res.headers.entries());
    if (!verifyPlatformSignature(this.config, headers, answer)) {
      throw new WechatPayError(
        `answer to ${method} ${pathWithQuery.split('?')[0]} is not signed by the platform key`,
        res.status,
        'SIGN_ERROR',
      );
    }
    let parsed: unknown = null;
    if (answer) {
      try {
        parsed = JSON.parse(answer);
      } catch {
        throw new WechatPayError('answer is not JSON', res.status, 'SYSTEM_ERROR');
      }
    }
    if (res.status >= 400) {
      const { code, message } = (parsed ?? {}) as { code?: string; message?: string };
      throw new WechatPayError(message ?? `HTTP ${res.status}`, res.status, code ?? 'SYSTEM_ERROR');
    }
    return { status: res.status, body: parsed as T | null };
  }
}
