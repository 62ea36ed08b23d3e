import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';

/** A parameter check failed on the QR page: WeChat shows an error page (400 here). */
export class QrConnectError extends Error {}

/** WeChat's own answer shape for an API error (HTTP 200, errcode/errmsg). */
export interface WechatErrorAnswer {
  errcode: number;
  errmsg: string;
}

interface IssuedCode {
  openid: string;
  unionid?: string;
  nickname: string;
  expiresAt: number;
  used: boolean;
  /** A test knob: the token exchange answers this errcode for this code. */
  errcode?: number;
}

interface IssuedToken {
  openid: string;
  unionid?: string;
  nickname: string;
  expiresAt: number;
}

/** What the server received, for the tests that check every parameter the store sends. */
export interface ReceivedRequest {
  endpoint: 'qrconnect' | 'access_token' | 'userinfo';
  params: Record<string, string>;
}

const CODE_TTL_MS = 10 * 60 * 1000;
const TOKEN_TTL_S = 7200;

const err = (errcode: number, errmsg: string): WechatErrorAnswer => ({ errcode, errmsg });

/**
 * The development WeChat login server (docs/sign-in.md): the Open Platform's website sign-in endpoints,
 * with their parameter checks and their errcode answers, in memory (development only: one process).
 * The website application it knows is the configured one (WECHAT_LOGIN_APP_ID / _SECRET).
 */
@Injectable()
export class DevWechatService {
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, IssuedToken>();
  readonly received: ReceivedRequest[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private record(endpoint: ReceivedRequest['endpoint'], params: Record<string, string>) {
    this.received.push({ endpoint, params: { ...params } });
    if (this.received.length > 200) this.received.shift();
  }

  /**
   * /connect/qrconnect's checks: the known appid, response_type=code, scope=snsapi_login, a redirect_uri on
   * the store's own origin (WeChat checks it against the application's authorised callback domain), a state.
   */
  checkQrConnect(params: Record<string, string>, appOrigin: string): void {
    this.record('qrconnect', params);
    const app = this.config.wechatLogin;
    if (!app || params.appid !== app.appId)
      throw new QrConnectError('appid is not a website application here');
    if (params.response_type !== 'code') throw new QrConnectError('response_type must be code');
    if (params.scope !== 'snsapi_login') throw new QrConnectError('scope must be snsapi_login');
    let redirect: URL;
    try {
      redirect = new URL(params.redirect_uri ?? '');
    } catch {
      throw new QrConnectError('redirect_uri is not a URL');
    }
    if (redirect.origin !== new URL(appOrigin).origin)
      throw new QrConnectError('redirect_uri is not on the authorised callback domain');
    if (!params.state || !/^[A-Za-z0-9]{1,128}$/.test(params.state))
      throw new QrConnectError('state must be letters and digits, up to 128');
  }

  /** The phone confirmed: a code for redirect_uri (10 minutes, once). */
  issueCode(person: {
    nickname: string;
    openid?: string;
    unionid?: string;
    errcode?: number;
  }): string {
    const code = randomBytes(16).toString('hex');
    const nickname = person.nickname.trim().slice(0, 100) || 'WeChat user';
    const openid =
      person.openid?.trim() ||
      `o${createHash('sha256').update(nickname).digest('base64url').slice(0, 27)}`;
    this.codes.set(code, {
      openid,
      unionid: person.unionid?.trim() || undefined,
      nickname,
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
      errcode: person.errcode,
    });
    return code;
  }

  /** GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code. */
  accessToken(params: Record<string, string>): object {
    this.record('access_token', params);
    const app = this.config.wechatLogin;
    if (!app || params.appid !== app.appId) return err(40013, 'invalid appid');
    if (params.secret !== app.appSecret) return err(40125, 'invalid appsecret');
    if (params.grant_type !== 'authorization_code') return err(40002, 'invalid grant_type');
    const issued = params.code ? this.codes.get(params.code) : undefined;
    if (!issued) return err(40029, 'invalid code');
    if (issued.used) return err(40163, 'code been used');
    issued.used = true;
    if (Date.now() > issued.expiresAt) return err(42003, 'code expired');
    if (issued.errcode) return err(issued.errcode, 'forced by the development page');
    const accessToken = randomBytes(24).toString('hex');
    this.tokens.set(accessToken, {
      openid: issued.openid,
      unionid: issued.unionid,
      nickname: issued.nickname,
      expiresAt: Date.now() + TOKEN_TTL_S * 1000,
    });
    return {
      access_token: accessToken,
      expires_in: TOKEN_TTL_S,
      refresh_token: randomBytes(24).toString('hex'),
      openid: issued.openid,
      scope: 'snsapi_login',
      ...(issued.unionid ? { unionid: issued.unionid } : {}),
    };
  }

  /** GET /sns/userinfo?access_token&openid. */
  userinfo(params: Record<string, string>): object {
    this.record('userinfo', params);
    const token = params.access_token ? this.tokens.get(params.access_token) : undefined;
    if (!token || Date.now() > token.expiresAt)
      return err(40001, 'invalid credential, access_token is invalid or not latest');
    if (params.openid !== token.openid) return err(40003, 'invalid openid');
    return {
      openid: token.openid,
      nickname: token.nickname,
      sex: 0,
      province: '',
      city: '',
      country: '',
      headimgurl: '',
      privilege: [],
      ...(token.unionid ? { unionid: token.unionid } : {}),
    };
  }
}
