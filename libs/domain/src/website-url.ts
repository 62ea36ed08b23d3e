/**
 * Website URLs as seats are bound to them (docs/rules.md, Binding a site): one normalisation for the
 * server, which stores its result, and for the console and the admin overview, which show it before saving.
 */

/** One DNS label: letters, digits and inner hyphens, 1-63 characters (punycode is letters and digits). */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Whether a host name (after WHATWG parsing: lower-case, punycode) is a DNS name or an IP address, which is
 * all a website can be. WHATWG URLs also accept `;`, `'`, `$`, `_` and more in host names; those are never
 * bound and never match a seat (docs/security.md).
 */
export function isDnsHost(hostname: string): boolean {
  if (/^\[[0-9a-f:.]+\]$/.test(hostname)) return true;
  if (hostname.length > 253) return false;
  return hostname.split('.').every((label) => DNS_LABEL.test(label));
}

/** A website's parts as WHATWG parses them, www. and trailing dots stripped; null when not http(s). */
function parseSite(input: unknown): { protocol: string; hostname: string; port: string } | null {
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
  let hostname = url.hostname.replace(/\.+$/, '');
  if (hostname.startsWith('www.')) hostname = hostname.slice(4);
  if (!hostname || hostname.startsWith('.') || hostname.includes('..')) return null;
  return { protocol: url.protocol, hostname, port: url.port };
}

/**
 * Website URL normalisation: protocol + host (lower-case, punycode, www. and trailing dots
 * stripped) + port when not the default; path, query and fragment dropped. Null when not a valid
 * http(s) URL whose host is a DNS name or an IP address.
 */
export function normalizeWebsiteUrl(input: unknown): string | null {
  const site = parseSite(input);
  if (!site || !isDnsHost(site.hostname)) return null;
  return `${site.protocol}//${site.hostname}${site.port ? `:${site.port}` : ''}`;
}

/**
 * What a person typed as their website, as a URL to normalise (docs/rules.md, Binding a site): a bare host
 * ('my-blog.cn', 'www.my-blog.cn/blog', 'shop.example:8080') means https; an http(s) URL stays as typed.
 * Null for another scheme ('ftp://...'), which no website is bound with. Empty input stays empty.
 */
export function websiteUrlFromInput(input: string): string | null {
  const value = input.trim();
  if (!value || /^https?:\/\//i.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return null;
  return `https://${value.replace(/^\/+/, '')}`;
}

/**
 * What the plugin sends as its domain ("example.com:8080" or a URL): the host (and port), and whether it
 * is a DNS name at all. Null when it does not parse as a host.
 */
export function parseHost(input: string): { host: string; dns: boolean } | null {
  const trimmed = input.trim();
  const site = parseSite(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  if (!site) return null;
  return {
    host: `${site.hostname}${site.port ? `:${site.port}` : ''}`,
    dns: isDnsHost(site.hostname),
  };
}

/** Host (and port) of a normalised URL or of a bare domain, when it is a DNS name or an IP address. */
export function hostOf(input: string): string | null {
  const parsed = parseHost(input);
  return parsed?.dns ? parsed.host : null;
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
