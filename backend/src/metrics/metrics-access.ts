import { createHash, timingSafeEqual } from 'node:crypto';
import { devSignInAllowed, type DevSignInRequest } from '../dev-idp/dev-sign-in';

/** What /metrics answers a request (docs/monitoring.md, Access). */
export type MetricsAccess = 'allowed' | 'unauthorized' | 'not-found';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The bearer credential of an Authorization header, if any (the scheme in any case). */
function bearer(authorization: string | string[] | undefined): string | undefined {
  if (typeof authorization !== 'string') return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
}

/**
 * Who may read /metrics. With METRICS_TOKEN, whoever presents it as a bearer token (compared in constant
 * time: both sides hashed to 32 bytes first, so neither the content nor the length leaks through timing),
 * and nobody else (401). Without it, only a request made on this machine: the development sign-in's rule
 * (dev-sign-in.ts: a loopback peer, a loopback Host and no forwarding header such as X-Forwarded-For,
 * Forwarded or X-Real-IP, so a local reverse proxy cannot pass an internet request off as local); any other
 * request is told there is nothing here (404), as the development sign-in and mailbox do.
 */
export function metricsAccess(req: DevSignInRequest, token: string | undefined): MetricsAccess {
  if (token) {
    const presented = bearer(req.headers.authorization);
    return presented !== undefined && timingSafeEqual(digest(presented), digest(token))
      ? 'allowed'
      : 'unauthorized';
  }
  return devSignInAllowed(req, { devIdpEnabled: true, devIdpAnyHost: false })
    ? 'allowed'
    : 'not-found';
}
