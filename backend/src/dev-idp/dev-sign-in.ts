import type { IncomingHttpHeaders } from 'node:http';
import { isLoopbackHostname, type AppConfig } from '../config/env';

/** What the development sign-in looks at in a request (an Express request has all of it). */
export interface DevSignInRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string };
}

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/** 127.0.0.0/8 and ::1, also IPv4-mapped (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127(\.\d{1,3}){3}$/.test(a);
}

/**
 * May this request use the development identity provider? Never when it is not mounted (Google configured,
 * production, or a public PUBLIC_URL without DEV_SIGN_IN=1). With DEV_SIGN_IN=1, always. Otherwise only a
 * request made on this machine to a loopback name: the Host is loopback, the connection comes from a
 * loopback address (a Host header alone can be forged from anywhere) and no proxy forwarded it (a local
 * reverse proxy would otherwise make an internet request look local).
 */
export function devSignInAllowed(
  req: DevSignInRequest,
  config: Pick<AppConfig, 'devIdpEnabled' | 'devIdpAnyHost'>,
): boolean {
  if (!config.devIdpEnabled) return false;
  if (config.devIdpAnyHost) return true;
  if (FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  const host = req.headers.host;
  if (!host) return false;
  try {
    return isLoopbackHostname(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

/** Which sign-in this request gets: Google, the development provider, or none (credentials missing). */
export function signInMode(
  req: DevSignInRequest,
  config: AppConfig,
): 'google' | 'development' | 'missing' {
  if (config.google) return 'google';
  return devSignInAllowed(req, config) ? 'development' : 'missing';
}
