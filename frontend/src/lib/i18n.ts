import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next, useTranslation } from 'react-i18next';

/**
 * The interface's language (docs/architecture.md#language): one language at a time, `zh-CN` or `en`.
 * Strings live in catalogues, one JSON file per language and namespace (src/locales/<language>/<ns>.json),
 * fetched lazily: only the active language's namespaces that the pages in view use.
 */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Each language's name in itself (the switch shows them untranslated, as language menus do). */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '中文', en: 'English' };

/** The saved choice: a cookie the server reads too (index.html's lang, the development sign-in page). */
export const LANGUAGE_COOKIE = 'lang';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Namespaces every page needs (the header, footer and shared components): loaded before the first render. */
export const SHELL_NAMESPACES = ['common'] as const;

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

/** Remembers the choice for a year in a cookie the server can read. */
function saveLanguage(language: Language) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** `<html lang>` follows the language (screen readers pronounce by it). */
function tagDocument(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The catalogue loader: one chunk per language and namespace (Vite splits the dynamic import). */
const catalogues = resourcesToBackend(
  (language: string, namespace: string) => import(`../locales/${language}/${namespace}.json`),
);

/**
 * The app's i18next instance. `useSuspense`: a component whose namespace is not loaded yet suspends,
 * so the nearest loader shows (PageBoundary's PageLoader) and no key ever flashes. Pages list their
 * namespaces (`export const namespaces`) so the router loads them with the page's code.
 */
export const i18n: I18n = i18next.createInstance();

/** Resolves when the detected language's shell namespaces are in (main.tsx waits for it before rendering). */
export const i18nReady: Promise<unknown> = (() => {
  const language = detectLanguage();
  tagDocument(language);
  i18n.on('languageChanged', tagDocument);
  return i18n
    .use(catalogues)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      // Only the exact language: no 'zh' or 'dev' fallback fetches; a missing key shows the key,
      // which the catalogue tests forbid.
      load: 'currentOnly',
      fallbackLng: false,
      ns: [...SHELL_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
})();

/** The active language (one of ours, whatever i18next holds). */
export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Switches the language in place: the loaded namespaces are fetched in the new language first, then
 * every component using useTranslation re-renders (nothing remounts, so form input stays), and the
 * choice is saved.
 */
export async function setLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  await i18n.changeLanguage(language);
}

/** Loads namespaces in the active language (pages' code loads with theirs: see router.tsx lazyPage). */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (!namespaces.length) return;
  await i18nReady.catch(() => undefined);
  await i18n.loadNamespaces([...namespaces]);
}

/**
 * The active language, re-rendering on a change: for components that format dates or numbers
 * (lib/format.ts reads the language at call time) but show no catalogue text of their own.
 */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return toLanguage(instance.resolvedLanguage ?? instance.language) ?? DEFAULT_LANGUAGE;
}
