import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { AppRequest } from '../common/request';
import { AccountNotLinkedError } from '../users/users.service';
import { GoogleLinkException, googleLinkReturn, takeGoogleLink } from './google-link';

/**
 * Whatever went wrong coming back from the identity provider, the user lands on the login page:
 * `error=EmailNotVerified` when the provider has not verified the e-mail and no account has it (no account
 * is made from an unproven address; the page says to verify it at the provider, docs/security.md),
 * `error=OAuthAccountNotLinked` when the e-mail belongs to an account of another identity (retrying will not
 * help; the page shows its generic text), else `error=OAuthCallbackError`. A link started from the profile
 * goes back there instead: `error=GoogleLinkedElsewhere`, `GoogleHasAnother` or `GoogleLinkFailed`.
 */
@Catch()
export class OAuthCallbackFilter implements ExceptionFilter {
  private readonly logger = new Logger('OAuthCallback');

  catch(exception: unknown, host: ArgumentsHost) {
    const reason = (exception as { reason?: unknown }).reason ?? exception;
    const text = reason instanceof Error ? reason.message : JSON.stringify(reason);
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    // A link refused in validate(), or one whose round trip failed before it (the link still waits).
    const pending = takeGoogleLink(http.getRequest<AppRequest>());
    if (reason instanceof GoogleLinkException || pending) {
      this.logger.warn(`linking Google failed: ${text}`);
      const failure = reason instanceof GoogleLinkException ? reason.failure : 'GoogleLinkFailed';
      const returnTo = reason instanceof GoogleLinkException ? reason.returnTo : pending!.returnTo;
      return res.redirect(302, googleLinkReturn(returnTo, { failure }));
    }
    this.logger.warn(`sign-in failed: ${text}`);
    const error = !(reason instanceof AccountNotLinkedError)
      ? 'OAuthCallbackError'
      : reason.reason === 'unverified-new'
        ? 'EmailNotVerified'
        : 'OAuthAccountNotLinked';
    res.redirect(302, `/login?error=${error}`);
  }
}
