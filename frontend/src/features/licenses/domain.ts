/**
 * Website URLs as the seat binding sees them (spec §5 Bind (client)). The rules mirror the server's
 * (backend/src/licenses/domain.ts), so what the table shows before saving is what the server stores.
 */

/** The input must start with http (spec §5); anything else gets this text. */
export const FULL_URL_REQUIRED = 'please enter full URL (including http:// or https://)';

export const startsWithHttp = (value: string): boolean => /^http/i.test(value.trim());

/**
 * Protocol + host (lower-case, punycode, `www.` and trailing dots stripped) + port when not the
 * default; path, query and fragment dropped. Null when the value is not a usable http(s) URL.
 */
export function normalizeWebsiteUrl(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const value = input.trim();
  if (!/^https?:\/\//i.test(value) || value.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  let host = url.hostname.replace(/\.+$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  if (!host || host.startsWith('.') || host.includes('..')) return null;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}

/** Host and port of a URL after normalisation ('example.com:8080'), or null. */
export function siteOf(url: string | null | undefined): string | null {
  const normalized = normalizeWebsiteUrl(url);
  return normalized ? normalized.replace(/^https?:\/\//, '') : null;
}

/**
 * Whether binding `next` to a seat bound to `current` moves it to another site (and so costs one
 * binding change). The protocol and a `www.` prefix do not count: that only rewrites the link.
 */
export function isDifferentSite(current: string | null | undefined, next: string): boolean {
  if (!current) return false;
  const from = siteOf(current);
  const to = siteOf(next);
  return from === null || to === null || from !== to;
}
