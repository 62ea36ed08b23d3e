/**
 * Website URL normalisation (spec §5): protocol + host (lower-case, punycode, www. and trailing dots
 * stripped) + port when not the default; path, query and fragment dropped. Null when not a valid
 * http(s) URL.
 */
export function normalizeWebsiteUrl(input: unknown): string | null {
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

/** Host (and port) of a normalised URL or of a bare domain the plugin sends ("example.com:8080"). */
export function hostOf(input: string): string | null {
  const trimmed = input.trim();
  const normalized = normalizeWebsiteUrl(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  return normalized ? normalized.replace(/^https?:\/\//, '') : null;
}

/** Both stored spellings a site of this host may have been bound with. */
export function bindingCandidates(host: string): string[] {
  return [`https://${host}`, `http://${host}`];
}

/** Staging and local hosts never use a seat: localhost, 127.0.0.1, *.local, *.test, *.localhost. */
export function isDevelopmentHost(host: string): boolean {
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name === '127.0.0.1' ||
    name === '::1' ||
    /\.(local|test|localhost)$/.test(name)
  );
}
