/** Public configuration the server writes into index.html (`<meta name="app-config" content="{...}">`). */
export interface AppConfig {
  brandName: string;
  docsUrl: string;
  /**
   * Whether the page's request carried a session cookie (backend/src/web/spa.ts). True: the visitor is
   * probably signed in, so the console asks for its data without waiting for the session's answer
   * (app/first-data.ts). False: the visitor is signed out, and the app takes that as the session's answer
   * without asking (lib/session.ts). Absent when the page did not come from our server (Vite's own).
   */
  sessionCookie?: boolean;
  /**
   * How customers reach the seller (SUPPORT_CONTACT): an e-mail address or an http(s) address. Absent when
   * none is configured (the console then says to use the site's contact, without a link).
   */
  supportContact?: string;
  /**
   * Hosts Markdown images may come from besides this site (DOCS_IMAGE_HOSTS: `images.example.com`,
   * `cdn.example.com:8443`, `*.example.com`); absent: this site only (docs/security.md, "Exposure").
   */
  docsImageHosts?: string[];
  /** False when the server does not serve /api/docs (production without API_DOCS); absent: it does. */
  apiDocs?: boolean;
}

export const DEFAULT_CONFIG: AppConfig = {
  brandName: 'seatkeeper',
  docsUrl: '/docs',
};

const nonEmpty = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** Reads the meta tag; a missing tag, bad JSON or a missing field falls back to the defaults. */
export function readAppConfig(doc: Document | undefined = globalThis.document): AppConfig {
  const raw = doc?.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!raw) return { ...DEFAULT_CONFIG };
  try {
    const parsed: unknown = JSON.parse(raw);
    const value = (parsed && typeof parsed === 'object' ? parsed : {}) as Partial<
      Record<keyof AppConfig, unknown>
    >;
    return {
      brandName: nonEmpty(value.brandName) ? value.brandName : DEFAULT_CONFIG.brandName,
      docsUrl: nonEmpty(value.docsUrl) ? value.docsUrl : DEFAULT_CONFIG.docsUrl,
      ...(typeof value.sessionCookie === 'boolean' ? { sessionCookie: value.sessionCookie } : {}),
      ...(nonEmpty(value.supportContact) ? { supportContact: value.supportContact.trim() } : {}),
      ...(value.apiDocs === false ? { apiDocs: false } : {}),
      ...(Array.isArray(value.docsImageHosts)
        ? { docsImageHosts: value.docsImageHosts.filter(nonEmpty).map((h) => h.toLowerCase()) }
        : {}),
    };
  } catch {
    return { ...DEFAULT_CONFIG };
  }
}

export const appConfig: AppConfig = readAppConfig();

/**
 * Whether the docs link stays in this site (docs/product.md#screens): a path of this site (the default
 * `/docs`) opens in the same tab through the router; a `DOCS_URL` elsewhere opens in a new tab.
 */
export const isSitePath = (url: string): boolean => url.startsWith('/') && !url.startsWith('//');

/**
 * May a Markdown image load from this URL (docs/security.md, "Exposure")? Only from this site, or from a
 * host the seller listed, by the browser's own rule for the page's `img-src` (backend/src/web/image-sources.ts):
 * `host` or `host:port` as written, `*.example.com` for any subdomain of example.com.
 */
export function imageAllowed(
  src: string,
  origin: string,
  hosts: readonly string[] = appConfig.docsImageHosts ?? [],
): boolean {
  let url: URL;
  try {
    url = new URL(src, origin);
  } catch {
    return false;
  }
  if (url.origin === origin) return true;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.host.toLowerCase();
  return hosts.some((entry) => {
    if (!entry.startsWith('*.')) return host === entry;
    const suffix = entry.slice(1); // ".example.com" (with any port written after it)
    return host.endsWith(suffix) && host.length > suffix.length;
  });
}

/**
 * The seller's contact as a link: `mailto:` for an e-mail address, the address itself for http(s); null
 * for anything else (never a `javascript:` link, whatever the page was given).
 */
export function supportContactHref(contact: string | undefined): string | null {
  if (!contact) return null;
  if (/^https?:\/\//i.test(contact)) return contact;
  if (/^[^@/:\s]+@[^@/:\s]+\.[^@/:\s]+$/.test(contact)) return `mailto:${contact}`;
  return null;
}
