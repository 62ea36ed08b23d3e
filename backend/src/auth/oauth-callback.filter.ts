import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';

/** Whatever went wrong coming back from the identity provider, the user lands on the login page. */
@Catch()
export class OAuthCallbackFilter implements ExceptionFilter {
  private readonly logger = new Logger('OAuthCallback');

  catch(exception: unknown, host: ArgumentsHost) {
    const reason = (exception as { reason?: unknown }).reason ?? exception;
    const text = reason instanceof Error ? reason.message : JSON.stringify(reason);
    this.logger.warn(`sign-in failed: ${text}`);
    host.switchToHttp().getResponse<Response>().redirect(302, '/login?error=OAuthCallbackError');
  }
}
