/**
 * A callback target we are willing to redirect to after sign-in: a same-origin relative path
 * ("/orders?x=1"), never a scheme, a host, "//evil" or "/\\evil". Anything else gives the fallback.
 */
export function safeRelativePath(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const parsed = new URL(value, 'http://same.origin');
    if (parsed.origin !== 'http://same.origin') return fallback;
    const path = parsed.pathname + parsed.search + parsed.hash;
    // Normalising can produce what the raw checks refused ("/.//evil.com" gives "//evil.com"): check again.
    if (path.startsWith('//') || path.startsWith('/\\')) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/**
 * The app's own origin as the browser sees it: PUBLIC_URL when configured, else this request's protocol and
 * Host (Express applies TRUST_PROXY to both).
 */
export function appOrigin(
  req: { protocol: string; host?: string; headers: { host?: string } },
  publicUrl: string,
): string {
  return publicUrl || `${req.protocol}://${req.host ?? req.headers.host ?? ''}`;
}
