import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { AccountNotLinkedError } from '../users/users.service';

/**
 * Whatever went wrong coming back from the identity provider, the user lands on the login page:
 * `error=EmailNotVerified` when the provider has not verified the e-mail and no account has it (no account
 * is made from an unproven address; the page says to verify it at the provider, docs/security.md),
 * `error=OAuthAccountNotLinked` when the e-mail belongs to an account of another identity (retrying will not
 * help; the page shows its generic text), else `error=OAuthCallbackError`.
 */
@Catch()
export class OAuthCallbackFilter implements ExceptionFilter {
  private readonly logger = new Logger('OAuthCallback');

  catch(exception: unknown, host: ArgumentsHost) {
    const reason = (exception as { reason?: unknown }).reason ?? exception;
    const text = reason instanceof Error ? reason.message : JSON.stringify(reason);
    this.logger.warn(`sign-in failed: ${text}`);
    const error = !(reason instanceof AccountNotLinkedError)
      ? 'OAuthCallbackError'
      : reason.reason === 'unverified-new'
        ? 'EmailNotVerified'
        : 'OAuthAccountNotLinked';
    host.switchToHttp().getResponse<Response>().redirect(302, `/login?error=${error}`);
  }
}
