import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { AppRequest } from '../common/request';
import { appOrigin, safeRelativePath } from '../common/url';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { CALLBACK_PATH } from '../dev-idp/dev-idp.service';
import { signInMode } from '../dev-idp/dev-sign-in';
import { AuthError, AuthErrorCode } from './auth-errors';
import { startGoogleLink } from './google-link';

export class OAuthCallbackException extends Error {
  constructor(readonly reason: unknown) {
    super('OAuth callback failed');
  }
}

/**
 * Sends the browser to the identity provider (with state and PKCE kept in the session), and on the way
 * back exchanges the code and loads the profile. Any failure becomes OAuthCallbackException. Without Google
 * credentials, only requests the development provider serves (see dev-sign-in.ts) get this far.
 */
@Injectable()
export class GoogleOAuthGuard extends AuthGuard('google') {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<AppRequest>();
    if (signInMode(req, this.config) === 'missing') {
      const missing = new AuthError(AuthErrorCode.GOOGLE_CREDENTIALS_MISSING);
      if (req.path.endsWith('/sign-in/google') || req.path.endsWith('/link/google')) throw missing;
      throw new OAuthCallbackException(missing.message);
    }
    return super.canActivate(context);
  }

  override getAuthenticateOptions(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<AppRequest>();
    const loginHint = typeof req.query.loginHint === 'string' ? req.query.loginHint : undefined;
    if (req.path.endsWith('/sign-in/google')) {
      req.session.returnTo = safeRelativePath(req.query.callbackURL);
      delete req.session.googleLink; // a sign-in started now is not a link asked earlier
    } else if (req.path.endsWith('/link/google')) {
      // Signed in (the global guard): the callback links Google to this account (google-link.ts).
      startGoogleLink(req, req.session.userId!, req.query.callbackURL, Date.now());
    }
    // The redirect URI is the app's own origin (PUBLIC_URL, else this request's) and the callback path, the
    // same on the way out and at the code exchange.
    const callbackURL = `${appOrigin(req, this.config.publicUrl)}${CALLBACK_PATH}`;
    return { session: false, callbackURL, ...(loginHint ? { loginHint } : {}) };
  }

  override handleRequest<TUser>(err: unknown, user: TUser, info: unknown): TUser {
    if (err || !user) throw new OAuthCallbackException(err ?? info);
    return user;
  }
}
