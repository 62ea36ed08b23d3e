/**
 * The interface's language, chosen before anything else loads (docs/architecture.md#language): the
 * saved choice or the browser's. Kept apart from i18n.ts (and i18next) so that the first script the page
 * runs (app/first-load.ts) can name the catalogues to fetch while the app's code is still on its way.
 */
import { chooseLanguage, type Language } from '@seatkeeper/domain';
import { loadFirstCatalogues } from 'virtual:first-catalogues';

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

/** The first page's catalogues, asked for in one request (startFirstCatalogues). */
let first: { language: string; catalogues: Promise<Record<string, unknown>> } | undefined;

/**
 * Asks, in one request, for every catalogue the first page needs in the active language: the shell's
 * and the page's own (build/first-catalogues.ts). loadCatalogue answers those from it; should it fail,
 * each catalogue loads on its own. Called once, by the first script (app/first-load.ts).
 */
export function startFirstCatalogues(language: Language, path: string | undefined): void {
  const bundle = loadFirstCatalogues(language, path);
  if (bundle)
    first = {
      language,
      catalogues: bundle.then(
        (module) => module.default,
        () => ({}),
      ),
    };
}

/**
 * One catalogue (src/locales/<language>/<namespace>.json): from the first page's bundle when it holds it,
 * else its own chunk per language and namespace (Vite splits the dynamic import). The first script and
 * i18next's backend both load through here, so a catalogue asked for early is the one i18next gets later,
 * and arrives only once.
 */
export function loadCatalogue(language: string, namespace: string): Promise<unknown> {
  const own = () => import(`../locales/${language}/${namespace}.json`);
  if (first?.language !== language) return own();
  return first.catalogues.then((catalogues) =>
    Object.hasOwn(catalogues, namespace) ? catalogues[namespace] : own(),
  );
}
