import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { AppRequest } from '../common/request';
import { safeRelativePath } from '../common/url';

export class OAuthCallbackException extends Error {
  constructor(readonly reason: unknown) {
    super('OAuth callback failed');
  }
}

/**
 * Sends the browser to the identity provider (with state and PKCE kept in the session), and on the way
 * back exchanges the code and loads the profile. Any failure becomes OAuthCallbackException.
 */
@Injectable()
export class GoogleOAuthGuard extends AuthGuard('google') {
  override getAuthenticateOptions(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<AppRequest>();
    const loginHint = typeof req.query.loginHint === 'string' ? req.query.loginHint : undefined;
    if (req.path.endsWith('/sign-in/google')) {
      req.session.returnTo = safeRelativePath(req.query.callbackURL);
    }
    return { session: false, ...(loginHint ? { loginHint } : {}) };
  }

  override handleRequest<TUser>(err: unknown, user: TUser, info: unknown): TUser {
    if (err || !user) throw new OAuthCallbackException(err ?? info);
    return user;
  }
}
