import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { APP_CONFIG, type AppConfig } from '../config/env';
import type { AppRequest } from '../common/request';
import { appOrigin, safeRelativePath } from '../common/url';
import { signInMode } from '../dev-idp/dev-sign-in';
import { isAwaitingEmail } from '../users/awaiting-email';
import type { UserLanguage } from '../users/language';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AuthError, AuthErrorCode } from './auth-errors';
import { AuthService } from './auth.service';
import { EmailSignInService } from './email-sign-in.service';
import { SessionStoreService } from './session-store.service';
import { WechatApiClient } from './wechat-api.client';
import { WechatError, WechatErrorCode } from './wechat-errors';
import { WechatIdentity } from './wechat-identity.entity';
import {
  checkState,
  failureOfErrcode,
  identityKey,
  newState,
  qrConnectUrl,
  WechatApiError,
  type WechatFailure,
  type WechatPurpose,
} from './wechat-sign-in-rules';

export type WayIn = 'google' | 'wechat' | 'email';

export interface WayInView {
  way: WayIn;
  linked: boolean;
  /** Offered on this store (configured); an unlinked way that is not offered cannot be linked. */
  offered: boolean;
  /** What identifies it to the customer: the address, the WeChat nickname. */
  label: string | null;
  since: string | null;
}

/** The callback's outcome for the controller: where the browser goes. */
export type CallbackOutcome = { redirect: string };

class CallbackFailure extends Error {
  constructor(readonly failure: WechatFailure) {
    super(failure);
  }
}

/**
 * WeChat website sign-in and an account's ways in (docs/sign-in.md). Owns wechat_identities.
 * - start: a fresh state in the browser session (10 minutes, once), then WeChat's QR page;
 * - callback: the state checked and used up, the code exchanged, the profile read, the identity keyed by
 *   unionid else openid; a first sign-in makes an account awaiting an e-mail address;
 * - the e-mail step: the e-mail sign-in's code proves an address; an account that holds it gets this WeChat
 *   linked (the awaiting one goes), else the awaiting account takes the address;
 * - ways in: listed, linked through the provider's own flow while signed in, unlinked unless last.
 */
@Injectable()
export class WechatSignInService {
  private readonly logger = new Logger('WechatSignIn');

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly emailSignIn: EmailSignInService,
    private readonly sessions: SessionStoreService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private settings() {
    const wechat = this.config.wechatLogin;
    if (!wechat) throw new WechatError(WechatErrorCode.WECHAT_SIGN_IN_OFF);
    return wechat;
  }

  /** The URL of WeChat's QR page for this browser, after saving a new state in its session. */
  start(req: AppRequest, purpose: WechatPurpose, callbackURL: unknown, user: User | null): string {
    const wechat = this.settings();
    const returnTo = safeRelativePath(callbackURL, purpose === 'link' ? '/profile' : '/dashboard');
    const { value, saved } = newState(purpose, returnTo, Date.now(), user?.id);
    req.session.wechatState = saved;
    const redirectUri = `${appOrigin(req, this.config.publicUrl)}/api/auth/callback/wechat`;
    return qrConnectUrl(wechat.loginBase, wechat.appId, redirectUri, value);
  }

  /**
   * WeChat's redirect back: never throws; a failure is a page with `?error=Wechat...`. The state goes
   * from the session before anything else, so a replayed callback finds none.
   */
  async callback(req: AppRequest, query: Record<string, unknown>): Promise<CallbackOutcome> {
    const saved = req.session?.wechatState; // no session: no cookie came back, so no state either
    if (req.session) delete req.session.wechatState;
    const failPage = saved?.purpose === 'link' ? '/profile' : '/login';
    try {
      const wechat = this.settings();
      const verdict = checkState(saved, query.state, Date.now());
      if (verdict !== 'ok' || !saved) {
        this.logger.warn(`callback refused: state ${verdict}`);
        throw new CallbackFailure('WechatState');
      }
      const code = typeof query.code === 'string' ? query.code : '';
      if (!code || code.length > 512) throw new CallbackFailure('WechatDenied');
      const client = new WechatApiClient(wechat.apiBase, wechat.appId, wechat.appSecret);
      const token = await client.exchangeCode(code);
      const info = await client.userInfo(token.accessToken, token.openid);
      const key = identityKey({ openid: token.openid, unionid: info.unionid ?? token.unionid });
      if (saved.purpose === 'link') {
        const current = await this.auth.currentUser(req);
        if (!current || current.id !== saved.userId) throw new CallbackFailure('WechatState');
        await this.link(current, key, info.nickname ?? null);
        return { redirect: `${saved.returnTo.split('?')[0]}?linked=wechat` };
      }
      const user = await this.signIn(key, info.nickname ?? null, info.headimgurl ?? null);
      await this.auth.startSession(req, user, 'wechat');
      return { redirect: isAwaitingEmail(user) ? '/profile' : saved.returnTo };
    } catch (e) {
      const failure =
        e instanceof CallbackFailure
          ? e.failure
          : e instanceof WechatApiError
            ? failureOfErrcode(e.errcode)
            : e instanceof WechatError && e.code === WechatErrorCode.WECHAT_ACCOUNT_HAS_WECHAT
              ? 'WechatLinkedElsewhere'
              : 'WechatFailed';
      if (e instanceof WechatApiError) this.logger.warn(`WeChat answered: ${e.message}`);
      else if (!(e instanceof CallbackFailure)) this.logger.error(`callback failed: ${String(e)}`);
      return { redirect: `${failPage}?error=${failure}` };
    }
  }

  /** The account of this WeChat identity; a new one awaiting an e-mail address the first time. */
  private async signIn(key: string, nickname: string | null, image: string | null): Promise<User> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.em.fork().transactional(async (em) => {
          const known = await em.findOne(WechatIdentity, { key }, { populate: ['user'] });
          if (known) {
            if (nickname) known.nickname = nickname;
            return known.user;
          }
          const user = this.users.createAwaitingEmail(em, {
            name: nickname?.trim() || 'WeChat',
            image,
          });
          em.create(WechatIdentity, { key, user, nickname });
          this.audit.record(em, {
            actor: 'system',
            action: 'user.link',
            target: user.email,
            before: { userId: user.id },
            after: { way: 'wechat', created: true },
          });
          return user;
        });
      } catch (e) {
        // Two first sign-ins of one WeChat racing: the second finds the first's row.
        if (attempt >= 2 || !(e instanceof UniqueConstraintViolationException)) throw e;
      }
    }
  }

  /** Links this WeChat to the signed-in account: refused when another account holds it (no merge). */
  private async link(user: User, key: string, nickname: string | null): Promise<void> {
    const refused = await this.em.fork().transactional(async (em) => {
      const held = await em.findOne(WechatIdentity, { key });
      if (held && held.user.id === user.id) return false;
      const own = await em.findOne(WechatIdentity, { user: user.id });
      if (held || own) {
        this.audit.record(em, {
          actor: `user:${user.id}`,
          action: 'user.link-refused',
          target: user.email,
          before: { userId: held?.user.id ?? user.id },
          after: { way: 'wechat', reason: held ? 'linked-elsewhere' : 'has-another' },
        });
        return true;
      }
      em.create(WechatIdentity, { key, user: user.id, nickname });
      this.audit.record(em, {
        actor: `user:${user.id}`,
        action: 'user.link',
        target: user.email,
        before: { userId: user.id },
        after: { way: 'wechat' },
      });
      return false;
    });
    if (refused) throw new CallbackFailure('WechatLinkedElsewhere');
  }

  private assertAwaiting(user: User) {
    if (!isAwaitingEmail(user)) throw new WechatError(WechatErrorCode.WECHAT_EMAIL_NOT_NEEDED);
  }

  /** The e-mail step's code: the e-mail sign-in's own request, limits and message. */
  requestEmailCode(
    user: User,
    email: string,
    clientAddress: string,
    language: UserLanguage | undefined,
  ): Promise<{ expiresInSeconds: number }> {
    this.assertAwaiting(user);
    return this.emailSignIn.request(email, clientAddress, user.language ?? language);
  }

  /**
   * The code proves the address. An account holding it gets this WeChat (its owner just proved the
   * address) and the awaiting account goes; otherwise the awaiting account takes the address.
   * Returns the account now signed in.
   */
  async verifyEmailCode(req: AppRequest, user: User, address: string, code: string): Promise<User> {
    this.assertAwaiting(user);
    const email = address.trim().toLowerCase();
    await this.emailSignIn.checkCode(email, code);
    const holder = await this.users.findByEmail(email);
    if (!holder) return this.users.claimEmail(user, email);
    if (holder.googleSub && !holder.emailVerified)
      throw new AuthError(AuthErrorCode.EMAIL_ACCOUNT_NOT_LINKED);
    const moved = await this.em.fork().transactional(async (em) => {
      const mine = await em.findOneOrFail(WechatIdentity, { user: user.id });
      const theirs = await em.findOne(WechatIdentity, { user: holder.id });
      if (theirs) {
        this.audit.record(em, {
          actor: `user:${user.id}`,
          action: 'user.link-refused',
          target: email,
          before: { userId: holder.id },
          after: { way: 'wechat', reason: 'has-another' },
        });
        return false;
      }
      // The primary key stays; the row moves to the account that owns the address.
      em.assign(mine, { user: holder.id });
      this.audit.record(em, {
        actor: `user:${holder.id}`,
        action: 'user.link',
        target: email,
        before: { userId: user.id },
        after: { way: 'wechat', userId: holder.id, by: 'email-code' },
      });
      return true;
    });
    if (!moved) throw new WechatError(WechatErrorCode.WECHAT_ACCOUNT_HAS_WECHAT);
    await this.users.delete(user, 'none'); // the awaiting account: no orders, no address
    await this.auth.startSession(req, holder, 'wechat');
    return holder;
  }

  /** The account's ways in, in a fixed order: Google, WeChat, e-mail. */
  async waysIn(req: AppRequest | null, user: User): Promise<WayInView[]> {
    const wechat = await this.em.fork().findOne(WechatIdentity, { user: user.id });
    const googleOffered = req
      ? signInMode(req, this.config) !== 'missing'
      : Boolean(this.config.google || this.config.devIdpEnabled);
    const awaiting = isAwaitingEmail(user);
    return [
      {
        way: 'google',
        linked: Boolean(user.googleSub),
        offered: googleOffered,
        label: user.googleSub && !awaiting ? user.email : null,
        since: null,
      },
      {
        way: 'wechat',
        linked: Boolean(wechat),
        offered: Boolean(this.config.wechatLogin),
        label: wechat?.nickname ?? null,
        since: wechat ? wechat.createdAt.toISOString() : null,
      },
      {
        way: 'email',
        linked: !awaiting && user.emailVerified && this.config.emailSignIn,
        offered: this.config.emailSignIn,
        label: awaiting ? null : user.email,
        since: null,
      },
    ];
  }

  /**
   * Unlinks Google or WeChat from the signed-in account, unless it is the last way in; the sessions that
   * signed in by it end (this one too, when it did). The e-mail is the account's address: not unlinkable.
   */
  async unlink(req: AppRequest, user: User, way: WayIn): Promise<WayInView[]> {
    const ways = await this.waysIn(req, user);
    const target = ways.find((w) => w.way === way);
    if (!target || !target.linked || way === 'email')
      throw new WechatError(WechatErrorCode.WAY_IN_NOT_LINKED);
    if (!ways.some((w) => w.linked && w.way !== way))
      throw new WechatError(WechatErrorCode.WAY_IN_LAST);
    const actor = `user:${user.id}`;
    await this.em.fork().transactional(async (em) => {
      if (way === 'google') return this.users.unlinkGoogle(em, user, actor);
      const row = await em.findOne(WechatIdentity, { user: user.id });
      if (!row) return;
      this.audit.record(em, {
        actor,
        action: 'user.unlink',
        target: user.email,
        before: { userId: user.id, way: 'wechat', nickname: row.nickname ?? null },
        after: { way: 'wechat' },
      });
      em.remove(row);
    });
    if (way === 'google') user.googleSub = null;
    await this.sessions.store.destroyForUserVia(user.id, way);
    return this.waysIn(req, user);
  }

  /** The admin customer page's view of a customer's ways in. */
  async waysInOf(userId: string): Promise<{ ways: WayInView[]; awaitingEmail: boolean } | null> {
    const user = await this.users.findById(userId);
    return user
      ? { ways: await this.waysIn(null, user), awaitingEmail: isAwaitingEmail(user) }
      : null;
  }
}
