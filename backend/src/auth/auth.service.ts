import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { signInMode } from '../dev-idp/dev-sign-in';
import type { AppRequest } from '../common/request';
import { safeRelativePath } from '../common/url';
import { SessionUserDto } from '../users/dto/session-user.dto';
import { requestUserLanguage } from '../users/language';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { bearerToken, TokensService } from '../tokens/tokens.service';
import type {
  ProvidersResponseDto,
  SessionResponseDto,
  SignInSocialDto,
  SignInSocialResponseDto,
  UpdateUserDto,
} from './dto/auth.dto';
import { AuthError, AuthErrorCode } from './auth-errors';
import { RolesService } from './roles.service';
import { MAX_USER_AGENT } from './device';
import { publicSessionId, SessionStoreService } from './session-store.service';

function promisify(fn: (cb: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));
}

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly roles: RolesService,
    private readonly sessions: SessionStoreService,
    private readonly tokens: TokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The signed-in user of this request, loaded once per request. */
  async currentUser(req: AppRequest): Promise<User | null> {
    if (req.currentUser !== undefined) return req.currentUser;
    const userId = req.session?.userId;
    req.currentUser = userId ? await this.users.findById(userId) : null;
    return req.currentUser;
  }

  /** The owner of the request's bearer activation code (only on routes that accept one). */
  async bearerUser(req: AppRequest): Promise<User | null> {
    const identity = await this.tokens.identify(bearerToken(req.headers.authorization));
    if (!identity) return null;
    req.currentUser = await this.users.findById(identity.userId);
    return req.currentUser;
  }

  /** How this request can sign in: Google, the development provider standing in for it, or not at all. */
  providers(req: AppRequest): ProvidersResponseDto {
    const mode = signInMode(req, this.config);
    return {
      ...(mode === 'missing'
        ? {}
        : { google: { id: 'google', name: 'Google', development: mode === 'development' } }),
      ...(this.config.emailSignIn ? { email: { id: 'email', name: 'E-mail code' } } : {}),
      ...(this.config.wechatLogin
        ? {
            wechat: {
              id: 'wechat',
              name: 'WeChat',
              development: this.config.wechatLogin.loginBase.endsWith('/dev-wechat'),
            },
          }
        : {}),
    };
  }

  signInUrl(req: AppRequest, dto: SignInSocialDto): SignInSocialResponseDto {
    if (dto.provider !== 'google') throw new AuthError(AuthErrorCode.UNKNOWN_PROVIDER);
    if (signInMode(req, this.config) === 'missing')
      throw new AuthError(AuthErrorCode.GOOGLE_CREDENTIALS_MISSING);
    const params = new URLSearchParams({ callbackURL: safeRelativePath(dto.callbackURL) });
    if (dto.loginHint) params.set('loginHint', dto.loginHint);
    return { url: `/api/auth/sign-in/google?${params}`, redirect: true };
  }

  /** After the identity provider: a fresh session id (no fixation), then the saved return path. */
  async completeSignIn(req: AppRequest, user: User): Promise<string> {
    const returnTo = safeRelativePath(req.session.returnTo);
    await this.startSession(req, user, 'google');
    return returnTo;
  }

  /**
   * Signs the user in on this request: a fresh session id (no fixation) in the sessions table, the same
   * cookie whichever way they proved who they are. The language the customer reads in (the `lang` cookie,
   * else the browser's Accept-Language) is remembered for e-mails.
   */
  async startSession(
    req: AppRequest,
    user: User,
    via?: 'google' | 'wechat' | 'email',
  ): Promise<void> {
    await promisify((cb) => req.session.regenerate(cb));
    req.session.userId = user.id;
    if (via) req.session.via = via;
    const userAgent = req.headers['user-agent'];
    if (userAgent) req.session.userAgent = userAgent.slice(0, MAX_USER_AGENT);
    await promisify((cb) => req.session.save(cb));
    req.currentUser = user;
    await this.users.rememberLanguage(
      user,
      requestUserLanguage(req.headers.cookie, req.headers['accept-language']),
    );
  }

  async getSession(req: AppRequest): Promise<SessionResponseDto | null> {
    const user = await this.currentUser(req);
    if (!user) return null;
    const expires = req.session.cookie?.expires;
    return {
      user: SessionUserDto.from(user),
      session: {
        id: publicSessionId(req.sessionID),
        userId: user.id,
        expiresAt: expires ? new Date(expires).toISOString() : null,
      },
      roles: this.roles.rolesOf(user),
    };
  }

  async signOut(req: AppRequest): Promise<{ success: boolean }> {
    if (req.session) await promisify((cb) => req.session.destroy(cb));
    return { success: true };
  }

  async revokeSessions(
    req: AppRequest,
    user: User,
    keepCurrent: boolean,
  ): Promise<{ status: boolean }> {
    await this.sessions.store.destroyForUser(user.id, keepCurrent ? req.sessionID : undefined);
    return { status: true };
  }

  async updateUser(
    user: User,
    dto: UpdateUserDto,
  ): Promise<{ status: boolean; user: SessionUserDto }> {
    const changes: Parameters<UsersService['update']>[1] = {};
    if (dto.name !== undefined) changes.name = dto.name.trim();
    if (dto.image !== undefined) changes.image = dto.image;
    if (dto.language !== undefined) changes.language = dto.language;
    const updated = await this.users.update(user, changes);
    return { status: true, user: SessionUserDto.from(updated) };
  }

  async deleteUser(
    req: AppRequest,
    user: User,
    confirmation: 'typed-email' | 'none' = 'none',
  ): Promise<{ success: boolean }> {
    await this.users.delete(user, confirmation); // sessions go with it (foreign key, on delete cascade)
    await this.signOut(req);
    return { success: true };
  }
}
