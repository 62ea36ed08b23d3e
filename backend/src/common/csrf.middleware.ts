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
 * Refuses state-changing requests that carry our session cookie unless their Origin (or, failing that,
 * Referer) is our own origin: the public URL when configured, else the request's own host.
 * Requests without the cookie (bearer-token plugins, payment notifications) are not affected.
 */
export function csrfProtection(options: { cookieName: string; publicUrl: string }) {
  const cookiePrefix = `${options.cookieName}=`;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const cookies = req.headers.cookie;
    if (!cookies || !cookies.split(/;\s*/).some((c) => c.startsWith(cookiePrefix))) return next();
    const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
    const own = options.publicUrl || `${req.protocol}://${req.get('host')}`;
    if (origin && origin === own) return next();
    res.status(403).json(errorBody(403, Messages.crossSite));
  };
}
