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
 * The seller's contact as a link: `mailto:` for an e-mail address, the address itself for http(s); null
 * for anything else (never a `javascript:` link, whatever the page was given).
 */
export function supportContactHref(contact: string | undefined): string | null {
  if (!contact) return null;
  if (/^https?:\/\//i.test(contact)) return contact;
  if (/^[^@/:\s]+@[^@/:\s]+\.[^@/:\s]+$/.test(contact)) return `mailto:${contact}`;
  return null;
}
