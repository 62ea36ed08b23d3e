import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * WeChat website sign-in (微信开放平台 网站应用微信登录, OAuth 2.0 authorization code; docs/sign-in.md): the
 * pure rules. The service does the requests and the storage.
 */

/** A state lives 10 minutes, once, in the browser session that asked for it. */
export const WECHAT_STATE_TTL_SECONDS = 600;

export type WechatPurpose = 'sign-in' | 'link';

/** What the browser session remembers between the start and WeChat's callback. */
export interface WechatState {
  /** sha256 of the state sent to WeChat (the value itself is in the URL only). */
  hash: string;
  expiresAt: number;
  purpose: WechatPurpose;
  returnTo: string;
  /** For `link`: the account that asked (the callback must come back to the same one). */
  userId?: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new state: 32 random hex characters (WeChat allows letters and digits, up to 128 bytes). */
export function newState(
  purpose: WechatPurpose,
  returnTo: string,
  now: number,
  userId?: string,
): { value: string; saved: WechatState } {
  const value = randomBytes(16).toString('hex');
  return {
    value,
    saved: {
      hash: sha256(value),
      expiresAt: now + WECHAT_STATE_TTL_SECONDS * 1000,
      purpose,
      returnTo,
      ...(userId ? { userId } : {}),
    },
  };
}

/** The callback's state against the session's: missing (none saved, or used already), wrong, expired, or ok. */
export function checkState(
  saved: WechatState | undefined,
  given: unknown,
  now: number,
): 'ok' | 'missing' | 'mismatch' | 'expired' {
  if (!saved) return 'missing';
  if (typeof given !== 'string' || !/^[A-Za-z0-9]{1,128}$/.test(given)) return 'mismatch';
  const a = Buffer.from(sha256(given), 'hex');
  const b = Buffer.from(saved.hash, 'hex');
  if (a.length !== b.length || !timingSafeEqual(a, b)) return 'mismatch';
  return now > saved.expiresAt ? 'expired' : 'ok';
}

/**
 * The QR page's address, as WeChat documents it: /connect/qrconnect with appid, redirect_uri (URL-encoded),
 * response_type=code, scope=snsapi_login, state, and the `#wechat_redirect` fragment.
 */
export function qrConnectUrl(
  loginBase: string,
  appId: string,
  redirectUri: string,
  state: string,
): string {
  const params = new URLSearchParams({
    appid: appId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'snsapi_login',
    state,
  });
  return `${loginBase}/connect/qrconnect?${params}#wechat_redirect`;
}

/** /sns/userinfo's answer, the fields we read. */
export interface WechatUserInfo {
  openid: string;
  unionid?: string;
  nickname?: string;
  headimgurl?: string;
}

/** The identity's key: `unionid:` when WeChat gave one (stable across the publisher's apps), else `openid:`. */
export function identityKey(info: Pick<WechatUserInfo, 'openid' | 'unionid'>): string {
  return info.unionid ? `unionid:${info.unionid}` : `openid:${info.openid}`;
}

/** What the login page says for a WeChat failure (`/login?error=...`). */
export type WechatFailure =
  | 'WechatState' // no state, a used one, another browser's, or expired
  | 'WechatCode' // 40029 invalid code, 40163 code been used
  | 'WechatDenied' // the user refused on the phone: WeChat comes back without a code
  | 'WechatLinkedElsewhere' // linking: this WeChat belongs to another account
  | 'WechatFailed'; // any other errcode, or WeChat unreachable

/** WeChat's `errcode` (its global return codes) as our failure: a bad or used code, else a general failure. */
export function failureOfErrcode(errcode: number): WechatFailure {
  return errcode === 40029 || errcode === 40163 ? 'WechatCode' : 'WechatFailed';
}

/** WeChat's in-app browser (User-Agent "MicroMessenger") on a phone: its own QR cannot be scanned there. */
export function isWechatPhoneBrowser(userAgent: string | undefined): boolean {
  if (!userAgent || !/MicroMessenger/i.test(userAgent)) return false;
  return /Mobi|Android|iPhone|iPad|HarmonyOS/i.test(userAgent);
}

/** A WeChat answer body: JSON text (WeChat answers `text/plain`), errcode non-zero for an error. */
export function parseWechatAnswer(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new WechatApiError(-2, 'not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new WechatApiError(-2, 'not a JSON object');
  const record = body as Record<string, unknown>;
  if (record.errcode !== undefined && record.errcode !== 0)
    throw new WechatApiError(
      typeof record.errcode === 'number' ? record.errcode : -2,
      typeof record.errmsg === 'string' ? record.errmsg.slice(0, 200) : '',
    );
  return record;
}

/** WeChat said no (errcode/errmsg), or could not be understood (-2) or reached (-1). */
export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeChat errcode ${errcode}: ${errmsg}`);
  }
}
