import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { hmacHex, signPayload, verifyPayload } from '../common/signed';
import { devIdpClient } from './dev-idp.client';

/** What the signed-in test account says about itself (a real Google account has a fixed sub and verification state). */
export interface DevAccount {
  email: string;
  name: string;
  /** Google's subject; default: a stable number derived from the e-mail. */
  sub?: string;
  /** Default true, as for nearly every Google account. */
  emailVerified?: boolean;
}

interface CodePayload {
  email: string;
  name: string;
  sub: string;
  emailVerified: boolean;
  clientId: string;
  redirectUri: string;
  challenge?: string;
  nonce: string;
  exp: number;
}
interface AccessPayload {
  email: string;
  name: string;
  sub: string;
  emailVerified: boolean;
  exp: number;
}

export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

export const CALLBACK_PATH = '/api/auth/callback/google';
/** Google's subjects are at most 255 ASCII characters. */
const SUBJECT = /^[\x21-\x7e]{1,255}$/;

/**
 * A local OAuth 2.0 provider speaking Google's authorization-code flow (authorize, token, userinfo), for
 * development and tests. Codes and access tokens are signed, so every instance accepts them.
 */
@Injectable()
export class DevIdpService {
  private readonly key: string;
  private readonly client: { clientId: string; clientSecret: string };
  private readonly usedCodes = new Map<string, number>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = hmacHex(config.secret, 'dev-idp-signing-key');
    this.client = devIdpClient(config.secret);
  }

  /**
   * Checks an authorize request; throws for a request that must not be redirected back. The only registered
   * redirect URI is the app's own callback: `appOrigin` + the callback path, compared exactly (as Google does).
   */
  checkAuthorizeRequest(
    q: Record<string, unknown>,
    appOrigin: string,
  ): { redirectUri: string; state?: string; challenge?: string } {
    if (q.response_type !== 'code')
      throw new OAuthError('unsupported_response_type', 'response_type must be code');
    if (q.client_id !== this.client.clientId)
      throw new OAuthError('invalid_client', 'Unknown client_id');
    const redirectUri = typeof q.redirect_uri === 'string' ? q.redirect_uri : '';
    if (redirectUri !== `${appOrigin}${CALLBACK_PATH}`)
      throw new OAuthError('redirect_uri_mismatch', 'redirect_uri is not registered');
    if (q.code_challenge !== undefined && q.code_challenge_method !== 'S256') {
      throw new OAuthError('invalid_request', 'code_challenge_method must be S256');
    }
    return {
      redirectUri,
      state: typeof q.state === 'string' ? q.state : undefined,
      challenge: typeof q.code_challenge === 'string' ? q.code_challenge : undefined,
    };
  }

  issueCode(req: { redirectUri: string; challenge?: string }, account: DevAccount): string {
    const normalized = account.email.trim().toLowerCase();
    if (account.sub !== undefined && !SUBJECT.test(account.sub))
      throw new OAuthError('invalid_request', 'sub must be 1 to 255 printable ASCII characters');
    return signPayload(this.key, {
      email: normalized,
      name: account.name.trim() || normalized.split('@')[0],
      sub: account.sub ?? this.subjectOf(normalized),
      emailVerified: account.emailVerified ?? true,
      clientId: this.client.clientId,
      redirectUri: req.redirectUri,
      challenge: req.challenge,
      nonce: randomBytes(8).toString('hex'),
      exp: Math.floor(Date.now() / 1000) + 60,
    } satisfies CodePayload);
  }

  redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    return url.toString();
  }

  exchangeCode(body: Record<string, string | undefined>, basicAuth?: string) {
    let clientId = body.client_id;
    let clientSecret = body.client_secret;
    if (basicAuth?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(basicAuth.slice(6), 'base64').toString().split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret ?? '');
    }
    if (clientId !== this.client.clientId || clientSecret !== this.client.clientSecret) {
      throw new OAuthError('invalid_client', 'The OAuth client was not found.', 401);
    }
    if (body.grant_type !== 'authorization_code')
      throw new OAuthError('unsupported_grant_type', 'Invalid grant_type');
    const code = verifyPayload<CodePayload>(this.key, body.code ?? '');
    if (!code || this.usedCodes.has(code.nonce))
      throw new OAuthError('invalid_grant', 'Malformed auth code.');
    if (code.redirectUri !== body.redirect_uri)
      throw new OAuthError('invalid_grant', 'Bad Request: redirect_uri_mismatch');
    if (code.challenge) {
      const verifier = body.code_verifier ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (computed !== code.challenge)
        throw new OAuthError('invalid_grant', 'Invalid code verifier.');
    }
    this.rememberUsed(code.nonce, code.exp);
    const now = Math.floor(Date.now() / 1000);
    const accessToken = signPayload(this.key, {
      email: code.email,
      name: code.name,
      sub: code.sub,
      emailVerified: code.emailVerified,
      exp: now + 3599,
    } satisfies AccessPayload);
    return {
      access_token: accessToken,
      expires_in: 3599,
      token_type: 'Bearer',
      scope:
        'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      id_token: this.idToken(code, now),
    };
  }

  userinfo(authorization?: string) {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    const access = verifyPayload<AccessPayload>(this.key, token);
    if (!access) throw new OAuthError('invalid_token', 'Invalid Credentials', 401);
    const [given, ...family] = access.name.split(' ');
    return {
      sub: access.sub,
      name: access.name,
      given_name: given,
      family_name: family.join(' ') || undefined,
      email: access.email,
      email_verified: access.emailVerified,
      locale: 'en',
    };
  }

  /** A stable numeric subject per e-mail, like Google's. */
  subjectOf(email: string): string {
    return BigInt('0x' + createHash('sha256').update(email).digest('hex').slice(0, 15))
      .toString()
      .padStart(21, '1');
  }

  private idToken(code: CodePayload, now: number): string {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const head = enc({ alg: 'HS256', typ: 'JWT' });
    const body = enc({
      iss: 'seatkeeper-dev-idp',
      aud: this.client.clientId,
      sub: code.sub,
      email: code.email,
      email_verified: code.emailVerified,
      name: code.name,
      iat: now,
      exp: now + 3599,
    });
    const sig = createHmac('sha256', this.client.clientSecret)
      .update(`${head}.${body}`)
      .digest('base64url');
    return `${head}.${body}.${sig}`;
  }

  private rememberUsed(nonce: string, exp: number) {
    const now = Date.now() / 1000;
    for (const [n, e] of this.usedCodes) if (e < now) this.usedCodes.delete(n);
    this.usedCodes.set(nonce, exp);
  }
}
