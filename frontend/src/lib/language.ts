/**
 * The interface's language, chosen before anything else loads (docs/architecture.md#language): the
 * saved choice or the browser's. Kept apart from i18n.ts (and i18next) so that the first script the page
 * runs (app/first-load.ts) can name the catalogues to fetch while the app's code is still on its way.
 */
import { chooseLanguage, type Language } from '@seatkeeper/domain';

// The rule itself is shared with the server (libs/domain/src/language.ts: spa.ts writes <html lang> by it).
export {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  languageFromCookie,
  toLanguage,
  type Language,
} from '@seatkeeper/domain';

export { SHELL_NAMESPACES } from '../locales/namespaces';

/** The saved choice, else the browser's preferred languages in order, else zh-CN. */
export function detectLanguage(
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
  preferred: readonly string[] = typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): Language {
  return chooseLanguage(cookie, preferred);
}

/**
 * One catalogue (src/locales/<language>/<namespace>.json): its own chunk per language and namespace
 * (Vite splits the dynamic import), except the shell's and the first screens', which the build puts in
 * the app's chunk and in each screen's (vite.config.mts), so they load without a request of their own.
 * The first script and i18next's backend both load through here, so a catalogue fetched early is the
 * same module i18next asks for later, and arrives only once.
 */
export function loadCatalogue(language: string, namespace: string): Promise<unknown> {
  return import(`../locales/${language}/${namespace}.json`);
}
