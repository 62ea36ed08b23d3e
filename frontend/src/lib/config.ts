/** Public configuration the server writes into index.html (`<meta name="app-config" content="{...}">`). */
export interface AppConfig {
  brandName: string;
  docsUrl: string;
  /**
   * The page's request carried a session cookie (backend/src/web/spa.ts): the visitor is probably signed
   * in, so the console asks for its data without waiting for the session's answer (app/first-data.ts).
   */
  sessionCookie: boolean;
}

export const DEFAULT_CONFIG: AppConfig = {
  brandName: 'seatkeeper',
  docsUrl: '/docs',
  sessionCookie: false,
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
      sessionCookie: value.sessionCookie === true,
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
