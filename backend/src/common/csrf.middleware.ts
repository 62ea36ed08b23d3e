import type { NextFunction, Request, Response } from 'express';
import { errorBody } from './http-exception.filter';
import { Messages } from './messages';

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
 * Refuses state-changing requests that carry our session cookie unless the browser says they are
 * same-origin (Sec-Fetch-Site) or their Origin (or, failing that, Referer) is our own origin: the public URL when configured, else the request's own host.
 * Requests without the cookie (bearer-token plugins, payment notifications) are not affected.
 */
export function csrfProtection(options: { cookieName: string; publicUrl: string }) {
  const cookiePrefix = `${options.cookieName}=`;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const cookies = req.headers.cookie;
    if (!cookies || !cookies.split(/;\s*/).some((c) => c.startsWith(cookiePrefix))) return next();
    // Browsers set Sec-Fetch-Site themselves (a page cannot forge it): same-origin is proof enough, also
    // where they send "Origin: null" (e.g. form posts under a strict referrer policy).
    if (req.headers['sec-fetch-site'] === 'same-origin') return next();
    const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
    const own = options.publicUrl || `${req.protocol}://${req.get('host')}`;
    if (origin && origin === own) return next();
    res.status(403).json(errorBody(403, Messages.crossSite));
  };
}
