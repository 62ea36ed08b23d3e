import texts from './dev-idp.texts.json';

/**
 * The development sign-in page in both interface languages (docs/architecture.md#language): the
 * language from the app's `lang` cookie, else the browser's Accept-Language, else zh-CN, as the
 * frontend chooses it.
 */
export type PageLanguage = 'zh-CN' | 'en';

export interface DevSignInTexts {
  title: string;
  /** `{brand}` is replaced by the brand name. */
  intro: string;
  email: string;
  name: string;
  details: string;
  sub: string;
  emailVerified: string;
  yes: string;
  no: string;
  cancel: string;
  signIn: string;
  invalidEmail: string;
  /** The provider's own refusals, by their English text (OAuthError descriptions). */
  refusals: Record<string, string>;
}

export const SUB_INVALID = 'sub must be 1 to 255 printable ASCII characters';

/**
 * The texts themselves are data (dev-idp.texts.json), so the end-to-end journeys read the same file to
 * fill the page in either language.
 */
export const DEV_SIGN_IN_TEXTS: Record<PageLanguage, DevSignInTexts> = texts;

const toLanguage = (tag: string | undefined): PageLanguage | undefined => {
  const lower = tag?.trim().toLowerCase();
  if (!lower) return undefined;
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return undefined;
};

/** The saved `lang` cookie, else Accept-Language in order of preference, else zh-CN. */
export function pageLanguage(cookie?: string, acceptLanguage?: string): PageLanguage {
  const saved = /(?:^|;\s*)lang=([^;]*)/.exec(cookie ?? '')?.[1];
  if (saved === 'zh-CN' || saved === 'en') return saved;
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(/q=([\d.]+)/.exec(params.join(';'))?.[1] ?? 1);
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of preferred) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return 'zh-CN';
}
