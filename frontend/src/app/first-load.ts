import type { QueryClient } from '@tanstack/react-query';
import {
  detectLanguage,
  loadCatalogue,
  SHELL_NAMESPACES,
  startFirstCatalogues,
} from '../lib/language';
import { startFirstData } from './first-data';
import { pageNamespaces, pagePathFor, preload } from './pages';

/**
 * What the first page needs, asked for by the first script the browser runs (main.tsx), while the app's
 * own code is still downloading: the page's code and styles, and the active language's catalogues of the
 * shell and of the page (in one bundle: lib/language.ts `startFirstCatalogues`). Without it these wait
 * for the app's code to arrive and run, then for the page's code to name its catalogues: three round
 * trips in a row before anything is painted (Lighthouse FCP).
 * Errors are left to the router, which loads the same modules again and shows its error screen.
 * The page's first API calls start here too (first-data.ts).
 */
export function startFirstLoad(pathname: string, client: QueryClient): void {
  const language = detectLanguage();
  const path = pagePathFor(pathname);
  startFirstCatalogues(language, path);
  const namespaces = [...SHELL_NAMESPACES, ...(path ? pageNamespaces[path] : [])];
  for (const namespace of new Set(namespaces))
    loadCatalogue(language, namespace).catch(() => undefined);
  if (path) preload[path]().catch(() => undefined);
  startFirstData(client, path, pathname, language);
}
