/**
 * The interface's language, chosen before anything else loads (docs/architecture.md#language): the
 * saved choice or the browser's. Kept apart from i18n.ts (and i18next) so that the first script the page
 * runs (app/first-load.ts) can name the catalogues to fetch while the app's code is still on its way.
 */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** The saved choice: a cookie the server reads too (index.html's lang, the development sign-in page). */
export const LANGUAGE_COOKIE = 'lang';

/**
 * Namespaces every page needs, loaded before the first render: the header, footer and shared components
 * (`common`), and the server's refusals by code (`errors`: any page may show one, and its first must be in
 * the active language too, not the server's own text while the catalogue is still on its way).
 */
export const SHELL_NAMESPACES = ['common', 'errors'] as const;

/** A language tag → ours: any zh* is zh-CN, any en* is en; anything else is not ours. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  const lower = tag?.trim().toLowerCase();
  if (!lower) return undefined;
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return undefined;
}

/** The `lang` cookie's value, when it names one of our languages. */
export function languageFromCookie(cookie: string): Language | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) {
      const saved = decodeURIComponent(value.join('='));
      return LANGUAGES.find((language) => language === saved);
    }
  }
  return undefined;
}

/** The saved choice, else the browser's preferred languages in order, else zh-CN. */
export function detectLanguage(
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
  preferred: readonly string[] = typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): Language {
  const saved = languageFromCookie(cookie);
  if (saved) return saved;
  for (const tag of preferred) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * One catalogue (src/locales/<language>/<namespace>.json): its own chunk per language and namespace
 * (Vite splits the dynamic import). The first script and i18next's backend both load through here, so a
 * catalogue fetched early is the same module i18next asks for later, and arrives only once.
 */
export function loadCatalogue(language: string, namespace: string): Promise<unknown> {
  return import(`../locales/${language}/${namespace}.json`);
}
