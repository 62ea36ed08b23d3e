import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  SHELL_NAMESPACES,
  detectLanguage,
  loadCatalogue,
  toLanguage,
  type Language,
} from './language';

/**
 * The interface's language (docs/architecture.md#language): one language at a time, `zh-CN` or `en`.
 * Strings live in catalogues, one JSON file per language and namespace (src/locales/<language>/<ns>.json),
 * fetched lazily: only the active language's namespaces that the pages in view use. Choosing the
 * language and naming the catalogues live in language.ts, which the first script uses without i18next.
 */
export {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  SHELL_NAMESPACES,
  detectLanguage,
  languageFromCookie,
  toLanguage,
  type Language,
} from './language';

/** Each language's name in itself (the switch shows them untranslated, as language menus do). */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '中文', en: 'English' };

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Remembers the choice for a year in a cookie the server can read. */
function saveLanguage(language: Language) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** `<html lang>` follows the language (screen readers pronounce by it). */
function tagDocument(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The catalogue loader: one chunk per language and namespace (language.ts). */
const catalogues = resourcesToBackend(loadCatalogue);

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
      // Loading starts in the next task (i18next's default, said here because it matters): by then the
      // first script has asked for the first page's catalogues in one bundle (app/first-load.ts), which
      // the backend's loadCatalogue then answers from.
      initAsync: true,
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
