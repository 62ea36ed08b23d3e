import type { Response } from 'express';
import type { AppRequest } from '../common/request';
import { requestUserLanguage, type UserLanguage } from '../users/language';
import { AuthError, AuthErrorCode } from './auth-errors';

/**
 * What the e-mail code routes (the e-mail sign-in's and WeChat's e-mail step) share over HTTP: who asks
 * (the client address the limits count, the language the code's e-mail is written in), and the limits'
 * refusals saying when to come back (Retry-After, beside retryAfter in the body).
 */
export function codeRequester(req: AppRequest): {
  clientAddress: string;
  language: UserLanguage | undefined;
} {
  return {
    clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    language: requestUserLanguage(req.headers.cookie, req.headers['accept-language']),
  };
}

/** Runs an e-mail code step; a refusal by the code limits sets Retry-After before it goes on. */
export async function withRetryAfter<T>(res: Response, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (
      e instanceof AuthError &&
      (e.code === AuthErrorCode.EMAIL_CODE_RATE_LIMITED ||
        e.code === AuthErrorCode.EMAIL_CODE_DAILY_LOCKED)
    )
      res.setHeader('Retry-After', String(e.details.retryAfter));
    throw e;
  }
}
