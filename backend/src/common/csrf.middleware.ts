import type { NextFunction, Request, Response } from 'express';
import { CommonError, CommonErrorCode } from './common-errors';
import { sendError } from './error-body';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests that are signed in through the session cookie unless the browser says
 * they are same-origin (Sec-Fetch-Site) or their Origin (or, failing that, Referer) is our own origin: the
 * public URL when configured, else the request's own host.
 *
 * Runs after the session middleware and decides from the session it loaded (`req.session.userId`), never
 * from its own reading of the Cookie header: whatever cookie spelling the session parser accepts is checked.
 * Requests without a signed-in session (bearer-token plugins, payment notifications) are not affected.
 */
export function csrfProtection(options: { publicUrl: string }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (!req.session?.userId) return next();
    // Browsers set Sec-Fetch-Site themselves (a page cannot forge it): same-origin is proof enough, also
    // where they send "Origin: null" (e.g. form posts under a strict referrer policy).
    if (req.headers['sec-fetch-site'] === 'same-origin') return next();
    const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
    const own = options.publicUrl || `${req.protocol}://${req.get('host')}`;
    if (origin && origin === own) return next();
    sendError(res, new CommonError(CommonErrorCode.CROSS_SITE_REFUSED));
  };
}
